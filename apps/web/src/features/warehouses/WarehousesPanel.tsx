import { TextInput } from '@mantine/core';
import { createWarehouseBody } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal.tsx';
import { ResourceList } from '../../components/ResourceList.tsx';
import { useForm } from '../../lib/form.ts';
import { toastSuccess } from '../../lib/notify.ts';
import { warehouses } from './hooks.ts';

/** Auction warehouses: a tab of the transporter settings screen (docs/DECISIONS.md). */
export function WarehousesPanel() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <ResourceList
        label={t('warehousesMd.title')}
        resource={warehouses}
        prefix="w_"
        testId="warehouses-table"
        emptyTitle={t('warehousesMd.empty')}
        onCreate={() => setCreating(true)}
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
            render: (w) => (w.capacityKg ? `${Number(w.capacityKg).toLocaleString()} kg` : '—'),
          },
        ]}
      />
      {creating && <WarehouseForm onClose={() => setCreating(false)} />}
    </>
  );
}

function WarehouseForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = warehouses.useCreate();
  const form = useForm({ name: '', operator: '', licenceNo: '', location: '', capacityKg: '' });
  const submit = form.onSubmit(() => {
    const body = form.validate(createWarehouseBody, {
      ...form.values,
      capacityKg: form.values.capacityKg || null,
    });
    if (body)
      create.mutate(body as never, {
        onSuccess: (r) => {
          toastSuccess(r.message);
          onClose();
        },
        onError: form.showApiError,
      });
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('warehousesMd.create')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={create.isPending}
      testId="warehouse-form"
    >
      <TextInput data-autofocus label={t('fields.name')} required {...form.text('name')} />
      <TextInput label={t('warehousesMd.operator')} required {...form.text('operator')} />
      <TextInput label={t('warehousesMd.licence')} required {...form.text('licenceNo')} />
      <TextInput label={t('warehousesMd.location')} {...form.text('location')} />
      <TextInput label={t('warehousesMd.capacity')} {...form.text('capacityKg')} />
    </FormModal>
  );
}
