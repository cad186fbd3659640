import { accountType, book, type StatementBook } from '@ushirika/contracts';
import { type AccountFigures, dec } from '@ushirika/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { localNameSql } from '../../../platform/labels.ts';
import { addDays } from '../reports/dates.ts';
import { closingEntryMovements, movements } from '../reports/movements.ts';

const figureRow = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  book,
  type: accountType,
  group_id: z.string(),
  class_id: z.string(),
  cash: z.boolean(),
  inter_book: z.boolean(),
  opening: z.string(),
  movement: z.string(),
  closed_earlier: z.string(),
});

/**
 * The accounts a statement of `book` reads: one book's, or both for the union. The union names
 * every account too (rather than `true`), so a part-month edge's lines are read per account from
 * the covering (account, date) index instead of scanning the journal lines for the dates.
 */
export const accountsOfBook = (statementBook: StatementBook): SQL =>
  statementBook === 'union'
    ? sql`account_id in (select id from accounts)`
    : sql`account_id in (select id from accounts where book = ${statementBook})`;

/**
 * Every account's posted figures for a statement, from the same balance reads the trial balance
 * makes (`movements`: the monthly balances, and journal lines only for part-month edges): the
 * balance before `from`, the movement over [from, to] without the year-end closing entries, and
 * the closing entries in the period dated before `yearStart` (the start of the year `to` is in).
 * Accounts with nothing posted up to `to` are left out.
 */
export async function accountFigures(
  db: DbOrTx,
  range: { book: StatementBook; from: string; to: string; yearStart: string },
): Promise<AccountFigures[]> {
  const { from, to } = range;
  const where = accountsOfBook(range.book);
  const rows = await queryRows(
    db,
    figureRow,
    sql`select a.id, a.code, ${localNameSql('a')} as name, a.book, a.group_id, g.class_id, c.type,
          a.is_bank_or_cash as cash,
          a.id in (select account_id from account_mappings
                   where key in ('due_to_operation', 'due_from_collection')) as inter_book,
          (coalesce(o.debit, 0) - coalesce(o.credit, 0))::text as opening,
          (coalesce(p.debit, 0) - coalesce(p.credit, 0) - coalesce(x.debit, 0) + coalesce(x.credit, 0))::text
            as movement,
          (coalesce(e.debit, 0) - coalesce(e.credit, 0))::text as closed_earlier
        from accounts a
        join account_groups g on g.id = a.group_id
        join account_classes c on c.id = g.class_id
        left join ${movements({ from: null, to: addDays(from, -1) }, where)} o on o.account_id = a.id
        left join ${movements({ from, to }, where)} p on p.account_id = a.id
        left join ${closingEntryMovements({ from, to }, where)} x on x.account_id = a.id
        left join ${closingEntryMovements({ from, to: addDays(range.yearStart, -1) }, where)} e on e.account_id = a.id
        where ${range.book === 'union' ? sql`true` : sql`a.book = ${range.book}`}
          and (o.account_id is not null or p.account_id is not null)
        order by a.book, a.code`,
  );
  return rows.map((r) => {
    return {
      id: r.id,
      code: r.code,
      name: r.name,
      book: r.book,
      type: r.type,
      groupId: r.group_id,
      classId: r.class_id,
      cash: r.cash,
      interBook: r.inter_book,
      opening: dec(r.opening),
      movement: dec(r.movement),
      closedEarlier: dec(r.closed_earlier),
    };
  });
}
