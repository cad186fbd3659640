import { Anchor, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { type AmcosDetail, createAmcosBody } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormModal } from '../../components/FormModal.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { type RecordFormProps, ResourceListPage } from '../../components/ResourceListPage.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { StatusFilter } from '../../components/StatusFilter.tsx';
import { StatusSelect } from '../../components/StatusSelect.tsx';
import { useForm } from '../../lib/form.ts';
import { useCan } from '../../lib/use-can.ts';
import { BankAccountFields } from '../cooperative/BankAccountFields.tsx';
import { councils } from '../cooperative/hooks.ts';
import { societies } from './hooks.ts';

/** /amcos/list and /collection/setting/Amcos: every society (an AMCOS user sees their own). */
export default function AmcosListRoute() {
  return (
    <RequirePermission permission="amcos.society.read">
      <AmcosListPage />
    </RequirePermission>
  );
}

function AmcosListPage() {
  const { t } = useTranslation();
  const canCreate = useCan('amcos.society.create', 'union');
  return (
    <ResourceListPage
      header={{
        title: t('amcosMd.title'),
        description: t('amcosMd.description'),
        breadcrumbs: [{ label: t('menu.amcos') }],
      }}
      label={t('amcosMd.title')}
      resource={societies}
      testId="amcos-table"
      emptyTitle={t('amcosMd.empty')}
      filterNames={['status']}
      filters={(list) => <StatusFilter list={list} statuses={['active', 'suspended']} width={150} />}
      createLabel={t('amcosMd.create')}
      {...(canCreate ? { form: AmcosForm } : {})}
      columns={[
        { key: 'code', header: t('fields.code'), render: (a) => a.code, sortField: 'code' },
        {
          key: 'name',
          header: t('fields.name'),
          sortField: 'name',
          render: (a) => (
            <Anchor component={Link} to={`/amcos/${a.id}`}>
              {a.name}
            </Anchor>
          ),
        },
        {
          key: 'council',
          header: t('fields.council'),
          render: (a) => a.councilName ?? '—',
          sortField: 'council',
        },
        { key: 'manager', header: t('amcosMd.manager'), render: (a) => a.manager ?? '—' },
        {
          key: 'farmers',
          header: t('amcosMd.farmers'),
          render: (a) => a.farmerCount.toLocaleString(),
          align: 'right',
        },
        { key: 'status', header: t('fields.status'), render: (a) => <StatusBadge status={a.status} /> },
      ]}
    />
  );
}

const AmcosForm = ({ record, onClose }: RecordFormProps<AmcosDetail>) => (
  <AmcosFormModal society={record} onClose={onClose} />
);

type Values = {
  code: string;
  name: string;
  registrationNo: string;
  councilId: string | null;
  ward: string;
  village: string;
  phone: string;
  email: string;
  manager: string;
  bankId: string | null;
  accountNo: string;
  lat: number | string;
  lng: number | string;
  status: string | null;
};

export function AmcosFormModal({ society, onClose }: { society: AmcosDetail | null; onClose: () => void }) {
  const { t } = useTranslation();
  const councilOptions = councils.useOptions();
  const form = useForm<Values>({
    code: society?.code ?? '',
    name: society?.name ?? '',
    registrationNo: society?.registrationNo ?? '',
    councilId: society?.councilId ?? null,
    ward: society?.ward ?? '',
    village: society?.village ?? '',
    phone: society?.phone ?? '',
    email: society?.email ?? '',
    manager: society?.manager ?? '',
    bankId: society?.bankId ?? null,
    accountNo: society?.accountNo ?? '',
    lat: society?.location?.lat ?? '',
    lng: society?.location?.lng ?? '',
    status: society?.status ?? 'active',
  });
  const save = societies.useSave({ id: society?.id, onSaved: onClose, onError: form.showApiError });
  const submit = form.onSubmit(() => {
    const { lat, lng, status, ...rest } = form.values;
    const location = lat === '' || lng === '' ? null : { lat: Number(lat), lng: Number(lng) };
    const body = form.validate(createAmcosBody, { ...rest, location });
    if (!body) return;
    if (society) {
      const { code: _code, ...changes } = body;
      save.update({ ...changes, status: status === 'suspended' ? 'suspended' : 'active' });
    } else save.create(body);
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={society ? t('amcosMd.edit') : t('amcosMd.create')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={save.isPending}
      testId="amcos-form"
      size="xl"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          data-autofocus
          label={t('fields.code')}
          required
          disabled={Boolean(society)}
          {...form.text('code')}
        />
        <TextInput label={t('fields.name')} required {...form.text('name')} />
        <TextInput label={t('union.registrationNo')} {...form.text('registrationNo')} />
        <Select
          label={t('fields.council')}
          searchable
          clearable
          data={(councilOptions.data ?? []).map((c) => ({
            value: c.id,
            label: `${c.name} (${c.regionName})`,
          }))}
          {...form.control('councilId')}
        />
        <TextInput label={t('fields.ward')} {...form.text('ward')} />
        <TextInput label={t('fields.village')} {...form.text('village')} />
        <TextInput label={t('fields.phone')} {...form.text('phone')} />
        <TextInput label={t('fields.email')} {...form.text('email')} />
        <TextInput label={t('amcosMd.manager')} {...form.text('manager')} />
        <BankAccountFields bank={form.control('bankId')} accountNo={form.text('accountNo')} />
        {society ? <StatusSelect statuses={['active', 'suspended']} {...form.control('status')} /> : <div />}
        <NumberInput
          label={t('fields.latitude')}
          decimalScale={6}
          {...form.control('lat')}
          error={form.errors.lat}
        />
        <NumberInput
          label={t('fields.longitude')}
          decimalScale={6}
          {...form.control('lng')}
          error={form.errors.lng}
        />
      </SimpleGrid>
    </FormModal>
  );
}
