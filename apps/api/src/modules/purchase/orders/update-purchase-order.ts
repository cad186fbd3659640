import type { PurchaseOrderDetail } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, NotFoundError } from '../../../platform/errors.ts';
import { type Body, pricedLines } from './priced-lines.ts';
import { getPurchaseOrder } from './queries.ts';
import { purchaseOrderLines, purchaseOrders } from './schema.ts';
import { getPurchaseSettings } from './settings.ts';

/** A draft edited whole (supplier, dates, terms, lines), re-priced at the settings' VAT rate. */
export async function updatePurchaseOrder(
  db: Db,
  actor: Actor,
  { id, body }: { id: string; body: Body },
): Promise<PurchaseOrderDetail> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)).for('update');
    if (!order) throw new NotFoundError('Purchase order not found');
    if (order.status !== 'draft')
      throw new ConflictError(`Purchase order ${order.orderNo} is no longer a draft`);
    const before = await getPurchaseOrder(tx, id);
    const { vatRate } = await getPurchaseSettings(tx);
    const { lines, totals } = await pricedLines(tx, body, vatRate);
    await tx
      .update(purchaseOrders)
      .set({
        supplierId: body.supplierId,
        orderDate: body.orderDate,
        expectedDate: body.expectedDate,
        terms: body.terms,
        remarks: body.remarks,
        ...totals,
      })
      .where(eq(purchaseOrders.id, id));
    await tx.delete(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, id));
    await tx.insert(purchaseOrderLines).values(lines.map((l) => ({ ...l, orderId: id })));
    const after = await getPurchaseOrder(tx, id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'updated',
      entity: 'purchase_order',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}
