import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { StatusFilter } from '../../../components/StatusFilter.tsx';
import { formatDate, moneyOrDash } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { purchaseOrders } from '../hooks.ts';
import { PurchaseSettingsButton } from './PurchaseSettingsButton.tsx';

export const ORDER_STATUSES = [
  'draft',
  'submitted',
  'approved',
  'partly_received',
  'received',
  'cancelled',
] as const;

export default withPermission(OrdersPage, 'purchase.order.read', { unionOnly: true });

function OrdersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canCreate = useCan('purchase.order.create', 'union');
  return (
    <>
      <PageHeader title={t('purchaseMd.orders')} actions={<PurchaseSettingsButton />} />
      <ResourceList
        label={t('purchaseMd.orders')}
        resource={purchaseOrders}
        testId="orders-table"
        emptyTitle={t('purchaseMd.noOrders')}
        filterNames={['status']}
        filters={(list) => <StatusFilter list={list} statuses={ORDER_STATUSES} width={170} />}
        {...(canCreate
          ? { onCreate: () => navigate('/purchase/orders/create'), createLabel: t('purchaseMd.createOrder') }
          : {})}
        columns={[
          {
            key: 'orderNo',
            header: t('purchaseMd.orderNo'),
            sortField: 'orderNo',
            render: (o) => (
              <Anchor component={Link} to={`/purchase/orders/${o.id}/details`}>
                {o.orderNo}
              </Anchor>
            ),
          },
          {
            key: 'supplier',
            header: t('purchaseMd.supplier'),
            sortField: 'supplierName',
            render: (o) => o.supplierName,
          },
          {
            key: 'date',
            header: t('purchaseMd.orderDate'),
            sortField: 'orderDate',
            render: (o) => formatDate(o.orderDate),
          },
          {
            key: 'total',
            header: t('purchaseMd.total'),
            sortField: 'total',
            align: 'right',
            render: (o) => moneyOrDash(o.total),
          },
          { key: 'status', header: t('fields.status'), render: (o) => <StatusBadge status={o.status} /> },
        ]}
      />
    </>
  );
}
