import type { SalesInvoiceDetail } from '@ushirika/contracts';
import { dec, todayInTanzania } from '@ushirika/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, NotFoundError } from '../../../platform/errors.ts';
import { narrate } from '../../accounts/journal/narrations.ts';
import { reverseJournalEntry } from '../../accounts/journal/reverse-journal-entry.ts';
import { lots } from '../../crop-flow/schema.ts';
import { receiptAllocations } from '../receipts/schema.ts';
import { getSalesInvoice } from './queries.ts';
import { salesInvoiceLines, salesInvoices } from './schema.ts';

/**
 * Cancels an invoice nothing has been paid against: the posting is reversed on the cancellation
 * date (never before the invoice date), and its sold lots go back to store. One transaction; the
 * invoice row is locked so a concurrent receipt allocation or second cancel waits and then fails.
 */
export async function cancelSalesInvoice(
  db: Db,
  actor: Actor,
  { id, reason }: { id: string; reason: string },
): Promise<SalesInvoiceDetail> {
  const actorId = actor.userId;
  return db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(salesInvoices).where(eq(salesInvoices.id, id)).for('update');
    if (!invoice) throw new NotFoundError('Invoice not found');
    if (invoice.status === 'cancelled') throw new ConflictError('This invoice is already cancelled');
    if (invoice.openingImportId)
      throw new ConflictError('An opening invoice is taken out by reversing its opening import');
    const [allocated] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(receiptAllocations)
      .where(eq(receiptAllocations.invoiceId, id));
    if (invoice.status !== 'issued' || dec(invoice.paidAmount).gt(0) || (allocated?.n ?? 0) > 0)
      throw new ConflictError('An invoice with payments allocated to it cannot be cancelled');
    const before = await getSalesInvoice(tx, id);
    const on = todayInTanzania() < invoice.invoiceDate ? invoice.invoiceDate : todayInTanzania();
    let reversalEntryId: string | null = null;
    if (invoice.journalEntryId) {
      // The accounting module's reversal, run inside this transaction (a savepoint).
      const reversal = await reverseJournalEntry(tx, actor, {
        id: invoice.journalEntryId,
        entryDate: on,
        narration: narrate('salesInvoiceCancelled', { invoiceNo: invoice.invoiceNo, reason }),
      });
      reversalEntryId = reversal.id;
    }
    await tx
      .update(salesInvoices)
      .set({
        status: 'cancelled',
        cancelReason: reason,
        cancelledAt: new Date(),
        cancelledBy: actorId,
        reversalEntryId,
      })
      .where(eq(salesInvoices.id, id));
    const lotIds = (
      await tx
        .select({ lotId: salesInvoiceLines.lotId })
        .from(salesInvoiceLines)
        .where(eq(salesInvoiceLines.invoiceId, id))
    ).flatMap((l) => (l.lotId ? [l.lotId] : []));
    if (lotIds.length > 0)
      await tx
        .update(lots)
        .set({ status: 'in_store' })
        .where(and(inArray(lots.id, lotIds), eq(lots.status, 'sold')));
    const after = await getSalesInvoice(tx, id);
    await recordAudit(tx, {
      actorId,
      action: 'cancelled',
      entity: 'sales_invoice',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}
