import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../src/db/client.ts';
import { queryRows } from '../../../src/db/rows.ts';
import { yearEndBooks } from '../../../src/modules/accounts/reports/year-closing.ts';
import { readYearSurplus } from '../../../src/modules/accounts/statements/read-year-surplus.ts';
import { closeFinancialYear } from '../../../src/modules/financial-years/close-financial-year.ts';
import { createFinancialYear } from '../../../src/modules/financial-years/create-financial-year.ts';
import { reopenFinancialYear } from '../../../src/modules/financial-years/reopen-financial-year.ts';
import type { Actor } from '../../../src/platform/access.ts';
import type { ApexPlan, ApexState } from './plan.ts';
import { writeState } from './plan.ts';

export type Year = { id: string; name: string; start: string; end: string };
export type Years = { previous: Year; current: Year };

const yearRow = z.object({ id: z.string(), name: z.string(), start: z.string(), end: z.string() });
const yearSql = (where: SQL) =>
  sql`select id, name, start_date::text as start, end_date::text as "end" from financial_years where ${where}`;

/** The bench's actor for the use cases it calls while generating (the bench administrator). */
export const benchActor = (adminId: string): Actor => ({
  userId: adminId,
  sessionId: 'apex-bench',
  amcosId: null,
  permissions: new Set(),
});

/**
 * 1,000 accounts in each book over every group of the chart (so income and expenses, closed at
 * year end, and the balance sheet's groups), AX0001.. in the collection book, AX1001.. in operation.
 */
export async function writeAccounts(db: Db, plan: ApexPlan) {
  await db.execute(sql`insert into accounts (id, code, name, book, group_id, currency)
    select gen_random_uuid(), 'AX' || lpad(n::text, 4, '0'), 'Apex account ' || n,
      case when n <= ${plan.accountsPerBook} then 'collection' else 'operation' end,
      g.ids[1 + n % array_length(g.ids, 1)], 'TZS'
    from generate_series(1, ${2 * plan.accountsPerBook}) n, (select array_agg(id order by code) ids from account_groups) g`);
}

/**
 * The previous calendar year opened before the current one: the current (bootstrap's, empty) is
 * set aside as closed, the previous one created by the app's use case; after its lines the app
 * closes it (closing entries) and reopens the current one (`closePrevious`).
 */
export async function arrangeYears(db: Db, actor: Actor): Promise<void> {
  const [current] = await queryRows(db, yearRow, yearSql(sql`status = 'open'`));
  if (!current) throw new Error('bootstrap opened no financial year');
  const [posted] = await queryRows(
    db,
    z.object({ n: z.number() }),
    sql`select count(*)::int as n from journal_entries`,
  );
  if ((posted?.n ?? 0) > 0)
    throw new Error('the apex database already has journal entries: generate into an empty one');
  await db.execute(sql`update financial_years set status = 'closed' where id = ${current.id}`);
  const y = Number(current.start.slice(0, 4)) - 1;
  await createFinancialYear(db, actor, { name: `FY ${y}`, startDate: `${y}-01-01`, endDate: `${y}-12-31` });
}

export async function readYears(db: Db): Promise<Years> {
  const rows = await queryRows(db, yearRow, yearSql(sql`true order by start_date desc limit 2`));
  const [current, previous] = rows;
  if (!current || !previous) throw new Error('the apex database has no two financial years');
  return { previous, current };
}

/** The previous year closed by the app (closing entries into retained earnings), the current reopened. */
export async function closePrevious(db: Db, actor: Actor, years: Years): Promise<void> {
  await closeFinancialYear(db, actor, {
    id: years.previous.id,
    books: { ...yearEndBooks, surplus: readYearSurplus },
  });
  await reopenFinancialYear(db, actor, { id: years.current.id, reason: 'Apex bench: the current year' });
}

const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/** Entries 1..previousEntries fall in the previous year, the rest in the current one up to `today`. */
export function journalSplit(plan: ApexPlan, years: Years, today: string) {
  const previousDays = days(years.previous.start, years.previous.end);
  const currentDays = days(years.current.start, today);
  const previousEntries = Math.round((plan.entries * previousDays) / (previousDays + currentDays));
  return { previousDays, currentDays, previousEntries };
}

