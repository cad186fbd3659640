import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { createDeductionRuleBody, type DeductionPreview } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateField } from '../../components/DateField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordFormModal } from '../../components/RecordFormModal.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { useForm } from '../../lib/form.ts';
import { formatMoney } from '../../lib/format.ts';
import { toastSuccess } from '../../lib/notify.ts';
import { seasonCrops } from '../seasons/hooks.ts';
import { beneficiaries, useCreateRule, useDeductionRules, useDeleteRule, usePreview } from './hooks.ts';

export default function DeductionsRoute() {
  return (
    <RequirePermission permission="settings.collection.read" unionOnly>
      <DeductionsPage />
    </RequirePermission>
  );
}

/** A season crop's deduction rules, and the split of a sample sale by them. */
function DeductionsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const seasonCropId = params.get('season_crop');
  const options = seasonCrops.useOptions();
  const rules = useDeductionRules(seasonCropId);
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title={t('deductionsMd.title')}
        description={t('deductionsMd.description')}
        breadcrumbs={[{ label: t('menu.settings') }, { label: t('deductionsMd.title') }]}
      />
      <Group mb="md" align="flex-end">
        <Select
          label={t('deductionsMd.seasonCrop')}
          w={320}
          data-testid="season-crop-select"
          data={(options.data ?? []).map((s) => ({ value: s.id, label: `${s.seasonName} · ${s.cropName}` }))}
          value={seasonCropId}
          onChange={(v) => setParams(v ? { season_crop: v } : {}, { replace: true })}
        />
        {seasonCropId && (
          <Button onClick={() => setCreating(true)} data-testid="rule-create">
            {t('deductionsMd.create')}
          </Button>
        )}
      </Group>
      {seasonCropId && (
        <Grid>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Paper withBorder radius="md" p="md">
              <Table data-testid="rules-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>#</Table.Th>
                    <Table.Th>{t('fields.name')}</Table.Th>
                    <Table.Th>{t('deductionsMd.payer')}</Table.Th>
                    <Table.Th>{t('deductionsMd.basis')}</Table.Th>
                    <Table.Th>{t('deductionsMd.rate')}</Table.Th>
                    <Table.Th>{t('deductionsMd.receives')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(rules.data ?? []).map((r) => (
                    <RuleRow key={r.id} seasonCropId={seasonCropId} rule={r} />
                  ))}
                </Table.Tbody>
              </Table>
              {rules.data?.length === 0 && (
                <Text c="dimmed" size="sm">
                  {t('deductionsMd.empty')}
                </Text>
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <SplitPreview seasonCropId={seasonCropId} />
          </Grid.Col>
        </Grid>
      )}
      {creating && seasonCropId && (
        <RuleForm seasonCropId={seasonCropId} onClose={() => setCreating(false)} />
      )}
    </>
  );
}

