import type { CreatePaymentOrReceiptBody, PaymentOrReceipt } from '@ushirika/contracts';
import { baseAmount, sum } from '@ushirika/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { postingYear } from '../../financial-years/posting-period.ts';
import { writeEntry } from '../journal/write-entry.ts';
import { assertLineAccounts, bankOrCashAccount, rateFor } from './checks.ts';
import { getPaymentOrReceipt } from './queries.ts';
import { paymentVoucherLines, paymentVouchers } from './schema.ts';

/** A payment (PV-) or receipt (RV-) voucher, saved as a draft for another person to approve. */
export async function createPaymentOrReceipt(
  db: Db,
  { body, actorId }: { body: CreatePaymentOrReceiptBody; actorId: string },
): Promise<PaymentOrReceipt> {
  return db.transaction(async (tx) => {
    const bank = await bankOrCashAccount(tx, body.bankAccountId, 'bankAccountId');
    const year = await postingYear(tx, bank.book, body.voucherDate, 'voucherDate');
    await assertLineAccounts(
      tx,
      bank.book,
      body.lines.map((l) => l.accountId),
    );
    const currency = body.currency ?? bank.currency;
    const rate = await rateFor(tx, currency, body.voucherDate, body.rate);
    const number = await nextDocumentNumber(
      tx,
      body.type === 'Payment' ? 'PV' : 'RV',
      Number(year.startDate.slice(0, 4)),
    );
    const [row] = await tx
      .insert(paymentVouchers)
      .values({
        number,
        type: body.type,
        voucherDate: body.voucherDate,
        book: bank.book,
        bankAccountId: bank.id,
        partyName: body.partyName,
        partyType: body.partyType ?? null,
        partyId: body.partyId ?? null,
        narration: body.narration,
        reference: body.reference ?? null,
        currency,
        rate,
        amount: sum(body.lines.map((l) => l.amount)).toFixed(2),
        createdBy: actorId,
      })
      .returning({ id: paymentVouchers.id });
    if (!row) throw new Error('Voucher insert returned nothing');
    await tx.insert(paymentVoucherLines).values(
      body.lines.map((l, i) => ({
        voucherId: row.id,
        lineNo: i + 1,
        accountId: l.accountId,
        amount: l.amount,
        description: l.description ?? null,
      })),
    );
    const voucher = await getPaymentOrReceipt(tx, row.id);
    await recordAudit(tx, {
      actorId,
      action: 'created',
      entity: 'payment_or_receipt',
      entityId: row.id,
      after: voucher,
    });
    return voucher;
  });
}

/**
 * Approves a voucher and posts it: a payment debits its lines and credits the bank, a receipt the
 * reverse. Maker-checker and race-safe like journal entries.
 */
export async function approvePaymentOrReceipt(
  db: Db,
  { id, actorId }: { id: string; actorId: string },
): Promise<PaymentOrReceipt> {
  return db.transaction(async (tx) => {
    const [draft] = await tx.select().from(paymentVouchers).where(eq(paymentVouchers.id, id));
    if (!draft) throw new NotFoundError('Payment or receipt not found');
    const what = draft.type.toLowerCase();
    if (draft.status !== 'draft') throw new ConflictError(`This ${what} is already approved`);
    if (draft.createdBy === actorId)
      throw new ForbiddenError(`You entered this ${what}, so another person must approve it`);
    const [claimed] = await tx
      .update(paymentVouchers)
      .set({ status: 'approved', approvedBy: actorId, approvedAt: new Date() })
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
      actorId,
    );
    await tx.update(paymentVouchers).set({ journalEntryId: entry.id }).where(eq(paymentVouchers.id, id));
    const voucher = await getPaymentOrReceipt(tx, id);
    await recordAudit(tx, {
      actorId,
      action: 'approved',
      entity: 'payment_or_receipt',
      entityId: id,
      after: voucher,
    });
    return voucher;
  });
}

/** What a voucher posts in TZS: the sum of its lines, each converted and rounded on its own. */
export const voucherBase = (amounts: string[], rate: string) =>
  sum(amounts.map((a) => baseAmount(a, rate))).toFixed(2);
