import { dec, todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { controlAccounts } from '../../src/modules/accounts/reports/control-accounts.ts';
import { generalLedger } from '../../src/modules/accounts/reports/general-ledger.ts';
import { trialBalance } from '../../src/modules/accounts/reports/trial-balance.ts';
import { financialPositionStatement } from '../../src/modules/accounts/statements/financial-position.ts';
import { quantityByStore } from '../../src/modules/inventory/ledgers/queries.ts';
import { generate, progress } from '../lib/apex/generate.ts';
import { readYears } from '../lib/apex/journal.ts';
import { type ApexPlan, type ApexState, apexPlan, readState } from '../lib/apex/plan.ts';
import { writeAuction } from '../lib/apex/settlement.ts';
import { sizeOnDisk } from '../lib/apex/size.ts';
import { bareMs, getScenario, timed } from '../lib/scenarios.ts';
import { apexPeople, apexSearches, apexStock, checkFarmerNames } from './apex-people.ts';
import { apexSettlement } from './apex-settlement.ts';
import type { BenchSuite, InProcessFigure, Scenario } from './scenario.ts';

/**
 * The bench at apex scale (#34, PostgreSQL only): 1,000,000 farmers, 10,000,000 collections and
 * 50,000,000 journal lines over two books and two financial years (lib/apex/), kept in a database
 * of its own that later runs reuse (lib/targets.ts openApexTarget). Each figure beside the bare SQL
 * answering the same question and beside the 1M-scale figure of baseline.json where there is one:
 * trial balance, a ledger page mid-year of the busiest account, the financial position, quantity
 * by store, union-wide crop stock, farmer search by name and by phone, the collection save under
 * 20 clerks and a 500-lot settlement. APEX_SCALE (default 1) scales the data set (0.01 to try).
 */
export const APEX_SUITE = 'apex';
export const apexScale = () => Number(process.env.APEX_SCALE ?? 1);

const PG = 'PostgreSQL';
const key = (suite: string, name: string) => `${PG} | ${suite} | ${name}`;

type Books = { today: string; from: string; busyId: string; midCursor: string };

async function booksOf(db: Db): Promise<Books> {
  const years = await readYears(db);
  const today = todayInTanzania();
  const from = years.current.start;
  const [busy] = await queryRows(
    db,
    z.object({ id: z.string() }),
    sql`select id from accounts where book = 'operation' and code = 'AX1001'`,
  );
  const mid = new Date((Date.parse(from) + Date.parse(today)) / 2).toISOString().slice(0, 10);
  const [cursor] = await queryRows(
    db,
    z.object({ c: z.string() }),
    sql`select entry_date::text || '_' || id::text as c from journal_lines
        where posted and account_id = ${busy?.id} and entry_date >= ${mid}::date order by entry_date, id limit 1`,
  );
  return { today, from, busyId: busy?.id ?? '', midCursor: cursor?.c ?? '' };
}

/**
 * The books as the app reads them must agree: each book's trial balance and the union's financial
 * position balanced, every control account equal to its sub-ledger. Answers a line for the log.
 */
export async function checkBooks(db: Db, today: string): Promise<string> {
  const control = await controlAccounts(db);
  const off = control.checks.filter((c) => !dec(c.difference).isZero());
  const books = await Promise.all(
    (['collection', 'operation'] as const).map(
      async (book) => (await trialBalance(db, { book, asAt: today })).balanced,
    ),
  );
  const position = await financialPositionStatement(db, {
    book: 'union',
    asAt: today,
    compare: 'previous-year',
  });
  if (off.length > 0 || books.includes(false) || !position.balanced)
    throw new Error(
      `the apex books disagree: trial balances ${books.join('/')}, financial position ${position.balanced}, ` +
        `control accounts off: ${off.map((c) => `${c.key} ${c.difference}`).join(', ')}`,
    );
  return `books agree: both trial balances and the financial position balanced, ${control.checks.length} control accounts equal to their sub-ledgers`;
}

/** Trial balance, the busiest account's mid-year ledger page and the financial position: HTTP and in process. */
async function accountsFigures(db: Db, b: Books) {
  const inBook = sql`account_id in (select id from accounts where book = 'operation')`;
  const tbBare = () =>
    db.execute(sql`select account_id, sum(debit), sum(credit) from journal_lines
      where posted and entry_date <= ${b.today}::date and ${inBook} group by account_id`);
  const [day, id] = b.midCursor.split('_');
  const pageBare = () =>
    db.execute(sql`select l.id, l.entry_date, l.debit, l.credit, e.number from journal_lines l join journal_entries e on e.id = l.entry_id
      where l.account_id = ${b.busyId} and l.posted and l.entry_date between ${b.from}::date and ${b.today}::date
        and (l.entry_date, l.id) > (${day}::date, ${id}::uuid) order by l.entry_date, l.id limit 50`);
  const fpBare = () =>
    db.execute(sql`select account_id, sum(debit) - sum(credit) from journal_lines
      where posted and entry_date <= ${b.today}::date group by account_id`);
  const tbWhat = 'GROUP BY account over the operation book’s lines to date';
  const pageWhat = 'the 50 lines of the page by the (account, date, id) index';
  const fpWhat = 'every account balance: GROUP BY account over all lines';
  const figures: InProcessFigure[] = [
    {
      name: 'trial balance (operation, as at today)',
      ms: await timed(3, () => trialBalance(db, { book: 'operation', asAt: b.today })),
      bare: { what: tbWhat, ms: await timed(1, tbBare) },
      baseline: key('accounts', 'trial balance (operation, as at today)'),
    },
    {
      name: 'general ledger, busy account, mid-year page',
      ms: await timed(5, () =>
        generalLedger(db, { accountId: b.busyId, from: b.from, to: b.today, after: b.midCursor, limit: 50 }),
      ),
      bare: { what: pageWhat, ms: await timed(5, pageBare) },
      baseline: key('accounts', 'general ledger, busy account, mid-year page'),
    },
    {
      name: 'financial position (union, as at today, previous year beside it)',
      ms: await timed(3, () =>
        financialPositionStatement(db, { book: 'union', asAt: b.today, compare: 'previous-year' }),
      ),
      bare: { what: fpWhat, ms: await timed(1, fpBare) },
      baseline: key('statements', 'financial position (union, as at today, previous year beside it)'),
    },
  ];
  const glPath = `/api/reports/general-ledger?account_id=${b.busyId}&from=${b.from}&to=${b.today}&limit=50`;
  const balanced = (body: unknown) => {
    const d = (body as { data: { balanced: boolean } }).data;
    return `balanced ${d.balanced}`;
  };
  const scenarios: Scenario[] = [
    {
      ...getScenario(
        'GET /api/reports/trial-balance (operation, as at today)',
        `/api/reports/trial-balance?book=operation&as_at=${b.today}`,
        500,
        balanced,
        bareMs(tbWhat, 1, tbBare),
      ),
      baseline: key('accounts', 'GET /api/reports/trial-balance (operation, as at today)'),
    },
    {
      ...getScenario(
        'GET /api/reports/general-ledger (busy account, mid-year page)',
        `${glPath}&after=${b.midCursor}`,
        50,
        undefined,
        bareMs(pageWhat, 9, pageBare),
      ),
      baseline: key('accounts', 'GET /api/reports/general-ledger (busy account, mid-year page)'),
    },
    {
      ...getScenario(
        'GET /api/reports/financial-position (union, as at today, compare)',
        `/api/reports/financial-position?book=union&as_at=${b.today}&compare=previous-year`,
        500,
        balanced,
        bareMs(fpWhat, 1, fpBare),
      ),
      baseline: key('statements', 'GET /api/reports/financial-position (union, as at today, compare)'),
    },
  ];
  return { figures, scenarios };
}

/** Quantity by store over every item and store (one HTTP client), and in process. */
async function storesFigures(db: Db) {
  const what = 'the positive balances with item and store names (bare SELECT)';
  const bare = () =>
    db.execute(sql`select b.item_id, b.store_id, b.quantity, b.value, i.code, s.name from stock_balances b
      join items i on i.id = b.item_id join stores s on s.id = b.store_id where b.quantity > 0`);
  const figure: InProcessFigure = {
    name: 'quantity by store (all items and stores)',
    ms: await timed(3, () => quantityByStore(db, { format: 'json' }, null)),
    bare: { what, ms: await timed(3, bare) },
  };
  const scenario: Scenario = {
    ...getScenario(
      'GET /api/reports/inventory/quantity-by-store (all items and stores)',
      '/api/reports/inventory/quantity-by-store',
      300,
      (body) => `${(body as { data: unknown[] }).data.length.toLocaleString('en')} item x store rows`,
      bareMs(what, 3, bare),
    ),
    baseline: key('stores', 'GET /api/reports/inventory/quantity-by-store (all items and stores)'),
  };
  return { figure, scenario };
}

function describe(plan: ApexPlan, seconds: Record<string, number>, size: string, auction: string) {
  const phases = Object.entries(seconds)
    .map(([name, s]) => `${name} ${s.toFixed(1)} s`)
    .join(', ');
  return [
    `scale ${plan.scale}: ${plan.farmers.toLocaleString('en')} farmers of ${plan.amcos} AMCOS, ${plan.collections.toLocaleString('en')} collections, ` +
      `${(2 * plan.entries).toLocaleString('en')} journal lines (${plan.entries.toLocaleString('en')} entries) over 2 books and 2 years`,
    `    generated (${phases})`,
    `    ${size}`,
    `    ${auction}`,
  ].join('\n');
}

/**
 * APEX_PARTIAL=1: a generation stopped before its end measured as far as it went (its farmers,
 * collections and stores written; the journal not finished, so no accounts and no settlement).
 */
async function partialRun(db: Db, plan: ApexPlan, state: ApexState | null) {
  if (!state?.done.includes('stores'))
    throw new Error('APEX_PARTIAL: the farmers, collections and stores are not all written yet');
  process.stdout.write(
    `    apex: PARTIAL data (${progress(plan, state)}): the accounts and the settlement are not measured\n`,
  );
  await db.execute(sql`analyze farmers, collections, collection_stock, stock_balances`);
  await checkFarmerNames(db, plan);
  const stores = await storesFigures(db);
  const people = await apexPeople(db, plan);
  return {
    description: `PARTIAL at scale ${plan.scale}: ${progress(plan, state)}, ${plan.farmers.toLocaleString('en')} farmers\n    ${await sizeOnDisk(db)}`,
    figures: [stores.figure],
    scenarios: [stores.scenario, apexStock(db, people), ...apexSearches(db, plan), ...people.saves],
  };
}

export const apexSuite: BenchSuite = {
  name: APEX_SUITE,
  async prepare(db, { adminId, passwordHash }) {
    const plan = apexPlan(apexScale());
    if (process.env.APEX_PARTIAL === '1') return partialRun(db, plan, await readState(db));
    const started = performance.now();
    const state = await generate(db, plan, adminId, passwordHash);
    process.stdout.write(
      `    apex: data ready in ${((performance.now() - started) / 1000).toFixed(1)} s this run (${progress(plan, state)})\n`,
    );
    const auctionStarted = performance.now();
    const auction = await writeAuction(db, plan, adminId, todayInTanzania());
    await db.execute(
      sql`analyze lots, lot_sources, delivery_notes, sales_invoices, sales_invoice_lines, farmer_loans`,
    );
    const auctionNote = `auction ${auction.number} for the settlement: ${auction.lots} lots, ${auction.farmers.toLocaleString('en')} farmers, written in ${((performance.now() - auctionStarted) / 1000).toFixed(1)} s`;
    const books = await booksOf(db);
    process.stdout.write(`    apex: ${await checkBooks(db, books.today)}\n`);
    const accounts = await accountsFigures(db, books);
    const stores = await storesFigures(db);
    await checkFarmerNames(db, plan);
    const people = await apexPeople(db, plan);
    return {
      description: describe(plan, state.seconds, await sizeOnDisk(db), auctionNote),
      figures: [...accounts.figures, stores.figure],
      scenarios: [
        ...accounts.scenarios,
        stores.scenario,
        apexStock(db, people),
        ...apexSearches(db, plan),
        ...people.saves,
        apexSettlement(auction, () => checkBooks(db, books.today)),
      ],
    };
  },
};
