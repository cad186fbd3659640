import type { MatchProposal } from '@ushirika/contracts';
import { dec, sum } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ValidationError } from '../../../platform/errors.ts';
import { bankAccount } from './bank-account.ts';
import { signedBookAmount } from './queries.ts';

const idsJson = (ids: string[]) =>
  sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;

/**
 * Saves matches (accepted automatic ones in bulk, or one made by hand) in one transaction: every
 * line of the account, not matched yet (a book line posted), used once, and each match's statement
 * lines totalling its book lines exactly. A line matched meanwhile by someone else: 409, nothing saved.
 */
export async function acceptMatches(
  db: Db,
  actor: Actor,
  input: { accountId: string; matches: MatchProposal[] },
) {
  return db.transaction(async (tx) => {
    const account = await bankAccount(tx, actor, input.accountId, { lock: true });
    const statementIds = input.matches.flatMap((m) => m.statementLineIds);
    const bookIds = input.matches.flatMap((m) => m.journalLineIds);
    if (new Set(statementIds).size !== statementIds.length || new Set(bookIds).size !== bookIds.length) {
      throw new ValidationError('A line can be in one match only');
    }
    const [statementRows, bookRows] = await Promise.all([
      queryRows(
        tx,
        z.object({ id: z.string(), amount: z.string(), matched: z.boolean() }),
        sql`select id, (amount_in - amount_out)::text as amount, match_id is not null as matched
            from bank_statement_lines where account_id = ${account.id} and id in ${idsJson(statementIds)}`,
      ),
      queryRows(
        tx,
        z.object({ id: z.string(), amount: z.string(), matched: z.boolean() }),
        sql`select l.id, ${signedBookAmount}::text as amount,
              exists (select 1 from bank_matched_book_lines b where b.journal_line_id = l.id) as matched
            from journal_lines l where l.account_id = ${account.id} and l.posted and l.id in ${idsJson(bookIds)}`,
      ),
    ]);
    if (statementRows.length !== statementIds.length)
      throw new ValidationError('A statement line is not of this account');
    if (bookRows.length !== bookIds.length)
      throw new ValidationError('A book line is not a posted line of this account');
    if ([...statementRows, ...bookRows].some((r) => r.matched))
      throw new ConflictError('A line is already matched');
    const amounts = new Map([...statementRows, ...bookRows].map((r) => [r.id, r.amount]));
    const rows = input.matches.map((m) => {
      const bank = sum(m.statementLineIds.map((id) => amounts.get(id) ?? '0'));
      const books = sum(m.journalLineIds.map((id) => amounts.get(id) ?? '0'));
      if (!bank.eq(books)) {
        throw new ValidationError(
          `The statement lines (${bank.toFixed(2)}) and the book lines (${books.toFixed(2)}) differ by ${bank.minus(books).toFixed(2)}`,
        );
      }
      if (m.statementLineIds.length === 0 && !dec(books).isZero())
        throw new ValidationError('Book lines alone must total zero');
      return { id: uuidv7(), ...m };
    });
    await tx.execute(sql`insert into bank_matches (id, account_id, reason, created_by)
      select id, ${account.id}, reason, ${actor.userId}
      from json_to_recordset(${JSON.stringify(rows.map((r) => ({ id: r.id, reason: r.reason })))}::json)
        as v(id uuid, reason text)`);
    const links = (key: 'statementLineIds' | 'journalLineIds') =>
      JSON.stringify(rows.flatMap((r) => r[key].map((line) => ({ line, match: r.id }))));
    const [statementSet, bookSet] = await Promise.all([
      queryRows(
        tx,
        sql`update bank_statement_lines s set match_id = v.match
            from json_to_recordset(${links('statementLineIds')}::json) as v(line uuid, match uuid)
            where s.id = v.line and s.match_id is null returning s.id`,
      ),
      queryRows(
        tx,
        sql`insert into bank_matched_book_lines (journal_line_id, match_id, account_id)
            select line, match, ${account.id} from json_to_recordset(${links('journalLineIds')}::json)
              as v(line uuid, match uuid)
            on conflict do nothing returning journal_line_id`,
      ),
    ]);
    if (statementSet.length !== statementIds.length || bookSet.length !== bookIds.length) {
      throw new ConflictError('A line was matched by someone else meanwhile; reload');
    }
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'matched',
      entity: 'bank_account',
      entityId: account.id,
      after: { matches: rows.length, statementLines: statementIds.length, bookLines: bookIds.length },
    });
    return { matched: rows.length };
  });
}
