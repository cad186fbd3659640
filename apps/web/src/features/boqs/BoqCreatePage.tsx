import { Button, Group, Paper, Select, Table, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { createBoqBody } from '@ushirika/contracts';
import { dec, sum, toMoney } from '@ushirika/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormLayout } from '../../components/FormLayout.tsx';
import { LineInputCell } from '../../components/LineInputCell.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RemoveLineButton } from '../../components/RemoveLineButton.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { useForm } from '../../lib/form.ts';
import { formatMoney } from '../../lib/format.ts';
import type { EditableLines } from '../../lib/use-lines.ts';
import { seasonCrops } from '../seasons/hooks.ts';
import { boqs } from './hooks.ts';

type Item = { item: string; unit: string; quantityPerAcre: string; unitPrice: string };
const blank: Item = { item: '', unit: 'kg', quantityPerAcre: '', unitPrice: '' };
const cost = (i: Item) => {
  try {
    return toMoney(dec(i.quantityPerAcre).times(dec(i.unitPrice)));
  } catch {
    return '0.00';
  }
};

export default function BoqCreateRoute() {
  return (
    <RequirePermission permission="settings.collection.update" unionOnly>
      <BoqCreatePage />
    </RequirePermission>
  );
}

function BoqCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const options = seasonCrops.useOptions();
  const form = useForm({
    name: '',
    seasonCropId: null as string | null,
    notes: '',
    items: [{ ...blank }] as Item[],
  });
  const items = form.values.items;
  const setItem = (index: number, change: Partial<Item>) =>
    form.setValue(
      'items',
      items.map((it, i) => (i === index ? { ...it, ...change } : it)),
    );
  const save = boqs.useSave({
    onSaved: (saved) => navigate(`/settings/collection/boqs/${saved.id}/details`),
    onError: form.showApiError,
  });
  const submit = form.onSubmit(() => {
    const body = form.validate(createBoqBody);
    if (body) save.create(body);
  });
  return (
    <>
      <PageHeader
        title={t('boqsMd.create')}
        breadcrumbs={[
          { label: t('boqsMd.title'), to: '/settings/collection/boqs/list' },
          { label: t('boqsMd.create') },
        ]}
      />
      <Paper withBorder p="lg" radius="md">
        <FormLayout
          onSubmit={submit}
          error={form.formError ?? form.errors.items}
          submitLabel={t('common.save')}
          submitting={save.isPending}
          testId="boq-form"
        >
          <Group grow>
            <TextInput label={t('fields.name')} required {...form.text('name')} />
            <Select
              label={t('deductionsMd.seasonCrop')}
              required
              data={(options.data ?? []).map((s) => ({
                value: s.id,
                label: `${s.seasonName} · ${s.cropName}`,
              }))}
              {...form.control('seasonCropId')}
            />
          </Group>
          <TextInput label={t('fields.notes')} {...form.text('notes')} />
          <BoqItemsTable
            lines={items}
            onChange={setItem}
            onRemove={(index) =>
              form.setValue(
                'items',
                items.filter((_, j) => j !== index),
              )
            }
          />
          <Group justify="space-between">
            <Button
              variant="subtle"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => form.setValue('items', [...items, { ...blank }])}
            >
              {t('boqsMd.addItem')}
            </Button>
            <strong>
              {t('boqsMd.costPerAcre')}: {formatMoney(sum(items.map(cost)).toFixed(2))}
            </strong>
          </Group>
        </FormLayout>
      </Paper>
    </>
  );
}

/** A BOQ's items per acre: item, unit, quantity, unit price, and what each costs per acre. */
function BoqItemsTable({ lines: items, onChange, onRemove }: EditableLines<Item>) {
  const { t } = useTranslation();
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('boqsMd.item')}</Table.Th>
          <Table.Th>{t('boqsMd.unit')}</Table.Th>
          <Table.Th>{t('boqsMd.quantity')}</Table.Th>
          <Table.Th>{t('boqsMd.unitPrice')}</Table.Th>
          <Table.Th>{t('boqsMd.costPerAcre')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((it, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place by position
          <Table.Tr key={i}>
            <LineInputCell
              label={t('boqsMd.item')}
              value={it.item}
              onChange={(item) => onChange(i, { item })}
            />
            <LineInputCell
              label={t('boqsMd.unit')}
              w={80}
              value={it.unit}
              onChange={(unit) => onChange(i, { unit })}
            />
            <LineInputCell
              label={t('boqsMd.quantity')}
              w={100}
              value={it.quantityPerAcre}
              onChange={(quantityPerAcre) => onChange(i, { quantityPerAcre })}
            />
            <LineInputCell
              label={t('boqsMd.unitPrice')}
              w={120}
              value={it.unitPrice}
              onChange={(unitPrice) => onChange(i, { unitPrice })}
            />
            <Table.Td>{formatMoney(cost(it))}</Table.Td>
            <Table.Td>
              <RemoveLineButton label={t('deductionsMd.delete')} onClick={() => onRemove(i)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
