import type { PurchaseOrderDetail } from '@ushirika/contracts';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { type Body, pricedLines } from './priced-lines.ts';
import { getPurchaseOrder } from './queries.ts';
import { purchaseOrderLines, purchaseOrders } from './schema.ts';
import { getPurchaseSettings } from './settings.ts';

/** A new purchase order, as a draft with its PO- number, priced at the settings' VAT rate. */
export async function createPurchaseOrder(db: Db, actor: Actor, body: Body): Promise<PurchaseOrderDetail> {
  return db.transaction(async (tx) => {
    const { vatRate } = await getPurchaseSettings(tx);
    const { lines, totals } = await pricedLines(tx, body, vatRate);
    const orderNo = await nextDocumentNumber(tx, 'PO', Number(body.orderDate.slice(0, 4)));
    const [row] = await tx
      .insert(purchaseOrders)
      .values({
        orderNo,
        supplierId: body.supplierId,
        orderDate: body.orderDate,
        expectedDate: body.expectedDate,
        terms: body.terms,
        remarks: body.remarks,
        status: 'draft',
        ...totals,
        createdBy: actor.userId,
      })
      .returning({ id: purchaseOrders.id });
    if (!row) throw new Error('Purchase order insert returned nothing');
    await tx.insert(purchaseOrderLines).values(lines.map((l) => ({ ...l, orderId: row.id })));
    const after = await getPurchaseOrder(tx, row.id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'purchase_order',
      entityId: row.id,
      after,
    });
    return after;
  });
}
