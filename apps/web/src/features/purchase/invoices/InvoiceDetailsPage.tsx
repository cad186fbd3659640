import { Anchor, Button } from '@mantine/core';
import type { PurchaseInvoiceDetail } from '@ushirika/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { type LineColumn, LinesTable } from '../../../components/LinesTable.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { formatDate, moneyOrDash } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { AttachmentsSection } from '../../attachments/AttachmentsSection.tsx';
import { AllocationsSection } from '../../sales/receipts/AllocationsSection.tsx';
import { CancelButton, ReasonActionModal } from '../DocumentActions.tsx';
import { usePurchaseInvoice } from '../hooks.ts';
import { MatchBadge, pricedLineColumns } from '../PurchaseLines.tsx';

type InvoiceLine = PurchaseInvoiceDetail['lines'][number];

/** An invoice's lines: what was billed, how it differs from the order and the goods received. */
function invoiceLineColumns(t: TFunction): LineColumn<InvoiceLine>[] {
  return [
    ...pricedLineColumns<InvoiceLine>(t),
    {
      key: 'priceDiff',
      header: t('purchaseMd.priceDifference'),
      kind: 'money',
      value: (l) => l.priceDifference,
    },
    {
      key: 'quantityDiff',
      header: t('purchaseMd.quantityDifference'),
      kind: 'quantity',
      value: (l) => l.quantityDifference,
    },
    { key: 'match', header: '', render: (l) => <MatchBadge matched={l.withinTolerance} /> },
  ];
}

export default withPermission(InvoiceDetailsPage, 'purchase.order.read', { unionOnly: true });

function InvoiceDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const invoice = usePurchaseInvoice(id);
  const canWrite = useCan('purchase.order.create', 'union');
  const canApprove = useCan('purchase.order.approve', 'union');
  const [acting, setActing] = useState<'approve' | 'cancel' | null>(null);
  const inv = invoice.data;
  if (!inv) return <RecordUnavailable error={invoice.error} />;
  return (
    <DetailsLayout
      title={`${t('purchaseMd.invoice')} ${inv.invoiceNo}`}
      status={inv.status}
      statusTestId="purchase-invoice-status"
      history={{ entity: 'purchase_invoice', id }}
      actions={
        <>
          {canApprove && inv.status === 'awaiting_approval' && (
            <Button color="teal" onClick={() => setActing('approve')} data-testid="approve-invoice">
              {t('purchaseMd.approve')}
            </Button>
          )}
          {canWrite && ['awaiting_approval', 'open'].includes(inv.status) && inv.paidAmount === '0.00' && (
            <CancelButton onClick={() => setActing('cancel')} testId="cancel-purchase-invoice" />
          )}
        </>
      }
    >
      <Section>
        <InfoGrid
          items={[
            [t('purchaseMd.supplier'), inv.supplierName],
            [t('purchaseMd.supplierInvoiceNo'), inv.supplierInvoiceNo],
            [
              t('purchaseMd.order'),
              inv.orderId ? (
                <Anchor key="o" component={Link} to={`/purchase/orders/${inv.orderId}/details`}>
                  {inv.orderNo}
                </Anchor>
              ) : (
                t('purchaseMd.openingInvoice')
              ),
            ],
            [t('purchaseMd.invoiceDate'), formatDate(inv.invoiceDate)],
            [t('purchaseMd.dueDate'), formatDate(inv.dueDate)],
            [t('purchaseMd.net'), moneyOrDash(inv.subtotal)],
            [t('purchaseMd.vat'), moneyOrDash(inv.vatTotal)],
            [t('purchaseMd.total'), moneyOrDash(inv.total)],
            [
              t('purchaseMd.balance'),
              <span key="b" data-testid="purchase-invoice-balance">
                {moneyOrDash(inv.balance)}
              </span>,
            ],
            [t('purchaseMd.match'), inv.mismatch ? t('purchaseMd.mismatch') : t('purchaseMd.matched')],
            ...(inv.approvalReason
              ? ([
                  [t('purchaseMd.approvalReason'), `${inv.approvalReason} (${inv.approvedByName ?? ''})`],
                ] as [string, string][])
              : []),
            ...(inv.cancelReason
              ? ([[t('purchaseMd.cancelReason'), inv.cancelReason]] as [string, string][])
              : []),
          ]}
        />
      </Section>
      <Section title={t('purchaseMd.lines')}>
        <LinesTable
          label={t('purchaseMd.lines')}
          columns={invoiceLineColumns(t)}
          lines={inv.lines}
          lineKey={(l) => String(l.lineNo)}
          minWidth={800}
          testId="purchase-invoice-lines"
        />
      </Section>
      <AllocationsSection
        documentLabel={t('purchaseMd.paymentNo')}
        rows={inv.payments.map((p) => ({
          key: p.paymentId,
          no: p.paymentNo,
          to: `/purchase/payments/${p.paymentId}/details`,
          date: p.paymentDate,
          amount: p.amount,
        }))}
      />
      {acting && <InvoiceActionForm invoice={inv} action={acting} onClose={() => setActing(null)} />}
      <AttachmentsSection recordType="purchase-invoice" recordId={id} />
    </DetailsLayout>
  );
}

/** Approve (accept the differences) or cancel, each with its reason and a confirmation. */
function InvoiceActionForm({
  invoice,
  action,
  onClose,
}: {
  invoice: PurchaseInvoiceDetail;
  action: 'approve' | 'cancel';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const approve = action === 'approve';
  const title = approve ? t('purchaseMd.approveInvoice') : t('purchaseMd.cancelInvoice');
  return (
    <ReasonActionModal
      document="purchase_invoice"
      action={action}
      id={invoice.id}
      title={title}
      reasonLabel={approve ? t('purchaseMd.approvalReason') : t('purchaseMd.cancelReason')}
      submitLabel={approve ? t('purchaseMd.approve') : t('purchaseMd.cancelInvoice')}
      confirmMessage={t(approve ? 'purchaseMd.approveInvoiceConfirm' : 'purchaseMd.cancelInvoiceConfirm', {
        invoiceNo: invoice.invoiceNo,
        total: moneyOrDash(invoice.total),
      })}
      onClose={onClose}
      testId={`${action}-invoice-form`}
    />
  );
}
