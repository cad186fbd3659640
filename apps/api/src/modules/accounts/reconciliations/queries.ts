import {
  bookLine,
  type CsvMapping,
  csvMapping,
  type MatchingQuery,
  type ReconciliationAccount,
  reconciliationAccount,
  statementLine,
} from '@ushirika/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { sqlPageOf } from '../../../platform/list.ts';
import { bankStatementMappings } from './schema.ts';
import { matchLine } from './suggest-matches.ts';

/** A journal line's amount in the account's currency, + for a debit (money in), - for a credit. */
export const signedBookAmount = sql.raw(
  '(case when l.debit > 0 then l.currency_amount else -l.currency_amount end)',
);

export async function listReconciliationAccounts(db: DbOrTx): Promise<ReconciliationAccount[]> {
  return queryRows(
    db,
    reconciliationAccount,
    sql`select a.id, a.code, a.name, a.book, a.currency, a.bank_name as "bankName",
          a.bank_account_number as "bankAccountNumber", m.mapping,
          (select count(*)::int from bank_statement_lines s where s.account_id = a.id and s.match_id is null)
            as "unmatchedLines"
        from accounts a left join bank_statement_mappings m on m.account_id = a.id
        where a.is_bank_or_cash and a.active
        order by a.book, a.code`,
  );
}

/** The matching screen: statement lines and book lines of the account, unmatched first page. */
export async function matchingLines(db: DbOrTx, accountId: string, q: MatchingQuery) {
  const like = q.search ? `%${q.search.replace(/[\\%_]/g, '\\$&')}%` : null;
  const offset = (q.page - 1) * q.per_page;
  const onlyOpen = q.matched === 'false';
  const statementWhere = sql`s.account_id = ${accountId}
    ${onlyOpen ? sql`and s.match_id is null` : sql``}
    ${like ? sql`and (s.reference ilike ${like} or s.description ilike ${like} or (s.amount_in + s.amount_out)::text like ${like})` : sql``}`;
  const bookWhere = sql`l.account_id = ${accountId} and l.posted
    ${onlyOpen ? sql`and not exists (select 1 from bank_matched_book_lines b where b.journal_line_id = l.id)` : sql``}
    ${like ? sql`and (e.reference ilike ${like} or e.number ilike ${like} or coalesce(l.description, e.narration) ilike ${like} or l.currency_amount::text like ${like})` : sql``}`;
  const [statement, bookLines, bookTotal] = await Promise.all([
    sqlPageOf(db, statementLine, {
      columns: sql`s.id, s.line_date::text as "lineDate", s.value_date::text as "valueDate", s.reference,
            s.description, s.amount_in as "amountIn", s.amount_out as "amountOut", s.balance,
            s.match_id as "matchId", s.entry_id as "entryId", e.number as "entryNumber",
            e.status as "entryStatus"`,
      from: sql`bank_statement_lines s left join journal_entries e on e.id = s.entry_id`,
      counted: sql`bank_statement_lines s`,
      where: statementWhere,
      order: [sql`s.line_date`, sql`s.id`],
      window: { limit: q.per_page, offset },
    }),
    queryRows(
      db,
      bookLine,
      sql`select l.id, l.entry_id as "entryId", e.number as "entryNumber", l.entry_date::text as "entryDate",
            e.reference, coalesce(l.description, e.narration) as description,
            (case when l.debit > 0 then l.currency_amount else 0 end)::numeric(18,2)::text as debit,
            (case when l.credit > 0 then l.currency_amount else 0 end)::numeric(18,2)::text as credit,
            (select b.match_id from bank_matched_book_lines b where b.journal_line_id = l.id) as "matchId"
          from journal_lines l join journal_entries e on e.id = l.entry_id
          where ${bookWhere} order by l.entry_date, l.id limit ${q.per_page} offset ${offset}`,
    ),
    bookCount(db, accountId, bookWhere, Boolean(like), onlyOpen),
  ]);
  return {
    statementLines: statement.rows,
    statementTotal: statement.total,
    bookLines,
    bookTotal: bookTotal[0]?.n ?? 0,
  };
}

/**
 * The number of book lines the page is out of. Without a search it is posted lines (index-only
 * scan) less matched ones, instead of an anti-join over every line of a busy account.
 */
async function bookCount(db: DbOrTx, accountId: string, where: SQL, searching: boolean, onlyOpen: boolean) {
  if (searching) {
    return queryRows(
      db,
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from journal_lines l join journal_entries e on e.id = l.entry_id where ${where}`,
    );
  }
  return queryRows(
    db,
    z.object({ n: z.number() }),
    sql`select ((select count(*) from journal_lines l where l.account_id = ${accountId} and l.posted)
          - ${onlyOpen ? sql`(select count(*) from bank_matched_book_lines b where b.account_id = ${accountId})` : sql`0`})::int as n`,
  );
}

/** Every unmatched line of the account, for the automatic matches. */
export async function unmatchedLines(db: DbOrTx, accountId: string) {
  const [statement, book] = await Promise.all([
    queryRows(
      db,
      matchLine,
      sql`select id, line_date::text as date, reference, (amount_in - amount_out)::text as amount
          from bank_statement_lines where account_id = ${accountId} and match_id is null`,
    ),
    queryRows(
      db,
      matchLine,
      sql`select l.id, l.entry_date::text as date, e.reference, ${signedBookAmount}::text as amount,
            (select pb.batch_no from payment_batches pb where e.source_type = 'payment_batch'
               and pb.id = e.source_id and exists (select 1 from payout_lines po where po.batch_id = pb.id))
              as "payoutBatch"
          from journal_lines l join journal_entries e on e.id = l.entry_id
          where l.account_id = ${accountId} and l.posted
            and not exists (select 1 from bank_matched_book_lines b where b.journal_line_id = l.id)`,
    ),
  ]);
  return { statement, book };
}

/** The CSV column mapping the account's last import saved, or null when it has none. */
export async function savedCsvMapping(db: DbOrTx, accountId: string): Promise<CsvMapping | null> {
  const [row] = await db
    .select({ mapping: bankStatementMappings.mapping })
    .from(bankStatementMappings)
    .where(eq(bankStatementMappings.accountId, accountId));
  return row ? csvMapping.parse(row.mapping) : null;
}
