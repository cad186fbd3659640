import type { PaymentOrReceipt } from '@ushirika/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../platform/errors.ts';
import { writeEntry } from '../journal/write-entry.ts';
import { voucherBase } from './payments-and-receipts.ts';
import { getPaymentOrReceipt } from './queries.ts';
import { paymentVoucherLines, paymentVouchers } from './schema.ts';

/**
 * Approves a voucher and posts it: a payment debits its lines and credits the bank, a receipt the
 * reverse. Maker-checker and race-safe like journal entries.
 */
export async function approvePaymentOrReceipt(
  db: Db,
  actor: Actor,
  { id }: { id: string },
): Promise<PaymentOrReceipt> {
  return db.transaction(async (tx) => {
    const [draft] = await tx.select().from(paymentVouchers).where(eq(paymentVouchers.id, id));
    if (!draft) throw new NotFoundError('Payment or receipt not found');
    const what = draft.type.toLowerCase();
    if (draft.status !== 'draft') throw new ConflictError(`This ${what} is already approved`);
    if (draft.createdBy === actor.userId)
      throw new ForbiddenError(`You entered this ${what}, so another person must approve it`);
    const [claimed] = await tx
      .update(paymentVouchers)
      .set({ status: 'approved', approvedBy: actor.userId, approvedAt: new Date() })
      .where(and(eq(paymentVouchers.id, id), eq(paymentVouchers.status, 'draft')))
      .returning({ id: paymentVouchers.id });
    if (!claimed) throw new ConflictError(`This ${what} is already approved`);
    const lines = await tx
      .select()
      .from(paymentVoucherLines)
      .where(eq(paymentVoucherLines.voucherId, id))
      .orderBy(asc(paymentVoucherLines.lineNo));
    const isPayment = draft.type === 'Payment';
    const side = (amount: string, debit: boolean) => ({
      debit: debit ? amount : '0',
      credit: debit ? '0' : amount,
    });
    const party = { partyName: draft.partyName, ...(draft.partyId ? { partyId: draft.partyId } : {}) };
    const entry = await writeEntry(
      tx,
      {
        entryDate: draft.voucherDate,
        book: draft.book,
        narration: `${draft.number}: ${draft.narration}`,
        reference: draft.number,
        source: isPayment ? 'payment' : 'receipt',
        sourceType: 'payment_or_receipt',
        sourceId: id,
        createdBy: draft.createdBy,
        lines: [
          ...lines.map((l) => ({
            accountId: l.accountId,
            ...side(l.amount, isPayment),
            currency: draft.currency,
            rate: draft.rate,
            ...(l.description ? { description: l.description } : {}),
            ...party,
          })),
          {
            accountId: draft.bankAccountId,
            ...side(draft.amount, !isPayment),
            currency: draft.currency,
            rate: draft.rate,
            base: voucherBase(
              lines.map((l) => l.amount),
              draft.rate,
            ),
            ...party,
          },
        ],
      },
      actor.userId,
    );
    await tx.update(paymentVouchers).set({ journalEntryId: entry.id }).where(eq(paymentVouchers.id, id));
    const voucher = await getPaymentOrReceipt(tx, id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'approved',
      entity: 'payment_or_receipt',
      entityId: id,
      after: voucher,
    });
    return voucher;
  });
}
