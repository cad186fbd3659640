import { Anchor, TextInput } from '@mantine/core';
import { type Buyer, createBuyerBody, updateBuyerBody } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '../../../components/DateField.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { StatusFilter } from '../../../components/StatusFilter.tsx';
import { StatusSelect } from '../../../components/StatusSelect.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDate, moneyOrDash } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { buyers } from '../hooks.ts';

export default function BuyersRoute() {
  return (
    <RequirePermission permission="sales.invoice.read" unionOnly>
      <BuyersPage />
    </RequirePermission>
  );
}

function BuyersPage() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const canWrite = useCanWriteBuyers();
  return (
    <>
      <PageHeader
        title={t('salesMd.buyers')}
        breadcrumbs={[{ label: t('salesMd.sales') }, { label: t('salesMd.buyers') }]}
      />
      <ResourceList
        label={t('salesMd.buyers')}
        resource={buyers}
        testId="buyers-table"
        emptyTitle={t('salesMd.noBuyers')}
        filterNames={['status']}
        filters={(list) => <StatusFilter list={list} statuses={['active', 'suspended']} width={150} />}
        {...(canWrite ? { onCreate: () => setCreating(true), createLabel: t('salesMd.createBuyer') } : {})}
        columns={[
          {
            key: 'name',
            header: t('fields.name'),
            sortField: 'name',
            render: (b) => (
              <Anchor component={Link} to={`/collections/sales/buyers/${b.id}/details`}>
                {b.name}
              </Anchor>
            ),
          },
          { key: 'bidCode', header: t('salesMd.bidCode'), sortField: 'bidCode', render: (b) => b.bidCode },
          { key: 'licenceNo', header: t('salesMd.licenceNo'), render: (b) => b.licenceNo },
          {
            key: 'licence',
            header: t('salesMd.licenceExpiresOn'),
            sortField: 'licenceExpiresOn',
            render: (b) => formatDate(b.licenceExpiresOn) || '—',
          },
          {
            key: 'balance',
            header: t('salesMd.balance'),
            align: 'right',
            render: (b) => moneyOrDash(b.balance),
          },
          {
            key: 'credit',
            header: t('salesMd.credit'),
            align: 'right',
            render: (b) => moneyOrDash(b.credit),
          },
          { key: 'status', header: t('fields.status'), render: (b) => <StatusBadge status={b.status} /> },
        ]}
      />
      {creating && <BuyerForm onClose={() => setCreating(false)} />}
    </>
  );
}

export const useCanWriteBuyers = () => useCan('sales.auction.update', 'union');

/** Create or edit a buyer: licence, bid code, bid security. */
export function BuyerForm({ buyer, onClose }: { buyer?: Buyer; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm({
    name: buyer?.name ?? '',
    tin: buyer?.tin ?? '',
    licenceNo: buyer?.licenceNo ?? '',
    licenceExpiresOn: buyer?.licenceExpiresOn ?? '',
    bidCode: buyer?.bidCode ?? '',
    contactPerson: buyer?.contactPerson ?? '',
    phone: buyer?.phone ?? '',
    email: buyer?.email ?? '',
    address: buyer?.address ?? '',
    bidSecurity: buyer?.bidSecurity ?? '0',
    status: (buyer?.status ?? 'active') as string | null,
  });
  const save = buyers.useSave({ id: buyer?.id, onSaved: onClose, onError: form.showApiError });
  const submit = form.onSubmit(() => {
    const { status, ...rest } = form.values;
    const input = { ...rest, licenceExpiresOn: rest.licenceExpiresOn || null };
    if (buyer) {
      const body = form.validate(updateBuyerBody, { ...input, status });
      if (body) save.update(body);
    } else {
      const body = form.validate(createBuyerBody, input);
      if (body) save.create(body);
    }
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={buyer ? t('salesMd.editBuyer') : t('salesMd.createBuyer')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={save.isPending}
      testId="buyer-form"
    >
      <TextInput data-autofocus label={t('fields.name')} required {...form.text('name')} />
      <TextInput label={t('salesMd.licenceNo')} required {...form.text('licenceNo')} />
      <DateField label={t('salesMd.licenceExpiresOn')} {...form.text('licenceExpiresOn')} />
      <TextInput label={t('salesMd.bidCode')} required {...form.text('bidCode')} />
      <TextInput label={t('salesMd.bidSecurity')} {...form.text('bidSecurity')} />
      <TextInput label={t('salesMd.tin')} {...form.text('tin')} />
      <TextInput label={t('salesMd.contactPerson')} {...form.text('contactPerson')} />
      <TextInput label={t('fields.phone')} {...form.text('phone')} />
      <TextInput label={t('fields.email')} {...form.text('email')} />
      <TextInput label={t('salesMd.address')} {...form.text('address')} />
      {buyer && <StatusSelect statuses={['active', 'suspended']} {...form.control('status')} />}
    </FormModal>
  );
}
