import { Anchor, Button, Table } from '@mantine/core';
import type { SupplierPaymentDetail } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { PdfButton } from '../../../components/PdfButton.tsx';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { formatDate, moneyOrDash } from '../../../lib/format.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/use-can.ts';
import { usePurchaseAction, useSupplierPayment } from '../hooks.ts';

export default withPermission(PaymentDetailsPage, 'purchase.order.read', { unionOnly: true });

function PaymentDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const payment = useSupplierPayment(id);
  const canWrite = useCan('purchase.payment.create', 'union');
  const canApprove = useCan('purchase.payment.approve', 'union');
  const [cancelling, setCancelling] = useState(false);
  const approve = usePurchaseAction<Record<string, never>, SupplierPaymentDetail>(
    'supplier_payment',
    (x) => `purchase/payments/${x}/approve`,
  );
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
            <Button
              color="teal"
              loading={approve.isPending}
              data-testid="approve-payment"
              onClick={() =>
                confirmAction({
                  title: t('purchaseMd.approvePayment'),
                  message: t('purchaseMd.approvePaymentConfirm', {
                    paymentNo: p.paymentNo,
                    amount: moneyOrDash(p.amount),
                    supplier: p.supplierName,
                  }),
                  confirmLabel: t('purchaseMd.approve'),
                  danger: false,
                  onConfirm: () =>
                    approve.mutate(
                      { id: p.id, body: {} },
                      { onSuccess: (r) => toastSuccess(r.message), onError: (e) => toastError(e.message) },
                    ),
                })
              }
            >
              {t('purchaseMd.approve')}
            </Button>
          )}
          {canWrite && p.status === 'draft' && (
            <Button
              color="red"
              variant="light"
              onClick={() => setCancelling(true)}
              data-testid="cancel-payment"
            >
              {t('purchaseMd.cancel')}
            </Button>
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
        <Table data-testid="payment-invoices">
          <Table.Tbody>
            {p.allocations.map((a) => (
              <Table.Tr key={a.invoiceId}>
                <Table.Td>
                  <Anchor component={Link} to={`/purchase/invoices/${a.invoiceId}/details`}>
                    {a.invoiceNo}
                  </Anchor>
                </Table.Td>
                <Table.Td>{a.supplierInvoiceNo}</Table.Td>
                <Table.Td>{formatDate(a.invoiceDate)}</Table.Td>
                <Table.Td ta="right">{moneyOrDash(a.invoiceTotal)}</Table.Td>
                <Table.Td ta="right">{moneyOrDash(a.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      {cancelling && <CancelPaymentForm payment={p} onClose={() => setCancelling(false)} />}
    </DetailsLayout>
  );
}

function CancelPaymentForm({ payment, onClose }: { payment: SupplierPaymentDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const cancel = usePurchaseAction<{ reason: string }, SupplierPaymentDetail>(
    'supplier_payment',
    (id) => `purchase/payments/${id}/cancel`,
  );
  return (
    <ReasonModal
      title={t('purchaseMd.cancelPayment')}
      reasonLabel={t('purchaseMd.cancelReason')}
      reasonRequired={t('purchaseMd.reasonRequired')}
      submitLabel={t('purchaseMd.cancelPayment')}
      confirmTitle={t('purchaseMd.cancelPayment')}
      confirmMessage={t('purchaseMd.cancelPaymentConfirm', { paymentNo: payment.paymentNo })}
      mutation={{
        mutate: (reason, callbacks) => cancel.mutate({ id: payment.id, body: { reason } }, callbacks),
        isPending: cancel.isPending,
      }}
      onClose={onClose}
      testId="cancel-payment-form"
    />
  );
}
