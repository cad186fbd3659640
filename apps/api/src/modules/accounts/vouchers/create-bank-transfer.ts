import type { BankTransfer, CreateBankTransferBody } from '@ushirika/contracts';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { fieldError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { postingYear } from '../../financial-years/posting-period.ts';
import { bankOrCashAccount, rateFor } from './checks.ts';
import { getBankTransfer } from './queries.ts';
import { bankTransfers } from './schema.ts';

/**
 * A transfer between two bank or cash accounts (BT-), a draft until approved: of one book, or
 * between the books in TZS (the collection bank paying the union's income to the operation bank).
 */
export async function createBankTransfer(
  db: Db,
  actor: Actor,
  body: CreateBankTransferBody,
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
        createdBy: actor.userId,
      })
      .returning({ id: bankTransfers.id });
    if (!row) throw new Error('Transfer insert returned nothing');
    const transfer = await getBankTransfer(tx, row.id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'bank_transfer',
      entityId: row.id,
      after: transfer,
    });
    return transfer;
  });
}
