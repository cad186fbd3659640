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
import { purchaseInvoices } from '../hooks.ts';

export default withPermission(InvoicesPage, 'purchase.order.read', { unionOnly: true });

function InvoicesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canCreate = useCan('purchase.order.create', 'union');
  return (
    <>
      <PageHeader title={t('purchaseMd.invoices')} description={t('purchaseMd.invoicesNote')} />
      <ResourceList
        label={t('purchaseMd.invoices')}
        resource={purchaseInvoices}
        testId="purchase-invoices-table"
        emptyTitle={t('purchaseMd.noInvoices')}
        filterNames={['status', 'order_id', 'supplier_id']}
        filters={(list) => (
          <StatusFilter
            list={list}
            statuses={['awaiting_approval', 'open', 'part_paid', 'paid', 'cancelled']}
            width={180}
          />
        )}
        {...(canCreate
          ? {
              onCreate: () => navigate('/purchase/invoices/create'),
              createLabel: t('purchaseMd.createInvoice'),
            }
          : {})}
        columns={[
          {
            key: 'invoiceNo',
            header: t('purchaseMd.invoiceNo'),
            sortField: 'invoiceNo',
            render: (i) => (
              <Anchor component={Link} to={`/purchase/invoices/${i.id}/details`}>
                {i.invoiceNo}
              </Anchor>
            ),
          },
          {
            key: 'supplierNo',
            header: t('purchaseMd.supplierInvoiceNo'),
            render: (i) => i.supplierInvoiceNo,
          },
          {
            key: 'supplier',
            header: t('purchaseMd.supplier'),
            sortField: 'supplierName',
            render: (i) => i.supplierName,
          },
          {
            key: 'order',
            header: t('purchaseMd.order'),
            render: (i) => i.orderNo ?? t('purchaseMd.openingInvoice'),
          },
          {
            key: 'date',
            header: t('purchaseMd.invoiceDate'),
            sortField: 'invoiceDate',
            render: (i) => formatDate(i.invoiceDate),
          },
          {
            key: 'due',
            header: t('purchaseMd.dueDate'),
            sortField: 'dueDate',
            render: (i) => formatDate(i.dueDate),
          },
          {
            key: 'total',
            header: t('purchaseMd.total'),
            sortField: 'total',
            align: 'right',
            render: (i) => moneyOrDash(i.total),
          },
          {
            key: 'balance',
            header: t('purchaseMd.balance'),
            align: 'right',
            render: (i) => moneyOrDash(i.balance),
          },
          { key: 'status', header: t('fields.status'), render: (i) => <StatusBadge status={i.status} /> },
        ]}
      />
    </>
  );
}
