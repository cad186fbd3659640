import { todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { financialPositionStatement } from '../../src/modules/accounts/statements/financial-position.ts';
import { incomeAndExpenditureStatement } from '../../src/modules/accounts/statements/income-and-expenditure.ts';
import { bareMs, getScenario, timed } from '../lib/scenarios.ts';
import { type Data, isPglite, writeData } from './accounts.ts';
import type { BenchSuite } from './scenario.ts';

/**
 * The financial statements bench (#28): the statement of financial position and the statement of
 * income and expenditure of the union (both books, the previous year beside them, as the screen
 * asks) over the accounts suite's generated year of journal lines (2,000 accounts spread over every
 * group of the chart, so over assets, liabilities, funds, income and expenses), beside the bare SQL
 * of the same figures: every account's balance, or the income and expense accounts' movement,
 * summed from the journal lines.
 *
 * Two dates: the middle of a month (the worst case: the statements read the monthly balances and
 * the lines of the part-month edge, here half a month of lines) and the default, today.
 * BENCH_STATEMENT_LINES sets the size (default the issue's 5,000,000 on PostgreSQL, 1,000,000 on
 * PGlite as the accounts suite). When the accounts suite ran first in the same run its data is
 * reused (then BENCH_ACCOUNT_LINES sets the size).
 */
const existing = z.object({ lines: z.coerce.number(), start_date: z.string() });

async function dataOf(db: Db, adminId: string, wanted: number): Promise<{ data: Data; reused: boolean }> {
  const [found] = await queryRows(
    db,
    existing,
    sql`select (select count(*) from journal_lines)::text as lines,
          (select start_date::text from financial_years where status = 'open') as start_date
        where exists (select 1 from accounts where code = 'B0001')`,
  );
  if (!found) return { data: await writeData(db, adminId, wanted), reused: false };
  const asAt = todayInTanzania();
  return {
    data: {
      lines: found.lines,
      busyAccountId: '',
      from: found.start_date,
      asAt,
      midCursor: '',
      loadSeconds: 0,
    },
    reused: true,
  };
}

export const statementsSuite: BenchSuite = {
  name: 'statements',
  async prepare(db, { adminId }) {
    const wanted = Number(process.env.BENCH_STATEMENT_LINES ?? (isPglite(db) ? 1_000_000 : 5_000_000));
    const { data, reused } = await dataOf(db, adminId, wanted);
    const from = data.from;
    // Mid-month, a little past the middle of the generated dates: half a month of lines at the edge.
    const midMonth = `${from.slice(0, 4)}-06-15`;
    const balancesSql = (asAt: string) =>
      sql`select account_id, sum(debit) - sum(credit) from journal_lines
          where posted and entry_date <= ${asAt}::date group by account_id`;
    const movementSql = (to: string) =>
      sql`select l.account_id, sum(l.debit) - sum(l.credit) from journal_lines l
          where l.posted and l.entry_date between ${from}::date and ${to}::date
            and l.account_id in (select a.id from accounts a join account_groups g on g.id = a.group_id
              join account_classes c on c.id = g.class_id where c.type in ('income', 'expense'))
          group by l.account_id`;
    const position = (asAt: string) =>
      financialPositionStatement(db, { book: 'union', asAt, compare: 'previous-year' });
    const income = (to: string) =>
      incomeAndExpenditureStatement(db, { book: 'union', from, to, compare: 'previous-year' });
    const figures = [];
    for (const [when, day] of [
      ['mid-month', midMonth],
      ['today', data.asAt],
    ] as const) {
      figures.push(
        {
          name: `financial position (union, as at ${when}, previous year beside it)`,
          ms: await timed(5, () => position(day)),
          bare: {
            what: 'every account balance: GROUP BY account over the lines',
            ms: await timed(3, () => db.execute(balancesSql(day))),
          },
          target: { ratioAtMost: 0.2 },
        },
        {
          name: `income and expenditure (union, year to ${when}, previous year beside it)`,
          ms: await timed(5, () => income(day)),
          bare: {
            what: 'income and expense movements: GROUP BY account over the year to date',
            ms: await timed(3, () => db.execute(movementSql(day))),
          },
          target: { ratioAtMost: 0.2 },
        },
      );
    }
    const note = (body: unknown) => {
      const d = (body as { data: { balanced: boolean; sections: { lines: unknown[] }[] } }).data;
      return `${d.sections.reduce((n, s) => n + s.lines.length, 0)} lines, balanced ${d.balanced}`;
    };
    const scenarios = (['mid-month', 'today'] as const).flatMap((when) => {
      const day = when === 'mid-month' ? midMonth : data.asAt;
      return [
        getScenario(
          `GET /api/reports/financial-position (union, as at ${when}, compare)`,
          `/api/reports/financial-position?book=union&as_at=${day}&compare=previous-year`,
          500,
          note,
          bareMs('every account balance: GROUP BY account over the lines', 3, () =>
            db.execute(balancesSql(day)),
          ),
        ),
        getScenario(
          `GET /api/reports/income-and-expenditure (union, year to ${when}, compare)`,
          `/api/reports/income-and-expenditure?book=union&from=${from}&to=${day}&compare=previous-year`,
          500,
          note,
          bareMs('income and expense movements: GROUP BY account over the year to date', 3, () =>
            db.execute(movementSql(day)),
          ),
        ),
      ];
    });
    return {
      description: `${data.lines.toLocaleString('en')} journal lines over 2,000 accounts (${
        reused ? "the accounts suite's data" : `written in ${data.loadSeconds.toFixed(1)} s`
      }); mid-month = ${midMonth}, today = ${data.asAt}`,
      figures,
      scenarios,
    };
  },
};
