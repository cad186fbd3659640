import type { CreateOrderGrnBody, GrnDetail } from '@ushirika/contracts';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordOrderReceipt } from '../../purchase/orders/receipt.ts';
import { storeOf } from '../stores/queries.ts';
import { getGrn } from './queries.ts';
import { saveGrn } from './save-grn.ts';

/**
 * grn: goods received against an approved purchase order. The order is locked and its received
 * quantities raised first (over-receipt, a cancelled or unapproved order refused, naming the
 * line); the stock is valued at each order line's unit price net of VAT.
 */
export async function receiveOrderGrn(db: Db, actor: Actor, body: CreateOrderGrnBody): Promise<GrnDetail> {
  const id = await db.transaction(async (tx) => {
    const store = await storeOf(tx, actor, body.storeId);
    const order = await recordOrderReceipt(
      tx,
      body.orderId,
      body.lines.map((l) => ({ orderLineId: l.orderLineId, quantity: l.quantity })),
    );
    const lineOf = new Map(order.lines.map((l) => [l.id, l]));
    return saveGrn(tx, actor, {
      kind: 'order',
      orderId: order.id,
      orderNo: order.orderNo,
      supplier: { id: order.supplierId, name: order.supplierName },
      store,
      receivedOn: body.receivedOn,
      supplierRef: body.supplierRef,
      remarks: body.remarks,
      lines: body.lines.map((l) => {
        const orderLine = lineOf.get(l.orderLineId);
        if (!orderLine) throw new Error('Order line vanished after its receipt was recorded');
        return { ...l, itemId: orderLine.itemId, unitCost: orderLine.unitPrice };
      }),
    });
  });
  return getGrn(db, id);
}
