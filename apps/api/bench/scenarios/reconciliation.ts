import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { acceptMatches } from '../../src/modules/accounts/reconciliations/accept-matches.ts';
import { importStatement } from '../../src/modules/accounts/reconciliations/import-statement.ts';
import { matchingLines, unmatchedLines } from '../../src/modules/accounts/reconciliations/queries.ts';
import { suggestMatches } from '../../src/modules/accounts/reconciliations/suggest-matches.ts';
import type { Actor } from '../../src/platform/access.ts';
import { getScenario } from '../lib/scenarios.ts';
import { importStallScenario, STATEMENT_MAPPING } from './import-stall.ts';
import type { BenchSuite } from './scenario.ts';

/**
 * Bank reconciliation (#17): one bank account with BENCH_RECON_BOOK_LINES posted lines (default
 * 200,000, written with bulk SQL, triggers off while loading), then, through the use cases, a
 * 20,000-line CSV statement imported (16,000 lines are book lines of the account: even ones with
 * the book reference, odd ones with the bank's own and a date 1-2 days off; 4,000 only on the
 * statement) and auto-matched (suggestions + accepting them all). Then the matching screen's first
 * page over HTTP.
 */
const STATEMENT_LINES = 20_000;
const IN_BOOKS = 16_000;
const DAYS = 330;
const amount = (n: number) => `((${n}::bigint * 7919) % 10000000 + 100) / 100.0`;

async function writeBook(db: Db, adminId: string, lines: number) {
  const [year] = await queryRows(
    db,
    z.object({ id: z.string(), start: z.string() }),
    sql`select id, start_date::text as start from financial_years where status = 'open'`,
  );
  if (!year) throw new Error('bootstrap opened no financial year');
  const [group] = await queryRows(
    db,
    z.object({ id: z.string() }),
    sql`select group_id as id from accounts where code = '1101' limit 1`,
  );
  await db.execute(sql`insert into accounts (id, code, name, book, group_id, currency, is_bank_or_cash) values
    ('00000000-0000-4000-9000-000000000001', 'RB01', 'Bench reconciliation bank', 'operation', ${group?.id}, 'TZS', true),
    ('00000000-0000-4000-9000-000000000002', 'RB02', 'Bench reconciliation other side', 'operation', ${group?.id}, 'TZS', false)`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`insert into journal_entries (id, number, entry_date, book, financial_year_id, narration, reference, source, status, total, created_by, approved_by, approved_at)
      select ('00000000-0000-4000-a000-' || lpad(to_hex(n), 12, '0'))::uuid, 'RBENCH-' || n,
             ${year.start}::date + (n % ${DAYS})::int, 'operation', ${year.id}, 'Reconciliation bench ' || n,
             case when n % 2 = 0 then 'REF' || n end, 'journal', 'posted', ${sql.raw(amount(0).replace('0::bigint', 'n'))}, ${adminId}, ${adminId}, now()
      from generate_series(1, ${lines}) n`);
    await tx.execute(sql`insert into journal_lines (id, entry_id, line_no, account_id, entry_date, posted, debit, credit, currency, currency_amount, rate)
      select gen_random_uuid(), ('00000000-0000-4000-a000-' || lpad(to_hex(n), 12, '0'))::uuid, k,
             case when k = 1 then '00000000-0000-4000-9000-000000000001'::uuid else '00000000-0000-4000-9000-000000000002'::uuid end,
             ${year.start}::date + (n % ${DAYS})::int, true,
             case when (k = 1) = (n % 3 = 0) then a else 0 end, case when (k = 1) = (n % 3 = 0) then 0 else a end, 'TZS', a, 1
      from generate_series(1, ${lines}) n cross join (values (1), (2)) s(k)
        cross join lateral (select ${sql.raw(amount(0).replace('0::bigint', 'n'))} as a) x`);
  });
  await db.execute(sql`insert into account_period_balances (account_id, period, debit, credit)
    select account_id, date_trunc('month', entry_date)::date, sum(debit), sum(credit) from journal_lines
    where account_id in ('00000000-0000-4000-9000-000000000001', '00000000-0000-4000-9000-000000000002')
    group by 1, 2 on conflict (account_id, period) do update set debit = excluded.debit, credit = excluded.credit`);
  await db.execute(sql`analyze`);
  return year.start;
}

/** The statement: line i is book entry 10 i (i <= 16,000), else an amount no book line has. */
function statementCsv(start: string, bookLines: number): string {
  const day = (offset: number) =>
    new Date(Date.parse(`${start}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  const rows = ['Date,Reference,Details,Amount'];
  for (let i = 1; i <= STATEMENT_LINES; i++) {
    const n = i * 10;
    if (i <= IN_BOOKS && n <= bookLines) {
      const cents = ((BigInt(n) * 7919n) % 10_000_000n) + 100n;
      const value = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
      const signed = n % 3 === 0 ? value : `-${value}`;
      const ref = i % 2 === 0 ? `REF${n}` : `BNK${i}`;
      rows.push(`${day((n % DAYS) + (i % 2 === 0 ? 0 : 1 + (i % 2)))},${ref},Bench line ${i},${signed}`);
    } else rows.push(`${day(i % DAYS)},CHG${i},Bank only ${i},-${10_000_000 + i}.00`);
  }
  return rows.join('\n');
}

export const reconciliationSuite: BenchSuite = {
  name: 'reconciliation',
  async prepare(db, { adminId }) {
    const bookLines = Number(process.env.BENCH_RECON_BOOK_LINES ?? 200_000);
    const loadStarted = performance.now();
    const start = await writeBook(db, adminId, bookLines);
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const actor: Actor = { userId: adminId, sessionId: 'bench', amcosId: null, permissions: new Set() };
    const accountId = '00000000-0000-4000-9000-000000000001';
    const csv = statementCsv(start, bookLines);
    const t0 = performance.now();
    const imported = await importStatement(db, actor, {
      accountId,
      format: 'csv',
      content: csv,
      mapping: STATEMENT_MAPPING,
    });
    const t1 = performance.now();
    const { statement, book } = await unmatchedLines(db, accountId);
    const suggestions = suggestMatches(statement, book, 3);
    const t2 = performance.now();
    const accepted = await acceptMatches(db, actor, { accountId, matches: suggestions });
    const t3 = performance.now();
    const again = await importStatement(db, actor, { accountId, format: 'csv', content: csv });
    const t4 = performance.now();
    const page = performance.now();
    await matchingLines(db, accountId, { matched: 'false', page: 1, per_page: 50 });
    const pageMs = performance.now() - page;
    const path = `/api/accounts/bank-reconciliation/accounts/${accountId}/lines?per_page=50`;
    return {
      description:
        `${bookLines.toLocaleString('en')} book lines in the bank account (${loadSeconds.toFixed(1)} s to load); ` +
        `import of ${imported.linesRead.toLocaleString('en')} lines ${(t1 - t0).toFixed(0)} ms (${imported.linesAdded} added); ` +
        `suggestions ${(t2 - t1).toFixed(0)} ms (${suggestions.length.toLocaleString('en')} matches); accepting them ${(t3 - t2).toFixed(0)} ms ` +
        `(${accepted.matched}); import + auto-match total ${(t3 - t0).toFixed(0)} ms; re-import ${(t4 - t3).toFixed(0)} ms (${again.linesAdded} added); ` +
        `matching first page in process ${pageMs.toFixed(0)} ms`,
      scenarios: [
        getScenario(
          'GET /api/accounts/bank-reconciliation/accounts/:id/lines (unmatched, first 50)',
          path,
          200,
        ),
        importStallScenario(accountId),
      ],
    };
  },
};
