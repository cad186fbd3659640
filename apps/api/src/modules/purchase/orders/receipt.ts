import { type Dec, dec, round } from '@ushirika/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { ConflictError, fieldError, NotFoundError } from '../../../platform/errors.ts';
import { suppliers } from '../suppliers/schema.ts';
import { purchaseOrderLines, purchaseOrders } from './schema.ts';

/**
 * What the inventory GRN needs of a purchase order (issue 13): the order's state and, per line,
 * what is still to receive and its unit price net of VAT (the cost the stock is valued at).
 */
export type OrderForReceipt = {
  id: string;
  orderNo: string;
  supplierId: string;
  supplierName: string;
  status: (typeof purchaseOrders.$inferSelect)['status'];
  /** True while goods can be received against it: approved or partly received. */
  receivable: boolean;
  lines: {
    id: string;
    lineNo: number;
    itemId: string;
    description: string;
    /** 3 dp strings. */
    quantity: string;
    receivedQuantity: string;
    remainingQuantity: string;
    /** Net of VAT, 2 dp. */
    unitPrice: string;
    vat: boolean;
  }[];
};

export type ReceiptLine = { orderLineId: string; quantity: string };

const RECEIVABLE = new Set(['approved', 'partly_received']);

const statusWords: Record<string, string> = {
  draft: 'still a draft',
  submitted: 'not approved yet',
  received: 'fully received',
  cancelled: 'cancelled',
  rejected: 'rejected',
};

/** The order with its lines as the GRN screen and use case need them; 404 when there is none. */
export async function orderForReceipt(tx: DbOrTx, orderId: string): Promise<OrderForReceipt> {
  const [order] = await tx
    .select({
      id: purchaseOrders.id,
      orderNo: purchaseOrders.orderNo,
      supplierId: purchaseOrders.supplierId,
      supplierName: suppliers.name,
      status: purchaseOrders.status,
    })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .where(eq(purchaseOrders.id, orderId));
  if (!order) throw new NotFoundError('Purchase order not found');
  const lines = await tx
    .select({
      id: purchaseOrderLines.id,
      lineNo: purchaseOrderLines.lineNo,
      itemId: purchaseOrderLines.itemId,
      description: purchaseOrderLines.description,
      quantity: purchaseOrderLines.quantity,
      receivedQuantity: purchaseOrderLines.receivedQuantity,
      unitPrice: purchaseOrderLines.unitPrice,
      vat: purchaseOrderLines.vat,
    })
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.orderId, orderId))
    .orderBy(asc(purchaseOrderLines.lineNo));
  return {
    ...order,
    receivable: RECEIVABLE.has(order.status),
    lines: lines.map((l) => ({
      ...l,
      remainingQuantity: dec(l.quantity).minus(dec(l.receivedQuantity)).toFixed(3),
    })),
  };
}

/**
 * Records goods received against an order, inside the caller's (the GRN's) transaction: adds each
 * quantity to its line's received quantity and moves the order to partly_received or received.
 * The order row is locked first, so two GRNs against one order take turns and cannot together
 * receive more than was ordered. Refuses (nothing written) an order that is not approved, a line
 * of another order, a zero or negative quantity, and more than a line has left to receive, naming
 * the line. Answers the order as it is after the receipt.
 */
export async function recordOrderReceipt(
  tx: DbOrTx,
  orderId: string,
  lines: ReceiptLine[],
): Promise<OrderForReceipt> {
  const [order] = await tx
    .select({ orderNo: purchaseOrders.orderNo, status: purchaseOrders.status })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, orderId))
    .for('update');
  if (!order) throw new NotFoundError('Purchase order not found');
  if (!RECEIVABLE.has(order.status))
    throw new ConflictError(
      `Purchase order ${order.orderNo} is ${statusWords[order.status] ?? order.status}: goods cannot be received against it`,
    );
  if (lines.length === 0) throw fieldError('lines', 'Receive at least one line of the order');
  const current = await orderForReceipt(tx, orderId);
  const byId = new Map(current.lines.map((l) => [l.id, l]));
  const adding = new Map<string, Dec>();
  lines.forEach((line, i) => {
    const orderLine = byId.get(line.orderLineId);
    if (!orderLine)
      throw fieldError(`lines.${i}.orderLineId`, `This line is not on purchase order ${order.orderNo}`);
    let quantity: Dec;
    try {
      quantity = round(dec(line.quantity), 3);
    } catch {
      throw fieldError(
        `lines.${i}.quantity`,
        `Line ${orderLine.lineNo} (${orderLine.description}): invalid quantity`,
      );
    }
    if (quantity.lte(0))
      throw fieldError(
        `lines.${i}.quantity`,
        `Line ${orderLine.lineNo} (${orderLine.description}): the quantity must be above zero`,
      );
    const total = (adding.get(orderLine.id) ?? dec(0)).plus(quantity);
    const remaining = dec(orderLine.remainingQuantity);
    if (total.gt(remaining))
      throw fieldError(
        `lines.${i}.quantity`,
        `Line ${orderLine.lineNo} (${orderLine.description}): ${total.toFixed(3)} is more than the ${remaining.toFixed(3)} still to receive on ${order.orderNo}`,
      );
    adding.set(orderLine.id, total);
  });
  for (const [lineId, quantity] of adding) {
    await tx
      .update(purchaseOrderLines)
      .set({
        receivedQuantity: sql`${purchaseOrderLines.receivedQuantity} + ${quantity.toFixed(3)}::numeric`,
      })
      .where(eq(purchaseOrderLines.id, lineId));
  }
  const after = await orderForReceipt(tx, orderId);
  const complete = after.lines.every((l) => dec(l.remainingQuantity).isZero());
  const status = complete ? 'received' : 'partly_received';
  await tx
    .update(purchaseOrders)
    .set({ status, updatedAt: new Date() })
    .where(eq(purchaseOrders.id, orderId));
  return { ...after, status, receivable: !complete };
}