/**
 * Journal entries `from`..`to` (1-based, global) of one year, `chunk` per transaction: each a
 * balanced two-line entry in one book (even n collection, odd n operation), dated on in step with
 * n over the year's `yearDays` days from `yearStart` (entries `base`..`base + yearEntries - 1`).
 * Every fifth entry credits the book's first account (AX0001, AX1001: the busiest). The monthly
 * balances the trigger would keep are added from the lines written, in the same transaction.
 */
export async function writeEntries(
  db: Db,
  state: ApexState,
  o: {
    to: number;
    base: number;
    yearEntries: number;
    year: Year;
    yearDays: number;
    chunk: number;
    adminId: string;
  },
) {
  while (state.entriesWritten < o.to) {
    const a = state.entriesWritten + 1;
    const b = Math.min(o.to, a + o.chunk - 1);
    await db.transaction(async (tx) => {
      // Loading only: no row triggers (balanced and keyed by construction; the balances added below).
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`insert into journal_entries (id, number, entry_date, book, financial_year_id, narration,
          source, status, total, created_by, approved_by, approved_at)
        select ('00000000-0000-4000-9000-' || lpad(to_hex(n), 12, '0'))::uuid, 'AX-' || lpad(n::text, 9, '0'),
          ${o.year.start}::date + ((n - ${o.base}) * ${o.yearDays} / ${o.yearEntries})::int,
          case when n % 2 = 0 then 'collection' else 'operation' end, ${o.year.id}::uuid, 'Apex bench entry ' || n,
          'journal', 'posted', ((n * 7919) % 10000000 + 100) / 100.0, ${o.adminId}::uuid, ${o.adminId}::uuid, now()
        from generate_series(${a}::bigint, ${b}::bigint) n`);
      await tx.execute(linesSql(a, b, o));
      state.entriesWritten = b;
      await writeState(tx, state);
    });
  }
}

function linesSql(
  a: number,
  b: number,
  o: { base: number; yearEntries: number; year: Year; yearDays: number },
) {
  return sql`with acc as (
      select (select array_agg(id order by code) from accounts where book = 'collection' and code like 'AX%') as c,
             (select array_agg(id order by code) from accounts where book = 'operation' and code like 'AX%') as o),
    e as (
      select n, ${o.year.start}::date + ((n - ${o.base}) * ${o.yearDays} / ${o.yearEntries})::int as day,
        ((n * 7919) % 10000000 + 100) / 100.0 as amount, (n * 7919) % 1000 as d,
        case when n % 5 = 0 and (n * 7919) % 1000 <> 0 then 0
          else ((n * 7919) % 1000 + 1 + (n * 104729 + 13) % 999) % 1000 end as c
      from generate_series(${a}::bigint, ${b}::bigint) n),
    written as (
      insert into journal_lines (id, entry_id, line_no, account_id, entry_date, posted, debit, credit, currency,
        currency_amount, rate)
      select ('00000000-0000-4000-a000-' || lpad(to_hex(e.n * 2 + k), 12, '0'))::uuid,
        ('00000000-0000-4000-9000-' || lpad(to_hex(e.n), 12, '0'))::uuid, k,
        (case when e.n % 2 = 0 then acc.c else acc.o end)[1 + (case when k = 1 then e.d else e.c end)::int],
        e.day, true, case when k = 1 then e.amount else 0 end, case when k = 2 then e.amount else 0 end,
        'TZS', e.amount, 1
      from e cross join (values (1), (2)) s(k), acc
      order by e.n, k
      returning account_id, entry_date, debit, credit)
    insert into account_period_balances as b (account_id, period, debit, credit)
      select account_id, date_trunc('month', entry_date)::date, sum(debit), sum(credit) from written group by 1, 2
      on conflict (account_id, period) do update set debit = b.debit + excluded.debit, credit = b.credit + excluded.credit`;
}
