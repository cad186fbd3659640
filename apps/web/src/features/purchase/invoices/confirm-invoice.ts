import type { PurchaseOrderDetail } from '@ushirika/contracts';
import { priceLine, sum } from '@ushirika/domain';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { formatMoney } from '../../../lib/format.ts';
import { i18n } from '../../../lib/i18n.ts';

/**
 * Asks before a supplier's invoice is saved: matched to its order and the goods received it is
 * posted to the supplier's account at once (a difference waits for approval), and it can then
 * only be cancelled. Says the total with VAT, priced as the server will (the order's VAT rate).
 */
export function confirmInvoice(
  invoice: {
    order: PurchaseOrderDetail;
    supplierInvoiceNo: string;
    lines: { orderLineId: string; quantity: string; unitPrice: string }[];
  },
  onConfirm: () => void,
): void {
  const vatOf = new Map(invoice.order.lines.map((l) => [l.id, l.vat]));
  const priced = invoice.lines.map((l) =>
    priceLine({ ...l, vat: vatOf.get(l.orderLineId) ?? false }, invoice.order.vatRate),
  );
  const vat = sum(priced.map((p) => p.vatAmount));
  const total = sum(priced.map((p) => p.amount)).plus(vat);
  confirmAction({
    title: i18n.t('purchaseMd.saveInvoiceTitle', { no: invoice.supplierInvoiceNo }),
    message: i18n.t('purchaseMd.saveInvoiceConfirm', {
      supplier: invoice.order.supplierName,
      total: formatMoney(total.toFixed(2)),
      vat: formatMoney(vat.toFixed(2)),
    }),
    confirmLabel: i18n.t('common.save'),
    danger: false,
    onConfirm,
  });
}
