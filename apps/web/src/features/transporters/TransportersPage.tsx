import { Select, Tabs, TextInput } from '@mantine/core';
import { createTransporterBody, type Transporter } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ActiveSwitch } from '../../components/ActiveSwitch.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordFormModal } from '../../components/RecordFormModal.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { type RecordFormProps, ResourceListPage } from '../../components/ResourceListPage.tsx';
import { useForm } from '../../lib/form.ts';
import { formatMoney } from '../../lib/format.ts';
import { WarehousesPanel } from '../warehouses/WarehousesPanel.tsx';
import { transporters } from './hooks.ts';

export default function TransportersRoute() {
  return (
    <RequirePermission permission="settings.collection.read" unionOnly>
      <TransportersPage />
    </RequirePermission>
  );
}

function TransportersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'warehouses' ? 'warehouses' : 'transporters';
  return (
    <>
      <PageHeader
        title={t('transportersMd.title')}
        breadcrumbs={[{ label: t('menu.settings') }, { label: t('transportersMd.title') }]}
      />
      <Tabs
        value={tab}
        onChange={(v) => setParams(v === 'warehouses' ? { tab: v } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="transporters">{t('transportersMd.tab')}</Tabs.Tab>
          <Tabs.Tab value="warehouses">{t('warehousesMd.title')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="transporters">
          <ResourceListPage
            label={t('transportersMd.tab')}
            resource={transporters}
            testId="transporters-table"
            emptyTitle={t('transportersMd.empty')}
            form={TransporterForm}
            editable
            createLabel={t('transportersMd.create')}
            columns={[
              { key: 'name', header: t('fields.name'), sortField: 'name', render: (x) => x.name },
              { key: 'phone', header: t('fields.phone'), render: (x) => x.phone ?? '—' },
              {
                key: 'rate',
                header: t('transportersMd.rate'),
                align: 'right',
                sortField: 'rate',
                render: (x) => `${formatMoney(x.rate)} ${t(`transportersMd.bases.${x.rateBasis}`)}`,
              },
              {
                key: 'vehicles',
                header: t('transportersMd.vehicles'),
                render: (x) => x.vehicles.map((v) => v.plateNo).join(', ') || '—',
              },
            ]}
          />
        </Tabs.Panel>
        <Tabs.Panel value="warehouses">
          <WarehousesPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function TransporterForm({ record, onClose }: RecordFormProps<Transporter>) {
  const { t } = useTranslation();
  const form = useForm({
    name: record?.name ?? '',
    tin: record?.tin ?? '',
    phone: record?.phone ?? '',
    rateBasis: (record?.rateBasis ?? 'per_kg') as string | null,
    rate: record?.rate ?? '',
    plates: record?.vehicles.map((v) => v.plateNo).join(', ') ?? '',
    active: record?.active ?? true,
  });
  const save = transporters.useSave({ id: record?.id, onSaved: onClose, onError: form.showApiError });
  return (
    <RecordFormModal
      title={record ? t('transportersMd.edit') : t('transportersMd.create')}
      form={form}
      save={{
        submit: (body) => (record ? save.update({ ...body, active: form.values.active }) : save.create(body)),
        isPending: save.isPending,
      }}
      body={() => {
        const { plates, active: _active, ...rest } = form.values;
        const vehicles = plates
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean)
          .map((plateNo) => ({ plateNo }));
        return form.validate(createTransporterBody, { ...rest, vehicles });
      }}
      onClose={onClose}
      testId="transporter-form"
    >
      <TextInput data-autofocus label={t('fields.name')} required {...form.text('name')} />
      <TextInput label={t('union.tin')} {...form.text('tin')} />
      <TextInput label={t('fields.phone')} {...form.text('phone')} />
      <Select
        label={t('transportersMd.basis')}
        required
        allowDeselect={false}
        data={['per_kg', 'per_trip'].map((v) => ({
          value: v,
          label: t(`transportersMd.bases.${v}` as 'transportersMd.bases.per_kg'),
        }))}
        {...form.control('rateBasis')}
      />
      <TextInput label={t('transportersMd.rate')} required {...form.text('rate')} />
      <TextInput
        label={t('transportersMd.plates')}
        placeholder="T 123 ABC, T 456 DEF"
        {...form.text('plates')}
      />
      {record && <ActiveSwitch form={form} />}
    </RecordFormModal>
  );
}
