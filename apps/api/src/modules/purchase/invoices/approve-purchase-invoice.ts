import type { PurchaseInvoiceDetail } from '@ushirika/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../platform/errors.ts';
import { postPurchaseInvoice } from './post-invoice.ts';
import { getPurchaseInvoice } from './queries.ts';
import { purchaseInvoices } from './schema.ts';

/**
 * Accepts an invoice whose differences are beyond tolerance, with the reason, and posts it. By
 * someone other than whoever entered it; race-safe (one conditional UPDATE claims the invoice).
 */
export async function approvePurchaseInvoice(
  db: Db,
  actor: Actor,
  { id, reason }: { id: string; reason: string },
): Promise<PurchaseInvoiceDetail> {
  return db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(purchaseInvoices).where(eq(purchaseInvoices.id, id));
    if (!invoice) throw new NotFoundError('Purchase invoice not found');
    if (invoice.status !== 'awaiting_approval')
      throw new ConflictError(`Purchase invoice ${invoice.invoiceNo} is not waiting for approval`);
    if (invoice.createdBy === actor.userId)
      throw new ForbiddenError('You entered this purchase invoice, so another person must approve it');
    const [claimed] = await tx
      .update(purchaseInvoices)
      .set({ status: 'open', approvalReason: reason, approvedAt: new Date(), approvedBy: actor.userId })
      .where(and(eq(purchaseInvoices.id, id), eq(purchaseInvoices.status, 'awaiting_approval')))
      .returning({ id: purchaseInvoices.id });
    if (!claimed)
      throw new ConflictError(`Purchase invoice ${invoice.invoiceNo} is not waiting for approval`);
    await postPurchaseInvoice(tx, id, actor.userId);
    const after = await getPurchaseInvoice(tx, id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'approved',
      entity: 'purchase_invoice',
      entityId: id,
      before: { status: invoice.status },
      after: { status: 'open', approvalReason: reason, journalEntryId: after.journalEntryId },
    });
    return after;
  });
}
