import { Anchor, Group, Modal } from '@mantine/core';
import { yearInTanzania } from '@ushirika/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EditButton } from '../../../components/EditButton.tsx';
import { HistoryPanel } from '../../../components/HistoryPanel.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { type LineColumn, LinesTable } from '../../../components/LinesTable.tsx';
import { PdfButton } from '../../../components/PdfButton.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { Section } from '../../../components/Section.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { moneyOrDash } from '../../../lib/format.ts';
import { useSupplierDetail } from '../hooks.ts';

/** A supplier at a glance: how it is paid, what is owed, its open orders and its invoices. */
type SupplierDetail = NonNullable<ReturnType<typeof useSupplierDetail>['data']>;

/** A supplier's open orders: number, date, status and total. */
function orderColumns(t: TFunction): LineColumn<SupplierDetail['openOrders'][number]>[] {
  return [
    {
      key: 'orderNo',
      header: t('purchaseMd.orderNo'),
      render: (o) => (
        <Anchor component={Link} to={`/purchase/orders/${o.id}/details`}>
          {o.orderNo}
        </Anchor>
      ),
    },
    { key: 'date', header: t('purchaseMd.orderDate'), kind: 'date', value: (o) => o.orderDate },
    { key: 'status', header: t('fields.status'), render: (o) => <StatusBadge status={o.status} /> },
    { key: 'total', header: t('purchaseMd.total'), kind: 'money', value: (o) => o.total },
  ];
}

/** A supplier's invoices: ours and theirs, the date, the status and what is left to pay. */
function invoiceColumns(t: TFunction): LineColumn<SupplierDetail['invoices'][number]>[] {
  return [
    {
      key: 'invoiceNo',
      header: t('purchaseMd.invoiceNo'),
      render: (i) => (
        <Anchor component={Link} to={`/purchase/invoices/${i.id}/details`}>
          {i.invoiceNo}
        </Anchor>
      ),
    },
    {
      key: 'supplierInvoiceNo',
      header: t('purchaseMd.supplierInvoiceNo'),
      value: (i) => i.supplierInvoiceNo,
    },
    { key: 'date', header: t('purchaseMd.invoiceDate'), kind: 'date', value: (i) => i.invoiceDate },
    { key: 'status', header: t('fields.status'), render: (i) => <StatusBadge status={i.status} /> },
    { key: 'balance', header: t('purchaseMd.balance'), kind: 'money', value: (i) => i.balance },
  ];
}

export function SupplierDetailsModal({
  id,
  onClose,
  onEdit,
}: {
  id: string;
  onClose: () => void;
  onEdit?: () => void;
}) {
  const { t } = useTranslation();
  const detail = useSupplierDetail(id);
  const s = detail.data;
  const year = yearInTanzania();
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={s?.name ?? t('purchaseMd.supplier')}
      data-testid="supplier-details"
    >
      {!s ? (
        <RecordUnavailable error={detail.error} />
      ) : (
        <>
          <Group justify="flex-end" mb="sm" gap="xs">
            <PdfButton
              path={`purchase/suppliers/${s.id}/statement`}
              query={{ from: `${year}-01-01` }}
              name={`supplier-statement-${s.name}`}
              label={t('purchaseMd.statement')}
            />
            {onEdit && <EditButton onClick={onEdit} />}
          </Group>
          <Section>
            <InfoGrid
              items={[
                [t('purchaseMd.tin'), s.tin ?? '—'],
                [t('purchaseMd.vrn'), s.vrn ?? '—'],
                [t('purchaseMd.contactPerson'), s.contactPerson ?? '—'],
                [t('fields.phone'), s.phone ?? '—'],
                [t('purchaseMd.paidBy'), t(`purchaseMd.method.${s.paymentMethod}`)],
                [
                  t('purchaseMd.account'),
                  s.paymentMethod === 'bank'
                    ? `${s.bankName ?? ''} ${s.accountNo ?? ''}`
                    : (s.mobileMoneyNo ?? '—'),
                ],
                [t('purchaseMd.paymentTermsDays'), String(s.paymentTermsDays)],
                [
                  t('purchaseMd.balance'),
                  <span key="b" data-testid="supplier-balance">
                    {moneyOrDash(s.balance)}
                  </span>,
                ],
              ]}
            />
          </Section>
          <Section title={t('purchaseMd.openOrders')} mt="md">
            <LinesTable
              label={t('purchaseMd.openOrders')}
              columns={orderColumns(t)}
              lines={s.openOrders}
              lineKey={(o) => o.id}
              empty={{ title: t('purchaseMd.noOrders') }}
              minWidth={420}
            />
          </Section>
          <Section title={t('purchaseMd.invoices')} mt="md">
            <LinesTable
              label={t('purchaseMd.invoices')}
              columns={invoiceColumns(t)}
              lines={s.invoices}
              lineKey={(i) => i.id}
              empty={{ title: t('purchaseMd.noInvoices') }}
              minWidth={480}
            />
          </Section>
          <HistoryPanel entity="supplier" id={s.id} />
        </>
      )}
    </Modal>
  );
}
