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
import { supplierPayments } from '../hooks.ts';

export default withPermission(PaymentsPage, 'purchase.order.read', { unionOnly: true });

function PaymentsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canCreate = useCan('purchase.payment.create', 'union');
  return (
    <>
      <PageHeader title={t('purchaseMd.payments')} />
      <ResourceList
        label={t('purchaseMd.payments')}
        resource={supplierPayments}
        testId="supplier-payments-table"
        emptyTitle={t('purchaseMd.noPayments')}
        filterNames={['status']}
        filters={(list) => (
          <StatusFilter list={list} statuses={['draft', 'approved', 'cancelled']} width={150} />
        )}
        {...(canCreate
          ? {
              onCreate: () => navigate('/purchase/payments/create'),
              createLabel: t('purchaseMd.createPayment'),
            }
          : {})}
        columns={[
          {
            key: 'paymentNo',
            header: t('purchaseMd.paymentNo'),
            sortField: 'paymentNo',
            render: (p) => (
              <Anchor component={Link} to={`/purchase/payments/${p.id}/details`}>
                {p.paymentNo}
              </Anchor>
            ),
          },
          {
            key: 'supplier',
            header: t('purchaseMd.supplier'),
            sortField: 'supplierName',
            render: (p) => p.supplierName,
          },
          {
            key: 'date',
            header: t('purchaseMd.paymentDate'),
            sortField: 'paymentDate',
            render: (p) => formatDate(p.paymentDate),
          },
          { key: 'bank', header: t('purchaseMd.bankAccount'), render: (p) => p.bankAccountName },
          {
            key: 'amount',
            header: t('purchaseMd.amount'),
            sortField: 'amount',
            align: 'right',
            render: (p) => moneyOrDash(p.amount),
          },
          { key: 'status', header: t('fields.status'), render: (p) => <StatusBadge status={p.status} /> },
        ]}
      />
    </>
  );
}
