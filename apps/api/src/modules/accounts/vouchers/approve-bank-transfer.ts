import type { BankTransfer } from '@ushirika/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../platform/errors.ts';
import { postAcrossBooks } from '../journal/post-across-books.ts';
import { writeEntry } from '../journal/write-entry.ts';
import { accounts } from '../schema.ts';
import { finishApproval } from './bank-transfers.ts';
import { bankTransfers } from './schema.ts';

/** Approves and posts a transfer: Dr the receiving account, Cr the paying one. */
export async function approveBankTransfer(
  db: Db,
  actor: Actor,
  { id }: { id: string },
): Promise<BankTransfer> {
  return db.transaction(async (tx) => {
    const [draft] = await tx.select().from(bankTransfers).where(eq(bankTransfers.id, id));
    if (!draft) throw new NotFoundError('Bank transfer not found');
    if (draft.status !== 'draft') throw new ConflictError('This bank transfer is already approved');
    if (draft.createdBy === actor.userId)
      throw new ForbiddenError('You entered this bank transfer, so another person must approve it');
    const [claimed] = await tx
      .update(bankTransfers)
      .set({ status: 'approved', approvedBy: actor.userId, approvedAt: new Date() })
      .where(and(eq(bankTransfers.id, id), eq(bankTransfers.status, 'draft')))
      .returning({ id: bankTransfers.id });
    if (!claimed) throw new ConflictError('This bank transfer is already approved');
    const [toAccount] = await tx
      .select({ book: accounts.book })
      .from(accounts)
      .where(eq(accounts.id, draft.toAccountId));
    if (toAccount && toAccount.book !== draft.book) {
      // Across the books, either way: each book's bank line balanced by due to Operation / due from
      // Collection. The event names the paying book, so each bank slot holds that book's chosen
      // account (the paying one credited, the receiving one debited).
      const fromOperation = draft.book === 'operation';
      const posted = await postAcrossBooks(tx, {
        type: 'book_transfer',
        amount: draft.amount,
        from: draft.book,
        accounts: fromOperation
          ? { operation_bank: draft.fromAccountId, collection_bank: draft.toAccountId }
          : { operation_bank: draft.toAccountId, collection_bank: draft.fromAccountId },
        date: draft.transferDate,
        narration: `${draft.number}: ${draft.narration}`,
        reference: draft.number,
        sourceType: 'bank_transfer',
        sourceId: id,
        actorId: actor.userId,
      });
      return finishApproval(tx, id, actor.userId, posted.ids[0] as string);
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
      actor.userId,
    );
    return finishApproval(tx, id, actor.userId, entry.id);
  });
}
