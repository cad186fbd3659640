import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResourceList } from '../../components/ResourceList.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { StatusFilter } from '../../components/StatusFilter.tsx';
import { formatDate, moneyOrDash } from '../../lib/format.ts';
import { salesInvoices, salesReceipts } from './hooks.ts';

/** The invoices list (all, or one buyer's); used by the invoices screen and the buyer details. */
export function InvoicesList({ buyerId, onCreate }: { buyerId?: string; onCreate?: () => void }) {
  const { t } = useTranslation();
  return (
    <ResourceList
      label={t('salesMd.invoices')}
      resource={salesInvoices}
      testId="invoices-table"
      emptyTitle={t('salesMd.noInvoices')}
      prefix={buyerId ? 'inv_' : ''}
      {...(buyerId ? { scope: { buyer_id: buyerId } } : {})}
      {...(onCreate ? { onCreate, createLabel: t('salesMd.createInvoice') } : {})}
      filterNames={['status']}
      filters={(list) => (
        <StatusFilter list={list} statuses={['issued', 'part_paid', 'paid', 'cancelled']} width={150} />
      )}
      columns={[
        {
          key: 'invoiceNo',
          header: t('salesMd.invoiceNo'),
          sortField: 'invoiceNo',
          render: (i) => (
            <Anchor component={Link} to={`/collections/sales/invoices/${i.id}/details`}>
              {i.invoiceNo}
            </Anchor>
          ),
        },
        ...(buyerId
          ? []
          : [
              {
                key: 'buyer',
                header: t('salesMd.buyer'),
                sortField: 'buyerName',
                render: (i: { buyerName: string }) => i.buyerName,
              },
            ]),
        {
          key: 'date',
          header: t('salesMd.invoiceDate'),
          sortField: 'invoiceDate',
          render: (i) => formatDate(i.invoiceDate),
        },
        {
          key: 'due',
          header: t('salesMd.dueDate'),
          sortField: 'dueDate',
          render: (i) => formatDate(i.dueDate),
        },
        {
          key: 'total',
          header: t('salesMd.total'),
          align: 'right',
          sortField: 'total',
          render: (i) => moneyOrDash(i.total),
        },
        { key: 'paid', header: t('salesMd.paid'), align: 'right', render: (i) => moneyOrDash(i.paidAmount) },
        {
          key: 'balance',
          header: t('salesMd.balance'),
          align: 'right',
          render: (i) => moneyOrDash(i.balance),
        },
        { key: 'status', header: t('fields.status'), render: (i) => <StatusBadge status={i.status} /> },
      ]}
    />
  );
}

export function ReceiptsList({ buyerId, onCreate }: { buyerId?: string; onCreate?: () => void }) {
  const { t } = useTranslation();
  return (
    <ResourceList
      label={t('salesMd.receipts')}
      resource={salesReceipts}
      testId="receipts-table"
      emptyTitle={t('salesMd.noReceipts')}
      prefix={buyerId ? 'rec_' : ''}
      {...(buyerId ? { scope: { buyer_id: buyerId } } : {})}
      {...(onCreate ? { onCreate, createLabel: t('salesMd.createReceipt') } : {})}
      columns={[
        {
          key: 'receiptNo',
          header: t('salesMd.receiptNo'),
          sortField: 'receiptNo',
          render: (r) => (
            <Anchor component={Link} to={`/collections/sales/receipts/${r.id}/details`}>
              {r.receiptNo}
            </Anchor>
          ),
        },
        ...(buyerId
          ? []
          : [
              { key: 'buyer', header: t('salesMd.buyer'), render: (r: { buyerName: string }) => r.buyerName },
            ]),
        {
          key: 'date',
          header: t('salesMd.receiptDate'),
          sortField: 'receiptDate',
          render: (r) => formatDate(r.receiptDate),
        },
        { key: 'bank', header: t('salesMd.bankAccount'), render: (r) => r.bankAccountName },
        { key: 'reference', header: t('salesMd.reference'), render: (r) => r.reference ?? '—' },
        {
          key: 'amount',
          header: t('salesMd.amount'),
          align: 'right',
          sortField: 'amount',
          render: (r) => moneyOrDash(r.amount),
        },
        {
          key: 'credit',
          header: t('salesMd.unallocated'),
          align: 'right',
          render: (r) => moneyOrDash(r.unallocated),
        },
      ]}
    />
  );
}
