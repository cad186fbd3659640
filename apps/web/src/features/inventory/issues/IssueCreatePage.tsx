import { Group, Paper, Select, TextInput } from '@mantine/core';
import { createStockIssueBody } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { DateField } from '../../../components/DateField.tsx';
import { FormLayout } from '../../../components/FormLayout.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { useForm } from '../../../lib/form.ts';
import { todayIso } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useAmcosOptions } from '../../amcos/hooks.ts';
import { useStoreStock } from '../stores/hooks.ts';
import { blankLine, linesBody, type StockLine, StockLines } from '../stores/StockLines.tsx';
import { StoreSelect } from '../stores/StoreSelect.tsx';
import { useCreateIssue } from './hooks.ts';

const PURPOSES = ['union_use', 'amcos', 'other'] as const;

/** /inventory/issues/create: stock out of a store for a purpose, valued at its average cost. */
export default withPermission(IssueCreatePage, 'inventory.store.update');

function IssueCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const isUnion = !user?.amcosId;
  const societies = useAmcosOptions(isUnion);
  const form = useForm({
    storeId: null as string | null,
    purpose: (isUnion ? 'union_use' : 'amcos') as (typeof PURPOSES)[number],
    toAmcosId: (user?.amcosId ?? null) as string | null,
    issuedTo: '',
    issuedOn: todayIso(),
    remarks: '',
    lines: [{ ...blankLine }] as StockLine[],
  });
  const stock = useStoreStock(form.values.storeId);
  const save = useCreateIssue((i) => navigate(`/inventory/issues/${i.id}/details`), form.showApiError);
  const submit = form.onSubmit(() => {
    const values = form.values;
    const body = form.validate(createStockIssueBody, {
      ...values,
      toAmcosId: values.purpose === 'amcos' ? values.toAmcosId : null,
      lines: linesBody(values.lines, 'issue'),
    });
    if (!body) return;
    // Posted at once and never edited: the user confirms first.
    confirmAction({
      title: t('inventoryMd.confirmIssueTitle'),
      message: t('inventoryMd.confirmIssue'),
      confirmLabel: t('inventoryMd.issue'),
      danger: false,
      onConfirm: () => save.mutate(body),
    });
  });
  return (
    <>
      <PageHeader title={t('screens.issue_create')} description={t('inventoryMd.issueNote')} />
      <Paper withBorder p="lg" radius="md">
        <FormLayout
          onSubmit={submit}
          error={form.formError}
          submitLabel={t('inventoryMd.issue')}
          submitting={save.isPending}
          testId="issue-form"
        >
          <Group grow align="flex-start">
            <StoreSelect
              label={t('inventoryMd.fromStore')}
              value={form.values.storeId}
              onChange={(v) => form.setValue('storeId', v)}
              error={form.errors.storeId}
              testId="issue-store"
            />
            <DateField label={t('inventoryMd.issuedOn')} required {...form.text('issuedOn')} />
          </Group>
          <Group grow align="flex-start">
            <Select
              label={t('inventoryMd.purpose')}
              required
              data={PURPOSES.filter((p) => isUnion || p !== 'union_use').map((p) => ({
                value: p,
                label: t(`inventoryMd.purposes.${p}`),
              }))}
              value={form.values.purpose}
              onChange={(v) => v && form.setValue('purpose', v as (typeof PURPOSES)[number])}
            />
            {form.values.purpose === 'amcos' && isUnion && (
              <Select
                label={t('fields.amcos')}
                required
                searchable
                data={(societies.data ?? []).map((a) => ({ value: a.id, label: `${a.code} · ${a.name}` }))}
                {...form.control('toAmcosId')}
              />
            )}
            <TextInput
              label={t('inventoryMd.receivedBy')}
              required
              {...form.text('issuedTo')}
              data-testid="issue-to"
            />
          </Group>
          <StockLines
            mode="issue"
            stock={stock.data}
            lines={form.values.lines}
            onChange={(lines) => form.setValue('lines', lines)}
            error={form.errors.lines}
          />
          <TextInput label={t('fields.notes')} {...form.text('remarks')} />
        </FormLayout>
      </Paper>
    </>
  );
}
