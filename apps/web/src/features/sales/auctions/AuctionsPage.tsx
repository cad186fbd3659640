import { Anchor, Select, TextInput } from '@mantine/core';
import { AUCTION_PLATFORMS, createAuctionBody } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DateField } from '../../../components/DateField.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { StatusFilter } from '../../../components/StatusFilter.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDate, formatKg, formatMoney } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useCan } from '../../../lib/use-can.ts';
import { seasonCrops } from '../../seasons/hooks.ts';
import { AuctionStatus } from './AuctionStatus.tsx';
import { auctions } from './hooks.ts';

export default function AuctionsRoute() {
  return (
    <RequirePermission permission="sales.auction.read">
      <AuctionsPage />
    </RequirePermission>
  );
}

const detailsPath = (id: string) => `/collections/sales/auctions/${id}/details`;

function AuctionsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [creating, setCreating] = useState(false);
  const canCreate = useCan('sales.auction.update', 'union');
  return (
    <>
      <PageHeader
        title={t('auctionsMd.title')}
        description={t(user?.amcosId ? 'auctionsMd.descriptionAmcos' : 'auctionsMd.description')}
        breadcrumbs={[{ label: t('auctionsMd.sales') }, { label: t('auctionsMd.title') }]}
      />
      <ResourceList
        label={t('auctionsMd.title')}
        resource={auctions}
        testId="auctions-table"
        filterNames={['status']}
        filters={(list) => (
          <StatusFilter
            list={list}
            data={(['draft', 'catalogued', 'results', 'closed'] as const).map((s) => ({
              value: s,
              label: t(`auctionsMd.statuses.${s}`),
            }))}
            width={160}
          />
        )}
        emptyTitle={t('auctionsMd.empty')}
        {...(canCreate ? { onCreate: () => setCreating(true), createLabel: t('auctionsMd.create') } : {})}
        columns={[
          {
            key: 'no',
            header: t('auctionsMd.auctionNo'),
            sortField: 'auction_no',
            render: (a) => (
              <Anchor component={Link} to={detailsPath(a.id)}>
                {a.auctionNo}
              </Anchor>
            ),
          },
          {
            key: 'date',
            header: t('auctionsMd.date'),
            sortField: 'auction_date',
            render: (a) => formatDate(a.auctionDate),
          },
          { key: 'crop', header: t('fields.season'), render: (a) => `${a.seasonName} · ${a.cropName}` },
          {
            key: 'platform',
            header: t('auctionsMd.platform'),
            render: (a) => t(`auctionsMd.platforms.${a.platform}`),
          },
          { key: 'lots', header: t('auctionsMd.lots'), align: 'right', render: (a) => a.lotCount },
          { key: 'kg', header: t('auctionsMd.netKg'), align: 'right', render: (a) => formatKg(a.netKg) },
          {
            key: 'sold',
            header: t('auctionsMd.soldAmount'),
            align: 'right',
            render: (a) => formatMoney(a.soldAmount),
          },
          { key: 'status', header: t('fields.status'), render: (a) => <AuctionStatus status={a.status} /> },
        ]}
      />
      {creating && <CreateAuction onClose={() => setCreating(false)} />}
    </>
  );
}

function CreateAuction({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = auctions.useCreate();
  const crops = seasonCrops.useOptions({ status: 'active' });
  const form = useForm({
    seasonCropId: null as string | null,
    auctionDate: todayInTanzania(),
    platform: 'tmx_online' as string | null,
    venue: '',
  });
  const submit = form.onSubmit(() => {
    const body = form.validate(createAuctionBody);
    if (body)
      create.mutate(body, {
        onSuccess: (r) => {
          toastSuccess(r.message);
          navigate(detailsPath(r.data.id));
        },
        onError: form.showApiError,
      });
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('auctionsMd.create')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={create.isPending}
      testId="auction-form"
    >
      <Select
        data-autofocus
        label={t('auctionsMd.seasonCrop')}
        required
        searchable
        data={(crops.data ?? []).map((c) => ({ value: c.id, label: `${c.seasonName} · ${c.cropName}` }))}
        disabled={!crops.data}
        {...form.control('seasonCropId')}
      />
      <DateField label={t('auctionsMd.date')} required {...form.text('auctionDate')} />
      <Select
        label={t('auctionsMd.platform')}
        required
        allowDeselect={false}
        data={AUCTION_PLATFORMS.map((p) => ({ value: p, label: t(`auctionsMd.platforms.${p}`) }))}
        {...form.control('platform')}
      />
      <TextInput label={t('auctionsMd.venue')} {...form.text('venue')} />
    </FormModal>
  );
}
