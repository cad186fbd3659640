import { todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { generalLedger } from '../../src/modules/accounts/reports/general-ledger.ts';
import { trialBalance } from '../../src/modules/accounts/reports/trial-balance.ts';
import { bareMs, getScenario, timed } from '../lib/scenarios.ts';
import { commitCeilingScenario, postingScenario } from './postings.ts';
import type { BenchSuite } from './scenario.ts';

/**
 * The accounting bench: a year of postings written with server-side bulk SQL (generate_series,
 * 250,000 entries = 500,000 lines per statement, triggers off while loading, balances rebuilt in
 * one GROUP BY), then the trial balance, a busy account's ledger page and the posting function.
 * BENCH_ACCOUNT_LINES sets the size (default 5,000,000 on PostgreSQL, 1,000,000 on PGlite).
 */
const ACCOUNTS = 2_000;
const BATCH_ENTRIES = 250_000;
const DAYS = 320;

// PostgreSQL's client is a pg.Pool; PGlite's class name is mangled by its bundle, so test the pool.
export const isPglite = (db: Db) => !((db as unknown as { $client?: unknown }).$client instanceof pg.Pool);

export type Data = {
  lines: number;
  busyAccountId: string;
  from: string;
  asAt: string;
  midCursor: string;
  loadSeconds: number;
};

export async function writeData(db: Db, adminId: string, lines: number): Promise<Data> {
  const started = performance.now();
  const [year] = await queryRows(
    db,
    z.object({ id: z.string(), start_date: z.string() }),
    sql`select id, start_date::text as start_date from financial_years where status = 'open'`,
  );
  if (!year) throw new Error('bootstrap opened no financial year');
  await db.execute(sql`insert into accounts (id, code, name, book, group_id, currency, is_bank_or_cash)
    select gen_random_uuid(), 'B' || lpad(n::text, 4, '0'), 'Bench account ' || n, 'operation',
           (select array_agg(id order by code) from account_groups)[1 + n % 16], 'TZS', n = 1
    from generate_series(1, ${ACCOUNTS}) n`);
  const entries = Math.floor(lines / 2);
  for (let a = 1; a <= entries; a += BATCH_ENTRIES) {
    const b = Math.min(entries, a + BATCH_ENTRIES - 1);
    await db.transaction(async (tx) => {
      // Loading only: the rows are balanced by construction; the balances are rebuilt below.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`insert into journal_entries (id, number, entry_date, book, financial_year_id, narration, source, status, total, created_by, approved_by, approved_at)
        select ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, 'BENCH-' || n,
               ${year.start_date}::date + (n % ${DAYS})::int, 'operation', ${year.id}, 'Bench entry ' || n, 'journal', 'posted',
               ((n * 7919) % 10000000 + 100) / 100.0, ${adminId}, ${adminId}, now()
        from generate_series(${a}::bigint, ${b}::bigint) n`);
      await tx.execute(sql`insert into journal_lines (id, entry_id, line_no, account_id, entry_date, posted, debit, credit, currency, currency_amount, rate)
        select gen_random_uuid(), ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, k,
               ids[(1 + case when k = 1 then (n * 7919) % ${ACCOUNTS} when n % 5 = 0 then 0 else (n * 104729 + 13) % ${ACCOUNTS} end)::int],
               ${year.start_date}::date + (n % ${DAYS})::int, true,
               case when k = 1 then ((n * 7919) % 10000000 + 100) / 100.0 else 0 end,
               case when k = 2 then ((n * 7919) % 10000000 + 100) / 100.0 else 0 end,
               'TZS', ((n * 7919) % 10000000 + 100) / 100.0, 1
        from generate_series(${a}::bigint, ${b}::bigint) n cross join (values (1), (2)) s(k),
             (select array_agg(id order by code) as ids from accounts where code like 'B%') acc`);
    });
  }
  await db.execute(sql`insert into account_period_balances (account_id, period, debit, credit)
    select account_id, date_trunc('month', entry_date)::date, sum(debit), sum(credit) from journal_lines where posted group by 1, 2`);
  await db.execute(sql`vacuum analyze journal_lines`);
  await db.execute(sql`analyze`);
  // The load's dirty pages written out now, so the measured postings do not wait behind them
  // (their commits' fsyncs queue behind a checkpoint of a few GB otherwise).
  await db.execute(sql`checkpoint`);
  const [busy] = await queryRows(
    db,
    z.object({ id: z.string() }),
    sql`select id from accounts where code = 'B0001'`,
  );
  const [mid] = await queryRows(
    db,
    z.object({ cursor: z.string() }),
    sql`select entry_date::text || '_' || id::text as cursor from journal_lines
        where posted and account_id = ${busy?.id} and entry_date = ${year.start_date}::date + 200 order by id limit 1`,
  );
  const asAt = todayInTanzania();
  return {
    lines: entries * 2,
    busyAccountId: busy?.id ?? '',
    from: year.start_date,
    asAt,
    midCursor: mid?.cursor ?? '',
    loadSeconds: (performance.now() - started) / 1000,
  };
}

export const accountsSuite: BenchSuite = {
  name: 'accounts',
  async prepare(db, { adminId }) {
    const pglite = isPglite(db);
    const wanted = Number(process.env.BENCH_ACCOUNT_LINES ?? (pglite ? 1_000_000 : 5_000_000));
    const data = await writeData(db, adminId, wanted);
    const groupBy = sql`select account_id, sum(debit), sum(credit) from journal_lines group by account_id`;
    const bare = await timed(3, () => db.execute(groupBy));
    const tb = await timed(5, () => trialBalance(db, { book: 'operation', asAt: data.asAt }));
    const gl = await timed(5, () =>
      generalLedger(db, { accountId: data.busyAccountId, from: data.from, to: data.asAt, limit: 50 }),
    );
    const glDeep = await timed(5, () =>
      generalLedger(db, {
        accountId: data.busyAccountId,
        from: data.from,
        to: data.asAt,
        after: data.midCursor,
        limit: 50,
      }),
    );
    const pageSql = (after: string | null) => {
      const [day, id] = after?.split('_') ?? [];
      return sql`select l.id, l.entry_date, l.debit, l.credit, e.number from journal_lines l join journal_entries e on e.id = l.entry_id
        where l.account_id = ${data.busyAccountId} and l.posted and l.entry_date between ${data.from}::date and ${data.asAt}::date
          ${day && id ? sql`and (l.entry_date, l.id) > (${day}::date, ${id}::uuid)` : sql``}
        order by l.entry_date, l.id limit 50`;
    };
    const barePage = await timed(5, () => db.execute(pageSql(null)));
    const bareDeep = await timed(5, () => db.execute(pageSql(data.midCursor)));
    const [busyLines] = await queryRows(
      db,
      z.object({ n: z.string() }),
      sql`select count(*)::text as n from journal_lines where account_id = ${data.busyAccountId}`,
    );
    const tbPath = `/api/reports/trial-balance?book=operation&as_at=${data.asAt}`;
    const glPath = `/api/reports/general-ledger?account_id=${data.busyAccountId}&from=${data.from}&to=${data.asAt}&limit=50`;
    const writers = pglite ? 1 : 8;
    const pageWhat = 'the 50 lines of the page by the (account, date, id) index';
    return {
      description:
        `${data.lines.toLocaleString('en')} journal lines over ${ACCOUNTS.toLocaleString('en')} accounts in ${data.loadSeconds.toFixed(1)} s; ` +
        `busy account ${Number(busyLines?.n).toLocaleString('en')} lines`,
      figures: [
        {
          name: 'trial balance (operation, as at today)',
          ms: tb,
          bare: { what: 'GROUP BY account over all lines', ms: bare },
          target: { ratioAtMost: 0.1 },
        },
        { name: 'general ledger, busy account, first page', ms: gl, bare: { what: pageWhat, ms: barePage } },
        {
          name: 'general ledger, busy account, mid-year page',
          ms: glDeep,
          bare: { what: pageWhat, ms: bareDeep },
          target: { msBelow: 10 },
        },
      ],
      scenarios: [
        getScenario(
          'GET /api/reports/trial-balance (operation, as at today)',
          tbPath,
          500,
          undefined,
          bareMs('GROUP BY account over all lines', 3, () => db.execute(groupBy)),
        ),
        getScenario(
          'GET /api/reports/general-ledger (busy account, first 50)',
          glPath,
          50,
          undefined,
          bareMs(pageWhat, 9, () => db.execute(pageSql(null))),
        ),
        getScenario(
          'GET /api/reports/general-ledger (busy account, mid-year page)',
          `${glPath}&after=${data.midCursor}`,
          50,
          undefined,
          bareMs(pageWhat, 9, () => db.execute(pageSql(data.midCursor))),
        ),
        commitCeilingScenario(db, writers),
        postingScenario(db, adminId, writers, data.asAt),
      ],
    };
  },
};
