import { Anchor } from '@mantine/core';
import type { SupplierPaymentDetail } from '@ushirika/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { type LineColumn, LinesTable } from '../../../components/LinesTable.tsx';
import { PdfButton } from '../../../components/PdfButton.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { formatDate, moneyOrDash } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { BankCoverNote } from '../../accounts/journal/BankCoverNote.tsx';
import { ApproveButton, CancelButton, ReasonActionModal, usePurchaseStep } from '../DocumentActions.tsx';
import { useSupplierPayment } from '../hooks.ts';

type Allocation = SupplierPaymentDetail['allocations'][number];

/** The invoices a payment pays: each invoice, its total and what this payment puts on it. */
function allocationColumns(t: TFunction): LineColumn<Allocation>[] {
  return [
    {
      key: 'invoiceNo',
      header: t('purchaseMd.invoiceNo'),
      render: (a) => (
        <Anchor component={Link} to={`/purchase/invoices/${a.invoiceId}/details`}>
          {a.invoiceNo}
        </Anchor>
      ),
    },
    {
      key: 'supplierInvoiceNo',
      header: t('purchaseMd.supplierInvoiceNo'),
      value: (a) => a.supplierInvoiceNo,
    },
    { key: 'date', header: t('purchaseMd.invoiceDate'), kind: 'date', value: (a) => a.invoiceDate },
    { key: 'total', header: t('purchaseMd.total'), kind: 'money', value: (a) => a.invoiceTotal },
    { key: 'amount', header: t('purchaseMd.amount'), kind: 'money', value: (a) => a.amount },
  ];
}

export default withPermission(PaymentDetailsPage, 'purchase.order.read', { unionOnly: true });

function PaymentDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const payment = useSupplierPayment(id);
  const canWrite = useCan('purchase.payment.create', 'union');
  const canApprove = useCan('purchase.payment.approve', 'union');
  const [cancelling, setCancelling] = useState(false);
  const approve = usePurchaseStep('supplier_payment', 'approve');
  const p = payment.data;
  if (!p) return <RecordUnavailable error={payment.error} />;
  return (
    <DetailsLayout
      title={`${t('purchaseMd.payment')} ${p.paymentNo}`}
      status={p.status}
      statusTestId="supplier-payment-status"
      history={{ entity: 'supplier_payment', id }}
      actions={
        <>
          <PdfButton
            path={`purchase/payments/${p.id}/remittance`}
            name={`remittance-${p.paymentNo}`}
            label={t('purchaseMd.remittance')}
          />
          {canApprove && p.status === 'draft' && (
            <ApproveButton
              confirmTitle={t('purchaseMd.approvePayment')}
              confirmMessage={t('purchaseMd.approvePaymentConfirm', {
                paymentNo: p.paymentNo,
                amount: moneyOrDash(p.amount),
                supplier: p.supplierName,
              })}
              confirmNote={<BankCoverNote path={`purchase/payments/${p.id}/bank-cover`} />}
              loading={approve.isPending}
              onConfirm={() => approve.run(p.id)}
              testId="approve-payment"
            />
          )}
          {canWrite && p.status === 'draft' && (
            <CancelButton onClick={() => setCancelling(true)} testId="cancel-payment" />
          )}
        </>
      }
    >
      <Section>
        <InfoGrid
          items={[
            [t('purchaseMd.supplier'), p.supplierName],
            [t('purchaseMd.paymentDate'), formatDate(p.paymentDate)],
            [t('purchaseMd.bankAccount'), p.bankAccountName],
            [t('purchaseMd.reference'), p.reference ?? '—'],
            [
              t('purchaseMd.amount'),
              <span key="a" data-testid="payment-amount">
                {moneyOrDash(p.amount)}
              </span>,
            ],
            [t('purchaseMd.approvedBy'), p.approvedByName ?? '—'],
            ...(p.cancelReason
              ? ([[t('purchaseMd.cancelReason'), p.cancelReason]] as [string, string][])
              : []),
          ]}
        />
      </Section>
      <Section title={t('purchaseMd.invoicesPaid')}>
        <LinesTable
          label={t('purchaseMd.invoicesPaid')}
          columns={allocationColumns(t)}
          lines={p.allocations}
          lineKey={(a) => a.invoiceId}
          testId="payment-invoices"
        />
      </Section>
      {cancelling && <CancelPaymentForm payment={p} onClose={() => setCancelling(false)} />}
    </DetailsLayout>
  );
}

function CancelPaymentForm({ payment, onClose }: { payment: SupplierPaymentDetail; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ReasonActionModal
      document="supplier_payment"
      action="cancel"
      id={payment.id}
      title={t('purchaseMd.cancelPayment')}
      reasonLabel={t('purchaseMd.cancelReason')}
      submitLabel={t('purchaseMd.cancelPayment')}
      confirmMessage={t('purchaseMd.cancelPaymentConfirm', { paymentNo: payment.paymentNo })}
      onClose={onClose}
      testId="cancel-payment-form"
    />
  );
}
