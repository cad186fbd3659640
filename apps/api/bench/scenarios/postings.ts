import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../../src/db/client.ts';
import { postBusinessEvent } from '../../src/modules/accounts/journal/post-business-event.ts';
import { runConcurrentLoop } from '../lib/measure.ts';
import type { BareMeasure, Scenario } from './scenario.ts';

/**
 * The posting scenarios of the accounts suite: two-line entries through `postBusinessEvent`, each
 * in its own transaction, `concurrency` at once; beside them the same posting written by bare SQL
 * through the same driver (the ratio), and the machine's serial commit rate at that moment.
 */
const BARE_SECONDS = 3;
const dialect = new PgDialect();

const pool = (db: Db): pg.Pool | undefined => {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
};

/**
 * Runs `statements` as one transaction per step, `concurrency` at once, for `seconds`: on
 * PostgreSQL on the pool's own clients (no ORM), on PGlite through its one connection. Answers
 * transactions per second.
 */
async function bareTransactions(db: Db, concurrency: number, seconds: number, statements: () => SQL[]) {
  const raw = pool(db);
  const report = await runConcurrentLoop({
    concurrency,
    seconds,
    step: async () => {
      if (!raw) {
        await db.transaction(async (tx) => {
          for (const s of statements()) await tx.execute(s);
        });
        return { status: 200 };
      }
      const client = await raw.connect();
      try {
        const texts = statements().map((s) => dialect.sqlToQuery(s));
        if (texts.length > 1) await client.query('begin');
        for (const t of texts) await client.query(t.sql, t.params);
        if (texts.length > 1) await client.query('commit');
      } finally {
        client.release();
      }
      return { status: 200 };
    },
  });
  return report.latenciesMs.length / report.seconds;
}

/** The posting as bare SQL: the year locked FOR SHARE, the two lines and the entry, numbered at commit. */
function barePosting(db: Db, concurrency: number, date: string, adminId: string): BareMeasure {
  return {
    what: `the same posting as one hand-written statement, BEGIN + it + COMMIT, ${concurrency} at once`,
    unit: 'per-second',
    measure: () =>
      bareTransactions(db, concurrency, BARE_SECONDS, () => [
        sql`with y as (select id, extract(year from start_date)::int as fy from financial_years
              where start_date <= ${date}::date and end_date >= ${date}::date for share),
            e as (select gen_random_uuid() as id),
            l as (insert into journal_lines (id, entry_id, line_no, account_id, entry_date, posted, debit, credit, currency, currency_amount, rate)
              select gen_random_uuid(), e.id, k, (select account_id from account_mappings where key = case k when 1 then 'inventory' else 'grni' end),
                ${date}::date, true, case k when 1 then 125000 else 0 end, case k when 2 then 125000 else 0 end, 'TZS', 125000, 1
              from e, generate_series(1, 2) k returning 1)
          insert into journal_entries (id, number, entry_date, book, financial_year_id, narration, source, source_type, source_id,
            status, total, created_by, approved_by, approved_at)
          select e.id, '~' || y.fy || '~' || e.id, ${date}::date, 'operation', y.id, 'Bare GRN', 'event', 'grn', gen_random_uuid(),
            'posted', 125000, ${adminId}::uuid, ${adminId}::uuid, now()
          from e, y, (select count(*) as n from l) w where w.n > 0`,
      ]),
  };
}

/** Two-line postings through postBusinessEvent, each in its own transaction; requests/s = entries/s. */
export function postingScenario(db: Db, adminId: string, concurrency: number, date: string): Scenario {
  return {
    name: 'postBusinessEvent (goods received, 2 lines, operation book)',
    concurrency,
    target: { p95BelowMs: 50 },
    bare: barePosting(db, concurrency, date, adminId),
    run: (_server, seconds) =>
      runConcurrentLoop({
        concurrency,
        seconds,
        step: async () => {
          const event = {
            type: 'goods_received' as const,
            amount: '125000.00',
            date,
            narration: 'Bench GRN',
            sourceType: 'grn',
            sourceId: crypto.randomUUID(),
            actorId: adminId,
          };
          await db.transaction((tx) => postBusinessEvent(tx, event));
          return { status: 201 };
        },
      }),
  };
}

/**
 * The ceiling of any gap-free numbering on this machine at this moment: a one-row UPDATE of one
 * shared row, committed alone (no round trip while the row is held), `concurrency` at once. Each
 * commit keeps the row until its WAL is on disk, so these are serial: one fsync each.
 */
export function commitCeilingScenario(db: Db, concurrency: number): Scenario {
  return {
    name: `bare: one-row UPDATE committed alone, one shared row (serial commit ceiling)`,
    concurrency,
    async check() {
      await db.execute(sql`insert into document_sequences (type, year, last_value) values ('BENCH', 1, 0)
        on conflict do nothing`);
      return undefined;
    },
    run: async (_server, seconds) =>
      runConcurrentLoop({
        concurrency,
        seconds,
        step: async () => {
          const update = sql`update document_sequences set last_value = last_value + 1 where type = 'BENCH' and year = 1`;
          const raw = pool(db);
          if (raw) await raw.query(dialect.sqlToQuery(update).sql);
          else await db.execute(update);
          return { status: 200 };
        },
      }),
  };
}
