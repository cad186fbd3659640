import { dec } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { ConflictError, NotFoundError } from '../../../platform/errors.ts';
import { auditedNewEntry } from '../journal/create-journal-entry.ts';
import { writeEntry } from '../journal/write-entry.ts';
import { bankAccount } from './bank-account.ts';

/**
 * Bank charges or interest found only on the statement: a draft journal entry through the journal's
 * own door (writeEntry as a draft, source `journal`, exactly what POST /accounts/journal-entries
 * does), dated on the statement line with its reference, so that once another person approves it
 * the automatic matches pair it with the line (same amount and reference).
 */
export async function draftStatementEntry(
  db: Db,
  actor: Actor,
  input: { statementLineId: string; counterAccountId: string; narration?: string | undefined },
) {
  return db.transaction(async (tx) => {
    const [line] = await queryRows(
      tx,
      z.object({
        accountId: z.string(),
        date: z.string(),
        reference: z.string().nullable(),
        description: z.string(),
        amountIn: z.string(),
        amountOut: z.string(),
        matchId: z.string().nullable(),
        entryId: z.string().nullable(),
      }),
      sql`select account_id as "accountId", line_date::text as date, reference, description,
            amount_in as "amountIn", amount_out as "amountOut", match_id as "matchId", entry_id as "entryId"
          from bank_statement_lines where id = ${input.statementLineId}`,
    );
    if (!line) throw new NotFoundError('Statement line not found');
    const account = await bankAccount(tx, actor, line.accountId, { lock: true });
    if (line.matchId) throw new ConflictError('This statement line is already matched');
    if (line.entryId) throw new ConflictError('An entry was already drafted from this statement line');
    const moneyIn = dec(line.amountIn);
    const amount = moneyIn.isZero() ? line.amountOut : line.amountIn;
    const currency = account.currency === 'TZS' ? {} : { currency: account.currency };
    const bankSide = moneyIn.isZero() ? { credit: amount } : { debit: amount };
    const otherSide = moneyIn.isZero() ? { debit: amount } : { credit: amount };
    const narration = (input.narration ?? (line.description || 'Bank statement item')).slice(0, 200);
    const { id } = await writeEntry(tx, {
      entryDate: line.date,
      book: account.book,
      narration,
      reference: line.reference ?? undefined,
      source: 'journal',
      createdBy: actor.userId,
      lines: [
        { accountId: input.counterAccountId, ...otherSide, ...currency, description: narration },
        { accountId: account.id, ...bankSide, ...currency, description: narration },
      ],
    });
    await tx.execute(
      sql`update bank_statement_lines set entry_id = ${id} where id = ${input.statementLineId}`,
    );
    return auditedNewEntry(tx, actor, id);
  });
}
