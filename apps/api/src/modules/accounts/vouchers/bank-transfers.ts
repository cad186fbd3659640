import type { BankTransfer, CreateBankTransferBody } from '@ushirika/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ForbiddenError, fieldError, NotFoundError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { postingYear } from '../../financial-years/posting-period.ts';
import { postAcrossBooks } from '../journal/post-across-books.ts';
import { writeEntry } from '../journal/write-entry.ts';
import { accounts } from '../schema.ts';
import { bankOrCashAccount, rateFor } from './checks.ts';
import { getBankTransfer } from './queries.ts';
import { bankTransfers } from './schema.ts';

/**
 * A transfer between two bank or cash accounts (BT-), a draft until approved: of one book, or
 * between the books in TZS (the collection bank paying the union's income to the operation bank).
 */
export async function createBankTransfer(
  db: Db,
  { body, actorId }: { body: CreateBankTransferBody; actorId: string },
): Promise<BankTransfer> {
  return db.transaction(async (tx) => {
    const from = await bankOrCashAccount(tx, body.fromAccountId, 'fromAccountId');
    const to = await bankOrCashAccount(tx, body.toAccountId, 'toAccountId');
    const currency = body.currency ?? from.currency;
    // Between the books (e.g. the union's income out of the collection bank): TZS only, posted
    // through due-to / due-from (#16), both books' periods open.
    if (from.book !== to.book && (currency !== 'TZS' || from.currency !== 'TZS' || to.currency !== 'TZS'))
      throw fieldError('toAccountId', 'A transfer between the two books is in TZS between TZS accounts');
    const year = await postingYear(tx, from.book, body.transferDate, 'transferDate');
    if (from.book !== to.book) await postingYear(tx, to.book, body.transferDate, 'transferDate');
    const rate = await rateFor(tx, currency, body.transferDate, body.rate);
    const number = await nextDocumentNumber(tx, 'BT', Number(year.startDate.slice(0, 4)));
    const [row] = await tx
      .insert(bankTransfers)
      .values({
        number,
        transferDate: body.transferDate,
        book: from.book,
        fromAccountId: from.id,
        toAccountId: to.id,
        amount: body.amount,
        currency,
        rate,
        narration: body.narration,
        reference: body.reference ?? null,
        createdBy: actorId,
      })
      .returning({ id: bankTransfers.id });
    if (!row) throw new Error('Transfer insert returned nothing');
    const transfer = await getBankTransfer(tx, row.id);
    await recordAudit(tx, {
      actorId,
      action: 'created',
      entity: 'bank_transfer',
      entityId: row.id,
      after: transfer,
    });
    return transfer;
  });
}

/** Approves and posts a transfer: Dr the receiving account, Cr the paying one. */
export async function approveBankTransfer(
  db: Db,
  { id, actorId }: { id: string; actorId: string },
): Promise<BankTransfer> {
  return db.transaction(async (tx) => {
    const [draft] = await tx.select().from(bankTransfers).where(eq(bankTransfers.id, id));
    if (!draft) throw new NotFoundError('Bank transfer not found');
    if (draft.status !== 'draft') throw new ConflictError('This bank transfer is already approved');
    if (draft.createdBy === actorId)
      throw new ForbiddenError('You entered this bank transfer, so another person must approve it');
    const [claimed] = await tx
      .update(bankTransfers)
      .set({ status: 'approved', approvedBy: actorId, approvedAt: new Date() })
      .where(and(eq(bankTransfers.id, id), eq(bankTransfers.status, 'draft')))
      .returning({ id: bankTransfers.id });
    if (!claimed) throw new ConflictError('This bank transfer is already approved');
    const [toAccount] = await tx
      .select({ book: accounts.book })
      .from(accounts)
      .where(eq(accounts.id, draft.toAccountId));
    if (toAccount && toAccount.book !== draft.book) {
      // Across the books: each book's bank line balanced by due to Operation / due from Collection.
      // The event's two bank slots are filled with the chosen accounts (receiving one debited).
      const posted = await postAcrossBooks(tx, {
        type: 'book_transfer',
        amount: draft.amount,
        accounts: { operation_bank: draft.toAccountId, collection_bank: draft.fromAccountId },
        date: draft.transferDate,
        narration: `${draft.number}: ${draft.narration}`,
        reference: draft.number,
        sourceType: 'bank_transfer',
        sourceId: id,
        actorId,
      });
      return finishApproval(tx, id, actorId, posted.ids[0] as string);
    }
    const line = { currency: draft.currency, rate: draft.rate };
    const entry = await writeEntry(
      tx,
      {
        entryDate: draft.transferDate,
        book: draft.book,
        narration: `${draft.number}: ${draft.narration}`,
        reference: draft.number,
        source: 'bank_transfer',
        sourceType: 'bank_transfer',
        sourceId: id,
        createdBy: draft.createdBy,
        lines: [
          { accountId: draft.toAccountId, debit: draft.amount, credit: '0', ...line },
          { accountId: draft.fromAccountId, debit: '0', credit: draft.amount, ...line },
        ],
      },
      actorId,
    );
    return finishApproval(tx, id, actorId, entry.id);
  });
}

async function finishApproval(tx: DbOrTx, id: string, actorId: string, entryId: string) {
  await tx.update(bankTransfers).set({ journalEntryId: entryId }).where(eq(bankTransfers.id, id));
  const transfer = await getBankTransfer(tx, id);
  await recordAudit(tx, {
    actorId,
    action: 'approved',
    entity: 'bank_transfer',
    entityId: id,
    after: transfer,
  });
  return transfer;
}
