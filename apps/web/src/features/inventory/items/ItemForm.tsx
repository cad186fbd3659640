import { Autocomplete, NumberInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import { type Item, type ItemKind, itemBody } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { ActiveSwitch } from '../../../components/ActiveSwitch.tsx';
import { RecordFormModal } from '../../../components/RecordFormModal.tsx';
import type { RecordFormProps } from '../../../components/ResourceListPage.tsx';
import { useForm } from '../../../lib/form.ts';
import { KNOWN_UNITS } from '../../../lib/units.ts';
import { items, useItemOptions } from './hooks.ts';

/** Create or edit a stock item or a service (the kind comes from the screen). */
export function ItemForm({ record, onClose, kind }: RecordFormProps<Item> & { kind: ItemKind }) {
  const { t } = useTranslation();
  const options = useItemOptions();
  const form = useForm({
    code: record?.code ?? '',
    name: record?.name ?? '',
    nameSw: record?.nameSw ?? '',
    unit: record?.unit ?? (kind === 'service' ? 'service' : 'bag'),
    categoryId: record?.categoryId ?? (null as string | null),
    reorderLevel: record?.reorderLevel ?? '0',
    tracksBatch: record?.tracksBatch ?? false,
    inventoryAccountId: record?.inventoryAccountId ?? (null as string | null),
    expenseAccountId: record?.expenseAccountId ?? (null as string | null),
    description: record?.description ?? '',
    active: record?.active ?? true,
  });
  const save = items.useSave({ id: record?.id, onSaved: onClose, onError: form.showApiError });
  const accounts = (options.data?.accounts ?? []).map((a) => ({
    value: a.id,
    label: `${a.code} · ${a.name}`,
  }));
  const title = kind === 'service' ? 'inventoryMd.service' : 'inventoryMd.item';
  return (
    <RecordFormModal
      title={t(record ? 'inventoryMd.editOf' : 'inventoryMd.newOf', { what: t(title) })}
      form={form}
      save={save}
      body={() => form.validate(itemBody, { ...form.values, kind })}
      onClose={onClose}
      testId="item-form"
    >
      <TextInput data-autofocus label={t('inventoryMd.code')} required {...form.text('code')} />
      <TextInput label={t('fields.name')} required {...form.text('name')} />
      <TextInput
        label={t('fields.nameSw')}
        description={t('inventoryMd.nameSwHint')}
        {...form.text('nameSw')}
      />
      <Autocomplete
        label={t('inventoryMd.unit')}
        description={t('inventoryMd.unitHint')}
        required
        data={[...KNOWN_UNITS]}
        value={form.values.unit}
        onChange={(value) => form.setValue('unit', value)}
        error={form.errors.unit}
      />
      <Select
        label={t('inventoryMd.category')}
        clearable
        data={(options.data?.categories ?? []).map((c) => ({ value: c.id, label: c.name }))}
        {...form.control('categoryId')}
      />
      {kind === 'stock' && (
        <>
          <NumberInput
            label={t('inventoryMd.reorderLevel')}
            min={0}
            decimalScale={3}
            value={form.values.reorderLevel}
            onChange={(v) => form.setValue('reorderLevel', String(v === '' ? '0' : v))}
            error={form.errors.reorderLevel}
          />
          <Switch
            label={t('inventoryMd.tracksBatch')}
            checked={form.values.tracksBatch}
            onChange={(e) => form.setValue('tracksBatch', e.currentTarget.checked)}
          />
          <Select
            label={t('inventoryMd.inventoryAccount')}
            clearable
            searchable
            data={accounts}
            {...form.control('inventoryAccountId')}
          />
        </>
      )}
      <Select
        label={t('inventoryMd.expenseAccount')}
        clearable
        searchable
        data={accounts}
        {...form.control('expenseAccountId')}
      />
      <Textarea label={t('inventoryMd.description')} autosize minRows={2} {...form.text('description')} />
      {record && <ActiveSwitch form={form} />}
    </RecordFormModal>
  );
}
