import { Anchor, Button } from '@mantine/core';
import type { PurchaseOrderDetail, PurchaseOrderLine } from '@ushirika/contracts';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { type LineColumn, LinesTable } from '../../../components/LinesTable.tsx';
import { PdfButton } from '../../../components/PdfButton.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { formatDate, moneyOrDash } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { AttachmentsSection } from '../../attachments/AttachmentsSection.tsx';
import { DocumentNote } from '../../document-texts/DocumentNote.tsx';
import {
  ApproveButton,
  CancelButton,
  ReasonActionModal,
  RejectButton,
  usePurchaseStep,
} from '../DocumentActions.tsx';
import { usePurchaseOrder } from '../hooks.ts';
import { pricedLineColumns } from '../PurchaseLines.tsx';

/** An order's lines: what was ordered, then its VAT and how much was received and invoiced. */
function orderLineColumns(t: TFunction): LineColumn<PurchaseOrderLine>[] {
  return [
    ...pricedLineColumns<PurchaseOrderLine>(t),
    { key: 'vat', header: t('purchaseMd.vat'), kind: 'money', value: (l) => (l.vat ? l.vatAmount : null) },
    { key: 'received', header: t('purchaseMd.received'), kind: 'quantity', value: (l) => l.receivedQuantity },
    { key: 'invoiced', header: t('purchaseMd.invoiced'), kind: 'quantity', value: (l) => l.invoicedQuantity },
  ];
}

export default withPermission(OrderDetailsPage, 'purchase.order.read', { unionOnly: true });

const CANCELLABLE = ['draft', 'submitted', 'approved'];
const PRINTABLE = ['approved', 'partly_received', 'received'];

function OrderDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const order = usePurchaseOrder(id);
  const [cancelling, setCancelling] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const o = order.data;
  if (!o) return <RecordUnavailable error={order.error} />;
  return (
    <DetailsLayout
      title={`${t('purchaseMd.order')} ${o.orderNo}`}
      status={o.status}
      statusTestId="order-status"
      history={{ entity: 'purchase_order', id }}
      actions={
        <OrderActions order={o} onCancel={() => setCancelling(true)} onReject={() => setRejecting(true)} />
      }
    >
      <Section>
        <InfoGrid items={orderFacts(t, o)} />
      </Section>
      <Section title={t('purchaseMd.lines')}>
        <LinesTable
          label={t('purchaseMd.lines')}
          columns={orderLineColumns(t)}
          lines={o.lines}
          lineKey={(l) => l.id}
          minWidth={760}
          testId="order-lines"
        />
        <Anchor component={Link} to={`/purchase/invoices/list?order_id=${o.id}`} size="sm">
          {t('purchaseMd.invoicesOfOrder')}
        </Anchor>
      </Section>
      {cancelling && <CancelOrderForm order={o} onClose={() => setCancelling(false)} />}
      {rejecting && (
        <ReasonActionModal
          document="purchase_order"
          action="reject"
          id={o.id}
          title={t('purchaseMd.rejectOrder')}
          reasonLabel={t('purchaseMd.rejectReason')}
          submitLabel={t('purchaseMd.reject')}
          confirmMessage={t('purchaseMd.rejectOrderConfirm', { orderNo: o.orderNo })}
          onClose={() => setRejecting(false)}
          testId="reject-order-form"
        />
      )}
      <DocumentNote kind="purchase_order" id={id} />
      <AttachmentsSection recordType="purchase-order" recordId={id} />
    </DetailsLayout>
  );
}

function CancelOrderForm({ order, onClose }: { order: PurchaseOrderDetail; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ReasonActionModal
      document="purchase_order"
      action="cancel"
      id={order.id}
      title={t('purchaseMd.cancelOrder')}
      reasonLabel={t('purchaseMd.cancelReason')}
      submitLabel={t('purchaseMd.cancelOrder')}
      confirmMessage={t('purchaseMd.cancelOrderConfirm', { orderNo: order.orderNo })}
      onClose={onClose}
      testId="cancel-order-form"
    />
  );
}

/** What may be done to the order in its status, by who may do it. */
function OrderActions({
  order: o,
  onCancel,
  onReject,
}: {
  order: PurchaseOrderDetail;
  onCancel: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan('purchase.order.create', 'union');
  const canApprove = useCan('purchase.order.approve', 'union');
  const submit = usePurchaseStep('purchase_order', 'submit');
  const approve = usePurchaseStep('purchase_order', 'approve');
  return (
    <>
      {PRINTABLE.includes(o.status) && <PdfButton path={`purchase/orders/${o.id}/pdf`} name={o.orderNo} />}
      {canWrite && o.status === 'draft' && (
        <Button
          variant="default"
          component={Link}
          to={`/purchase/orders/create?edit=${o.id}`}
          data-testid="edit-order"
        >
          {t('common.edit')}
        </Button>
      )}
      {canWrite && o.status === 'draft' && (
        <Button onClick={() => submit.run(o.id)} loading={submit.isPending} data-testid="submit-order">
          {t('purchaseMd.submit')}
        </Button>
      )}
      {canApprove && o.status === 'submitted' && (
        <ApproveButton
          confirmTitle={t('purchaseMd.approveOrder')}
          confirmMessage={t('purchaseMd.approveOrderConfirm', {
            orderNo: o.orderNo,
            total: moneyOrDash(o.total),
          })}
          loading={approve.isPending}
          onConfirm={() => approve.run(o.id)}
          testId="approve-order"
        />
      )}
      {canApprove && o.status === 'submitted' && <RejectButton onClick={onReject} testId="reject-order" />}
      {canWrite && PRINTABLE.includes(o.status) && o.status !== 'received' && (
        <Button variant="light" component={Link} to={`/inventory/grns/grn-create?order=${o.id}`}>
          {t('purchaseMd.receiveGoods')}
        </Button>
      )}
      {canWrite && PRINTABLE.includes(o.status) && (
        <Button
          variant="light"
          onClick={() => navigate(`/purchase/invoices/create?order=${o.id}`)}
          data-testid="invoice-order"
        >
          {t('purchaseMd.enterInvoice')}
        </Button>
      )}
      {canWrite && CANCELLABLE.includes(o.status) && (
        <CancelButton onClick={onCancel} testId="cancel-order" />
      )}
    </>
  );
}

const orderFacts = (t: TFunction, o: PurchaseOrderDetail): [string, ReactNode][] => [
  [t('purchaseMd.supplier'), o.supplierName],
  [t('purchaseMd.orderDate'), formatDate(o.orderDate)],
  [t('purchaseMd.expectedDate'), formatDate(o.expectedDate) || '—'],
  [t('purchaseMd.net'), moneyOrDash(o.subtotal)],
  [t('purchaseMd.vatAt', { rate: o.vatRate }), moneyOrDash(o.vatTotal)],
  [
    t('purchaseMd.total'),
    <span key="total" data-testid="order-total">
      {moneyOrDash(o.total)}
    </span>,
  ],
  [t('purchaseMd.approvedBy'), o.approvedByName ?? '—'],
  [t('purchaseMd.terms'), o.terms ?? '—'],
  ...(o.rejectReason
    ? ([
        [t('purchaseMd.rejectedBy'), o.rejectedByName ?? '—'],
        [t('purchaseMd.rejectReason'), o.rejectReason],
      ] as [string, string][])
    : []),
  ...(o.cancelReason ? ([[t('purchaseMd.cancelReason'), o.cancelReason]] as [string, string][]) : []),
];
