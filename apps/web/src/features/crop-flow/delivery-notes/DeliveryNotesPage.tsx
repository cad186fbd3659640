import { Anchor, Button, Group } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { DELIVERY_NOTE_STATUS_VALUES, type DeliveryNote } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListFilter } from '../../../components/ListFilter.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { StatusFilter } from '../../../components/StatusFilter.tsx';
import { formatDate, formatKg, formatNumber } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useCan } from '../../../lib/use-can.ts';
import { AmcosFilter } from '../../amcos/AmcosFilter.tsx';
import { warehouses } from '../../warehouses/hooks.ts';
import { DnStatusBadge } from './DnStatusBadge.tsx';
import { deliveryNotes } from './hooks.ts';
import { transportFigure } from './transport-figure.ts';

const FILTERS = ['status', 'amcos_id', 'warehouse_id'] as const;

/** crop-DNs (/collections/crop-DNs/list): an AMCOS sees its own notes, union staff every society's. */
export default function DeliveryNotesRoute() {
  return (
    <RequirePermission permission="collections.delivery.read">
      <DeliveryNotesPage />
    </RequirePermission>
  );
}

function DeliveryNotesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const isUnion = !user?.amcosId;
  const canCreate = useCan('collections.delivery.create');
  const stores = warehouses.useOptions({}, isUnion);
  return (
    <>
      <PageHeader
        title={t('dnMd.title')}
        description={t('dnMd.description')}
        breadcrumbs={[{ label: t('collectionsMd.menu') }, { label: t('dnMd.title') }]}
        actions={
          <Button
            variant="default"
            component={Link}
            to="/collections/auction-warehouse"
            leftSection={<IconBuildingWarehouse size={16} aria-hidden />}
            data-testid="to-auction-warehouse"
          >
            {t('lotsMd.title')}
          </Button>
        }
      />
      <ResourceList<DeliveryNote>
        label={t('dnMd.title')}
        resource={deliveryNotes}
        testId="delivery-notes-table"
        filterNames={FILTERS}
        emptyTitle={t('dnMd.empty')}
        onCreate={canCreate ? () => navigate('/collections/crop-DNs/create') : undefined}
        createLabel={t('dnMd.create')}
        filters={(list) => (
          <Group gap="xs" wrap="wrap">
            <StatusFilter
              list={list}
              data={DELIVERY_NOTE_STATUS_VALUES.map((s) => ({ value: s, label: t(`dnMd.status.${s}`) }))}
              width={160}
              testId="filter-status"
            />
            {isUnion && (
              <>
                <AmcosFilter list={list} />
                <ListFilter
                  list={list}
                  name="warehouse_id"
                  label={t('dnMd.warehouse')}
                  data={(stores.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
                  width={200}
                />
              </>
            )}
          </Group>
        )}
        columns={[
          {
            key: 'dnNo',
            header: t('dnMd.dnNo'),
            sortField: 'dnNo',
            render: (n) => (
              <Anchor component={Link} to={`/collections/crop-DNs/${n.id}/details`}>
                {n.dnNo}
              </Anchor>
            ),
          },
          {
            key: 'date',
            header: t('dnMd.date'),
            sortField: 'createdAt',
            render: (n) => formatDate(n.createdAt),
          },
          ...(isUnion
            ? [{ key: 'amcos', header: t('fields.amcos'), render: (n: DeliveryNote) => n.amcosName }]
            : []),
          { key: 'crop', header: t('collectionsMd.seasonCrop'), render: (n) => n.seasonCropName },
          { key: 'warehouse', header: t('dnMd.warehouse'), render: (n) => n.warehouseName },
          {
            key: 'vehicle',
            header: t('dnMd.vehicle'),
            render: (n) => `${n.vehiclePlate} · ${n.transporterName}`,
          },
          {
            key: 'bags',
            header: t('collectionsMd.bags'),
            align: 'right',
            render: (n) => formatNumber(n.bags),
          },
          {
            key: 'netKg',
            header: t('collectionsMd.netKg'),
            align: 'right',
            sortField: 'netKg',
            render: (n) => formatKg(n.netKg),
          },
          {
            key: 'variance',
            header: t('dnMd.varianceKg'),
            align: 'right',
            render: (n) => (n.varianceKg === null ? '—' : formatKg(n.varianceKg)),
          },
          {
            key: 'charge',
            header: t('dnMd.transportCharge'),
            align: 'right',
            render: (n) => transportFigure(n, t),
          },
          { key: 'status', header: t('fields.status'), render: (n) => <DnStatusBadge status={n.status} /> },
        ]}
      />
    </>
  );
}
