import { Anchor, Button, Group } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { type StockTransfer, TRANSFER_KIND_VALUES, TRANSFER_STATUS_VALUES } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListFilter } from '../../../components/ListFilter.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { StatusFilter } from '../../../components/StatusFilter.tsx';
import { formatDate, formatMoney, moneyOrDash } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useCan } from '../../../lib/use-can.ts';
import { stockTransfers } from './hooks.ts';

const CREATE = {
  to_amcos: '/inventory/transfers/create/to-amcos',
  from_amcos: '/inventory/transfers/create/from-amcos',
  to_store: '/inventory/transfers/create/to-store',
} as const;

/** /inventory/transfers/list: goods between stores; in transit until the receiving store counts them. */
export default withPermission(TransfersPage, 'inventory.store.read');

function TransfersPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const isUnion = !user?.amcosId;
  const canMove = useCan('inventory.store.update');
  const kinds = TRANSFER_KIND_VALUES.filter((k) => isUnion || k !== 'to_amcos');
  return (
    <>
      <PageHeader
        title={t('screens.transfers')}
        description={t('inventoryMd.transfersNote')}
        actions={
          canMove &&
          kinds.map((k) => (
            <Button
              key={k}
              variant={k === kinds[0] ? 'filled' : 'default'}
              component={Link}
              to={CREATE[k]}
              leftSection={<IconTruckDelivery size={16} aria-hidden />}
              data-testid={`transfer-create-${k}`}
            >
              {t(`inventoryMd.transferKinds.${k}`)}
            </Button>
          ))
        }
      />
      <ResourceList<StockTransfer>
        label={t('screens.transfers')}
        resource={stockTransfers}
        testId="transfers-table"
        filterNames={['status', 'kind']}
        emptyTitle={t('inventoryMd.noTransfers')}
        filters={(list) => (
          <Group gap="xs">
            <StatusFilter
              list={list}
              data={TRANSFER_STATUS_VALUES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              width={160}
              testId="filter-status"
            />
            <ListFilter
              list={list}
              name="kind"
              label={t('inventoryMd.transferKind')}
              data={TRANSFER_KIND_VALUES.map((k) => ({
                value: k,
                label: t(`inventoryMd.transferKinds.${k}`),
              }))}
              width={200}
            />
          </Group>
        )}
        columns={[
          {
            key: 'transferNo',
            header: t('inventoryMd.transferNo'),
            sortField: 'transferNo',
            render: (x) => (
              <Anchor component={Link} to={`/inventory/transfers/${x.id}/details`}>
                {x.transferNo}
              </Anchor>
            ),
          },
          {
            key: 'date',
            header: t('inventoryMd.dispatchedOn'),
            sortField: 'dispatchedOn',
            render: (x) => formatDate(x.dispatchedOn),
          },
          {
            key: 'kind',
            header: t('inventoryMd.transferKind'),
            render: (x) => t(`inventoryMd.transferKinds.${x.kind}`),
          },
          { key: 'from', header: t('inventoryMd.fromStore'), render: (x) => x.fromStoreName },
          { key: 'to', header: t('inventoryMd.toStore'), render: (x) => x.toStoreName },
          {
            key: 'value',
            header: t('inventoryMd.value'),
            align: 'right',
            sortField: 'totalValue',
            render: (x) => formatMoney(x.totalValue),
          },
          {
            key: 'variance',
            header: t('inventoryMd.variance'),
            align: 'right',
            render: (x) => moneyOrDash(x.varianceValue),
          },
          { key: 'status', header: t('fields.status'), render: (x) => <StatusBadge status={x.status} /> },
        ]}
      />
    </>
  );
}
