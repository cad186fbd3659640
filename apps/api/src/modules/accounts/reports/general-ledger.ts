import type { GeneralLedger } from '@ushirika/contracts';
import { dec, runningBalances } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { fieldError } from '../../../platform/errors.ts';
import { getAccount } from '../chart/queries.ts';
import { narrationFor } from '../journal/narrations.ts';
import { addDays } from './dates.ts';
import { movements } from './movements.ts';

const lineRow = z.object({
  line_id: z.string(),
  entry_id: z.string(),
  entry_number: z.string(),
  entry_date: z.string(),
  narration: z.string(),
  description: z.string().nullable(),
  party_name: z.string().nullable(),
  debit: z.string(),
  credit: z.string(),
});

const CURSOR = /^(\d{4}-\d{2}-\d{2})_([0-9a-f-]{36})$/;

/** Net debit of one account over each range, all read by one query. */
async function nets(
  db: DbOrTx,
  accountId: string,
  ranges: { from: string | null; to: string }[],
): Promise<string[]> {
  const where = sql`account_id = ${accountId}`;
  const [row] = await queryRows(
    db,
    z.record(z.string(), z.string().nullable()),
    sql`select ${sql.join(
      ranges.map(
        (r, i) =>
          sql`(select coalesce(sum(debit), 0) - coalesce(sum(credit), 0) from ${movements(r, where)} m) as ${sql.raw(`n${i}`)}`,
      ),
      sql`, `,
    )}`,
  );
  return ranges.map((_, i) => dec(row?.[`n${i}`] ?? '0').toFixed(2));
}

/**
 * One account's general ledger over [from, to]: opening balance, posted lines in date order with a
 * running balance, keyset-paged by (date, line id). A page's starting balance is computed from the
 * monthly balances plus the lines before the cursor in its month, so any page costs the same.
 */
export async function generalLedger(
  db: DbOrTx,
  query: { accountId: string; from: string; to: string; after?: string | undefined; limit: number },
): Promise<GeneralLedger> {
  if (query.from > query.to) throw fieldError('to', 'The end date must be on or after the start date');
  const cursor = query.after ? CURSOR.exec(query.after) : null;
  if (query.after && !cursor) throw fieldError('after', 'Not a valid page cursor');
  const [afterDate, afterId] = cursor ? [cursor[1] ?? '', cursor[2] ?? ''] : [null, null];
  const accountId = query.accountId;
  // The four reads are independent: on a pool they run at once, so a page costs its slowest read
  // (the cursor month's edge lines), not the sum. In a transaction they queue on its connection.
  const [account, [opening = '0.00', period = '0.00'], beforePage, rows] = await Promise.all([
    getAccount(db, accountId),
    nets(db, accountId, [
      { from: null, to: addDays(query.from, -1) },
      { from: query.from, to: query.to },
    ]),
    afterDate && afterId
      ? // From the start to the cursor: whole days before its day, then its day up to its line.
        queryRows(
          db,
          z.object({ net: z.string().nullable() }),
          sql`select (select coalesce(sum(debit), 0) - coalesce(sum(credit), 0)
                        from ${movements({ from: query.from, to: addDays(afterDate, -1) }, sql`account_id = ${accountId}`)} m)
                   + (select coalesce(sum(debit - credit), 0) from journal_lines
                       where posted and account_id = ${accountId} and entry_date = ${afterDate} and id <= ${afterId}) as net`,
        ).then((r) => dec(r[0]?.net ?? '0').toFixed(2))
      : Promise.resolve('0.00'),
    queryRows(
      db,
      lineRow,
      sql`select l.id as line_id, l.entry_id, e.number as entry_number, l.entry_date::text as entry_date, ${narrationFor('e')} as narration,
            l.description, l.party_name, l.debit, l.credit
          from journal_lines l join journal_entries e on e.id = l.entry_id
          where l.posted and l.account_id = ${accountId}
            and l.entry_date >= ${query.from} and l.entry_date <= ${query.to}
            ${afterDate ? sql`and (l.entry_date, l.id) > (${afterDate}::date, ${afterId}::uuid)` : sql``}
          order by l.entry_date, l.id
          limit ${query.limit + 1}`,
    ),
  ]);
  const closing = dec(opening).plus(period).toFixed(2);
  const pageOpening = dec(opening).plus(beforePage).toFixed(2);
  const page = rows.slice(0, query.limit);
  const balances = runningBalances(pageOpening, page);
  const last = page.at(-1);
  return {
    account: {
      id: account.id,
      code: account.code,
      name: account.name,
      book: account.book,
      type: account.type,
    },
    from: query.from,
    to: query.to,
    openingBalance: opening,
    pageOpeningBalance: pageOpening,
    closingBalance: closing,
    lines: page.map((l, i) => ({
      lineId: l.line_id,
      entryId: l.entry_id,
      entryNumber: l.entry_number,
      entryDate: l.entry_date,
      narration: l.narration,
      description: l.description,
      partyName: l.party_name,
      debit: l.debit,
      credit: l.credit,
      balance: balances[i] ?? pageOpening,
    })),
    nextCursor: rows.length > query.limit && last ? `${last.entry_date}_${last.line_id}` : null,
  };
}
