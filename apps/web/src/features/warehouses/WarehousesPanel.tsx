import { TextInput } from '@mantine/core';
import { createWarehouseBody, type Warehouse } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { ActiveSwitch } from '../../components/ActiveSwitch.tsx';
import { RecordFormModal } from '../../components/RecordFormModal.tsx';
import { type RecordFormProps, ResourceListPage } from '../../components/ResourceListPage.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { useForm } from '../../lib/form.ts';
import { formatKg } from '../../lib/format.ts';
import { warehouses } from './hooks.ts';

/** Auction warehouses: a tab of the transporter settings screen (docs/DECISIONS.md). */
export function WarehousesPanel() {
  const { t } = useTranslation();
  return (
    <ResourceListPage
      label={t('warehousesMd.title')}
      resource={warehouses}
      prefix="w_"
      testId="warehouses-table"
      emptyTitle={t('warehousesMd.empty')}
      form={WarehouseForm}
      editable
      createLabel={t('warehousesMd.create')}
      columns={[
        { key: 'name', header: t('fields.name'), sortField: 'name', render: (w) => w.name },
        {
          key: 'operator',
          header: t('warehousesMd.operator'),
          sortField: 'operator',
          render: (w) => w.operator,
        },
        { key: 'licence', header: t('warehousesMd.licence'), render: (w) => w.licenceNo },
        { key: 'location', header: t('warehousesMd.location'), render: (w) => w.location ?? '—' },
        {
          key: 'capacity',
          header: t('warehousesMd.capacity'),
          align: 'right',
          sortField: 'capacity',
          render: (w) => (w.capacityKg ? formatKg(w.capacityKg) : '—'),
        },
        {
          key: 'status',
          header: t('fields.status'),
          render: (w) => <StatusBadge status={w.active ? 'active' : 'inactive'} />,
        },
      ]}
    />
  );
}

function WarehouseForm({ record, onClose }: RecordFormProps<Warehouse>) {
  const { t } = useTranslation();
  const form = useForm({
    name: record?.name ?? '',
    operator: record?.operator ?? '',
    licenceNo: record?.licenceNo ?? '',
    location: record?.location ?? '',
    capacityKg: record?.capacityKg ?? '',
    active: record?.active ?? true,
  });
  const save = warehouses.useSave({ id: record?.id, onSaved: onClose, onError: form.showApiError });
  return (
    <RecordFormModal
      title={record ? t('warehousesMd.edit') : t('warehousesMd.create')}
      form={form}
      save={{
        submit: (body) => (record ? save.update({ ...body, active: form.values.active }) : save.create(body)),
        isPending: save.isPending,
      }}
      body={() => {
        const { active: _active, ...values } = form.values;
        return form.validate(createWarehouseBody, { ...values, capacityKg: values.capacityKg || null });
      }}
      onClose={onClose}
      testId="warehouse-form"
    >
      <TextInput data-autofocus label={t('fields.name')} required {...form.text('name')} />
      <TextInput label={t('warehousesMd.operator')} required {...form.text('operator')} />
      <TextInput label={t('warehousesMd.licence')} required {...form.text('licenceNo')} />
      <TextInput label={t('warehousesMd.location')} {...form.text('location')} />
      <TextInput label={t('warehousesMd.capacity')} {...form.text('capacityKg')} />
      {record && <ActiveSwitch form={form} />}
    </RecordFormModal>
  );
}
