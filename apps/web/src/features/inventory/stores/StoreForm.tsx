import { SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { type Store, storeBody } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { RecordFormModal } from '../../../components/RecordFormModal.tsx';
import type { RecordFormProps } from '../../../components/ResourceListPage.tsx';
import { useForm } from '../../../lib/form.ts';
import { useAmcosOptions } from '../../amcos/hooks.ts';
import { stores } from './hooks.ts';

/** Create or edit a union store or an AMCOS store. */
export function StoreForm({ record, onClose }: RecordFormProps<Store>) {
  const { t } = useTranslation();
  const societies = useAmcosOptions(true);
  const form = useForm({
    code: record?.code ?? '',
    name: record?.name ?? '',
    kind: record?.kind ?? ('union' as 'union' | 'amcos'),
    amcosId: record?.amcosId ?? (null as string | null),
    location: record?.location ?? '',
    keeperName: record?.keeperName ?? '',
    keeperPhone: record?.keeperPhone ?? '',
    active: record?.active ?? true,
  });
  const save = stores.useSave({ id: record?.id, onSaved: onClose, onError: form.showApiError });
  return (
    <RecordFormModal
      title={t(record ? 'inventoryMd.editOf' : 'inventoryMd.newOf', { what: t('inventoryMd.store') })}
      form={form}
      save={save}
      body={() => {
        const values = { ...form.values, amcosId: form.values.kind === 'amcos' ? form.values.amcosId : null };
        return form.validate(storeBody, values);
      }}
      onClose={onClose}
      testId="store-form"
    >
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('inventoryMd.storeKind')}
        </Text>
        <SegmentedControl
          value={form.values.kind}
          onChange={(v) => form.setValue('kind', v as 'union' | 'amcos')}
          data={[
            { value: 'union', label: t('inventoryMd.kind.union') },
            { value: 'amcos', label: t('inventoryMd.kind.amcos') },
          ]}
        />
      </Stack>
      {form.values.kind === 'amcos' && (
        <Select
          label={t('fields.amcos')}
          required
          searchable
          data={(societies.data ?? []).map((a) => ({ value: a.id, label: `${a.code} · ${a.name}` }))}
          {...form.control('amcosId')}
        />
      )}
      <TextInput data-autofocus label={t('inventoryMd.code')} required {...form.text('code')} />
      <TextInput label={t('fields.name')} required {...form.text('name')} />
      <TextInput label={t('inventoryMd.location')} {...form.text('location')} />
      <TextInput label={t('inventoryMd.keeper')} {...form.text('keeperName')} />
      <TextInput label={t('fields.phone')} {...form.text('keeperPhone')} />
      {record && (
        <Switch
          label={t('inventoryMd.open')}
          description={t('inventoryMd.closedNote')}
          checked={form.values.active}
          onChange={(e) => form.setValue('active', e.currentTarget.checked)}
        />
      )}
    </RecordFormModal>
  );
}