function RuleRow({
  seasonCropId,
  rule,
}: {
  seasonCropId: string;
  rule: NonNullable<ReturnType<typeof useDeductionRules>['data']>[number];
}) {
  const { t } = useTranslation();
  const remove = useDeleteRule(seasonCropId);
  const shares = rule.kind === 'member_shares';
  // An AMCOS's union shares (#32): the AMCOS pays from its levy, to the union.
  const union = rule.kind === 'amcos_shares';
  return (
    <Table.Tr>
      <Table.Td>{rule.order}</Table.Td>
      <Table.Td>
        {rule.name}
        {rule.gradeName ? ` (${rule.gradeName})` : ''}
        {(shares || union) && (
          <Badge ml="xs" variant="light" color="grape" data-testid="rule-kind">
            {t(`deductionsMd.kinds.${rule.kind}`)}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        {union ? t('deductionsMd.recipients.amcos') : t(`deductionsMd.payers.${rule.payer}`)}
      </Table.Td>
      <Table.Td>
        {shares
          ? t('deductionsMd.afterLoans')
          : union
            ? t('deductionsMd.ofAmcosLevy')
            : t(`deductionsMd.bases.${rule.basis}`)}
      </Table.Td>
      <Table.Td>{rule.rate}</Table.Td>
      <Table.Td>
        {union
          ? t('deductionsMd.union')
          : (rule.beneficiaryName ?? t(`deductionsMd.recipients.${rule.recipient}`))}
      </Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('deductionsMd.delete')}
          onClick={() => remove.mutate(rule.id, { onSuccess: (r) => toastSuccess(r.message) })}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}

function SplitPreview({ seasonCropId }: { seasonCropId: string }) {
  const { t } = useTranslation();
  const preview = usePreview(seasonCropId);
  const [sale, setSale] = useState({ kg: '1000', pricePerKg: '2000', bags: 12 });
  const [result, setResult] = useState<DeductionPreview | null>(null);
  const run = () => preview.mutate(sale, { onSuccess: (r) => setResult(r.data) });
  const line = (label: string, amount: string, strong = false) => (
    <Group justify="space-between" key={label}>
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400}>
        {formatMoney(amount)}
      </Text>
    </Group>
  );
  return (
    <Paper withBorder radius="md" p="md" data-testid="split-preview">
      <Title order={2} size="h5" mb="sm">
        {t('deductionsMd.preview')}
      </Title>
      <SimpleGrid cols={3}>
        <TextInput
          label={t('deductionsMd.kg')}
          value={sale.kg}
          onChange={(e) => setSale({ ...sale, kg: e.currentTarget.value })}
        />
        <TextInput
          label={t('deductionsMd.price')}
          value={sale.pricePerKg}
          onChange={(e) => setSale({ ...sale, pricePerKg: e.currentTarget.value })}
        />
        <NumberInput
          label={t('deductionsMd.bags')}
          value={sale.bags}
          min={0}
          onChange={(v) => setSale({ ...sale, bags: Number(v) || 0 })}
        />
      </SimpleGrid>
      <Button mt="sm" onClick={run} loading={preview.isPending} data-testid="split-run">
        {t('deductionsMd.split')}
      </Button>
      {result && (
        <div data-testid="split-result">
          {line(t('deductionsMd.gross'), result.gross, true)}
          {result.farmerLines.map((l) => line(`− ${l.name}`, l.amount))}
          {line(t('deductionsMd.farmerNet'), result.farmerNet, true)}
          {result.buyerLines.map((l) => line(`+ ${l.name}`, l.amount))}
          {line(t('deductionsMd.buyerTotal'), result.buyerTotal, true)}
          <Alert mt="sm" color="teal">
            {t('deductionsMd.exact')}
          </Alert>
        </div>
      )}
    </Paper>
  );
}

/** The new rule's form: a levy by default. */
const useRuleForm = () =>
  useForm({
    name: '',
    kind: 'levy' as string | null,
    recipient: 'beneficiary' as string | null,
    beneficiaryId: null as string | null,
    payer: 'farmer' as string | null,
    basis: 'per_kg' as string | null,
    rate: '',
    minimum: '',
    maximum: '',
    validFrom: '',
    validTo: '',
    order: 1 as number | string,
  });
type RuleFormState = ReturnType<typeof useRuleForm>;

function RuleForm({ seasonCropId, onClose }: { seasonCropId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateRule(seasonCropId);
  const beneficiaryOptions = beneficiaries.useOptions();
  const form = useRuleForm();
  const choices = (prefix: string, values: string[]) =>
    values.map((v) => ({
      value: v,
      label: t(`deductionsMd.${prefix}.${v}` as 'deductionsMd.payers.farmer'),
    }));
  const v = form.values;
  // Member shares (#32): paid by the farmer to the AMCOS, a percent of what is left after loans.
  // AMCOS shares (#32): paid by the AMCOS from its levy to the union; stored in the same shape.
  const union = v.kind === 'amcos_shares';
  const shares = v.kind === 'member_shares' || union;
  const fixed = shares
    ? { payer: 'farmer', basis: 'percent_of_gross', recipient: 'amcos', beneficiaryId: null }
    : {};
  return (
    <RecordFormModal
      title={t('deductionsMd.create')}
      form={form}
      save={{
        submit: (body) => create.mutate(body as never, form.saved(onClose)),
        isPending: create.isPending,
      }}
      body={() =>
        form.validate(createDeductionRuleBody, {
          ...v,
          ...fixed,
          minimum: (!shares && v.minimum) || null,
          maximum: (!shares && v.maximum) || null,
          validFrom: v.validFrom || null,
          validTo: v.validTo || null,
          order: Number(v.order) || 0,
        })
      }
      onClose={onClose}
      testId="rule-form"
      size="xl"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput data-autofocus label={t('fields.name')} required {...form.text('name')} />
        <NumberInput label={t('deductionsMd.order')} min={0} {...form.control('order')} />
        <Select
          label={t('deductionsMd.kind')}
          required
          allowDeselect={false}
          data={choices('kinds', ['levy', 'member_shares', 'amcos_shares'])}
          description={
            union ? t('deductionsMd.amcosSharesHint') : shares ? t('deductionsMd.sharesHint') : undefined
          }
          data-testid="rule-kind-select"
          {...form.control('kind')}
        />
        {shares && (
          <TextInput
            label={union ? t('deductionsMd.amcosSharesRate') : t('deductionsMd.sharesRate')}
            required
            {...form.text('rate')}
          />
        )}
      </SimpleGrid>
      {!shares && <LevyFields form={form} choices={choices} beneficiaries={beneficiaryOptions.data ?? []} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
        <DateField label={t('deductionsMd.validFrom')} {...form.text('validFrom')} />
        <DateField
          label={t('deductionsMd.validTo')}
          min={form.values.validFrom || undefined}
          {...form.text('validTo')}
        />
      </SimpleGrid>
    </RecordFormModal>
  );
}

/** A levy's own fields: who pays, on what basis, how much, to whom, its limits. */
function LevyFields({
  form,
  choices,
  beneficiaries: options,
}: {
  form: RuleFormState;
  choices: (prefix: string, values: string[]) => { value: string; label: string }[];
  beneficiaries: { id: string; name: string }[];
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
      <Select
        label={t('deductionsMd.payer')}
        required
        allowDeselect={false}
        data={choices('payers', ['farmer', 'buyer'])}
        {...form.control('payer')}
      />
      <Select
        label={t('deductionsMd.basis')}
        required
        allowDeselect={false}
        data={choices('bases', ['per_kg', 'percent_of_gross', 'per_bag', 'fixed'])}
        {...form.control('basis')}
      />
      <TextInput label={t('deductionsMd.rate')} required {...form.text('rate')} />
      <Select
        label={t('deductionsMd.receives')}
        required
        allowDeselect={false}
        data={choices('recipients', ['beneficiary', 'amcos', 'transporter'])}
        {...form.control('recipient')}
      />
      {form.values.recipient === 'beneficiary' && (
        <Select
          label={t('beneficiariesMd.title')}
          data={options.map((b) => ({ value: b.id, label: b.name }))}
          {...form.control('beneficiaryId')}
        />
      )}
      <TextInput label={t('deductionsMd.minimum')} {...form.text('minimum')} />
      <TextInput label={t('deductionsMd.maximum')} {...form.text('maximum')} />
    </SimpleGrid>
  );
}
