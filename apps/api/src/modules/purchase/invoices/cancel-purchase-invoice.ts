import type { PurchaseInvoiceDetail } from '@ushirika/contracts';
import { dec, todayInTanzania } from '@ushirika/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, NotFoundError } from '../../../platform/errors.ts';
import { narrate } from '../../accounts/journal/narrations.ts';
import { reverseJournalEntry } from '../../accounts/journal/reverse-journal-entry.ts';
import { purchaseOrderLines } from '../orders/schema.ts';
import { supplierPaymentAllocations, supplierPayments } from '../payments/schema.ts';
import { getPurchaseInvoice } from './queries.ts';
import { purchaseInvoiceLines, purchaseInvoices } from './schema.ts';

/**
 * Cancels an invoice nothing is paid or being paid against: a posted one is reversed on the
 * cancellation date (never before the invoice date), and its quantities are free to invoice again.
 */
export async function cancelPurchaseInvoice(
  db: Db,
  actor: Actor,
  { id, reason }: { id: string; reason: string },
): Promise<PurchaseInvoiceDetail> {
  return db.transaction(async (tx) => {
    const [invoice] = await tx
      .select()
      .from(purchaseInvoices)
      .where(eq(purchaseInvoices.id, id))
      .for('update');
    if (!invoice) throw new NotFoundError('Purchase invoice not found');
    if (invoice.status === 'cancelled')
      throw new ConflictError(`Purchase invoice ${invoice.invoiceNo} is already cancelled`);
    if (invoice.openingImportId)
      throw new ConflictError('An opening invoice is taken out by reversing its opening import');
    if (dec(invoice.paidAmount).gt(0) || !['awaiting_approval', 'open'].includes(invoice.status))
      throw new ConflictError(
        `Purchase invoice ${invoice.invoiceNo} is paid or part paid: it cannot be cancelled`,
      );
    const [pending] = await tx
      .select({ paymentNo: supplierPayments.paymentNo })
      .from(supplierPaymentAllocations)
      .innerJoin(supplierPayments, eq(supplierPayments.id, supplierPaymentAllocations.paymentId))
      .where(and(eq(supplierPaymentAllocations.invoiceId, id), eq(supplierPayments.status, 'draft')))
      .limit(1);
    if (pending)
      throw new ConflictError(
        `Payment ${pending.paymentNo} waiting for approval pays this invoice: cancel it first`,
      );
    const before = await getPurchaseInvoice(tx, id);
    let reversalEntryId: string | null = null;
    if (invoice.journalEntryId) {
      const on = todayInTanzania() < invoice.invoiceDate ? invoice.invoiceDate : todayInTanzania();
      const reversal = await reverseJournalEntry(tx, actor, {
        id: invoice.journalEntryId,
        entryDate: on,
        narration: narrate('purchaseInvoiceCancelled', { invoiceNo: invoice.invoiceNo, reason }),
      });
      reversalEntryId = reversal.id;
    }
    await tx
      .update(purchaseInvoices)
      .set({
        status: 'cancelled',
        cancelReason: reason,
        cancelledAt: new Date(),
        cancelledBy: actor.userId,
        reversalEntryId,
      })
      .where(eq(purchaseInvoices.id, id));
    const lines = await tx.select().from(purchaseInvoiceLines).where(eq(purchaseInvoiceLines.invoiceId, id));
    for (const l of lines)
      await tx
        .update(purchaseOrderLines)
        .set({ invoicedQuantity: sql`${purchaseOrderLines.invoicedQuantity} - ${l.quantity}::numeric` })
        .where(eq(purchaseOrderLines.id, l.orderLineId));
    const after = await getPurchaseInvoice(tx, id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'cancelled',
      entity: 'purchase_invoice',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}
