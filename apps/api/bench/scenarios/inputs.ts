import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { createDistribution } from '../../src/modules/inputs/distributions/create-distribution.ts';
import { distributionReport } from '../../src/modules/inputs/distributions/distribution-report.ts';
import { bulkApproveInputRequests } from '../../src/modules/inputs/requests/bulk-approve-input-requests.ts';
import type { Actor } from '../../src/platform/access.ts';
import { runAutocannon } from '../lib/measure.ts';
import { bearer, getLoad, timed } from '../lib/scenarios.ts';
import type { BenchSuite, Scenario } from './scenario.ts';

/**
 * The farmer-inputs bench (issue 14), written with bulk SQL: 20 AMCOS with a store each, 20,000
 * farmers of 2 acres, 2 priced items, 200,000 requests of 2 lines: 180,000 distributed (250,000
 * distributions, 70,000 of them cancelled and issued again, 500,000 distribution lines), 10,000
 * waiting for the union (bulk approve) and 10,000 approved (the save scenarios issue them and the
 * bulk-approved ones), with the season totals the distribution use cases keep.
 * Beside each API figure, the bare SQL for the same work.
 */
const SOCIETIES = 20;
const FARMERS = 20_000;
const REQUESTS = 200_000;

async function writeData(db: Db, adminId: string) {
  const started = performance.now();
  await db.execute(
    sql`insert into crops (id, name, code) values (gen_random_uuid(), 'Bench cashew', 'IBCASHEW')`,
  );
  await db.execute(sql`insert into seasons (id, name, start_date, end_date, status)
    values (gen_random_uuid(), 'Bench 2031/2032', '2031-10-01', '2032-09-30', 'planned')`);
  await db.execute(sql`insert into season_crops (id, season_id, crop_id, indicative_price, standard_bag_kg, max_moisture)
    select gen_random_uuid(), s.id, c.id, 2600, 80, 10 from seasons s, crops c where s.name = 'Bench 2031/2032' and c.code = 'IBCASHEW'`);
  await db.execute(sql`insert into amcos (id, code, name)
    select gen_random_uuid(), 'IB' || lpad(n::text, 2, '0'), 'Inputs bench society ' || n from generate_series(1, ${SOCIETIES}) n`);
  await db.execute(sql`insert into stores (id, code, name, kind, amcos_id)
    select gen_random_uuid(), code || '-ST', name || ' store', 'amcos', id from amcos where code like 'IB%'`);
  await db.execute(sql`insert into items (id, code, name, unit) values
    (gen_random_uuid(), 'IBSUL', 'Bench sulphur 25 kg', 'bag'), (gen_random_uuid(), 'IBPES', 'Bench pesticide', 'litre')`);
  await db.execute(sql`insert into stock_balances (item_id, store_id, quantity, value, avg_cost)
    select i.id, s.id, 10000000, 10000000::numeric * 50000, 50000 from items i, stores s where i.code like 'IB%' and s.code like 'IB%'`);
  await db.execute(sql`insert into input_prices (id, season_id, item_id, credit_price, cash_price, limit_basis, credit_limit)
    select gen_random_uuid(), s.id, i.id, 65000, 60000, 'fixed', 100000000000 from seasons s, items i
    where s.name = 'Bench 2031/2032' and i.code like 'IB%'`);
  await db.execute(sql`insert into farmers (id, farmer_no, amcos_id, first_name, last_name, gender, created_by)
    select gen_random_uuid(), a.code || '-' || lpad(n::text, 5, '0'), a.id, 'Farmer', 'Bench ' || n, 'Female', ${adminId}
    from generate_series(0, ${FARMERS - 1}) n join amcos a on a.code = 'IB' || lpad((1 + n % ${SOCIETIES})::text, 2, '0')`);
  await db.execute(sql`insert into farms (id, farmer_id, name, crop_id, acres)
    select gen_random_uuid(), f.id, 'Shamba', c.id, 2 from farmers f, crops c where f.farmer_no like 'IB%' and c.code = 'IBCASHEW'`);
  // Requests: n < 180,000 distributed, then 10,000 AMCOS-approved, then 10,000 approved.
  await db.execute(sql`
    with f as (select array_agg(id order by farmer_no) as ids, array_agg(amcos_id order by farmer_no) as am from farmers where farmer_no like 'IB%'),
    sc as (select sc.id, sc.season_id from season_crops sc join crops c on c.id = sc.crop_id where c.code = 'IBCASHEW')
    insert into input_requests (id, request_no, farmer_id, amcos_id, season_crop_id, season_id, acres, requested_on, status,
      credit_value, created_by, amcos_approved_by, union_approved_by)
    select gen_random_uuid(), 'FR-BENCH-' || lpad(n::text, 6, '0'), f.ids[1 + n % ${FARMERS}], f.am[1 + n % ${FARMERS}], sc.id, sc.season_id, 2,
      date '2031-10-01' + (n % 200), case when n < 180000 then 'distributed' when n < 190000 then 'amcos_approved' else 'approved' end,
      195000 + 65000, gen_random_uuid(), gen_random_uuid(), case when n < 180000 or n >= 190000 then gen_random_uuid() end
    from generate_series(0, ${REQUESTS - 1}) n, f, sc`);
  await db.execute(sql`insert into input_request_lines (id, request_id, line_no, item_id, quantity, credit_price, credit_value, credit_limit)
    select gen_random_uuid(), r.id, i.line, i.id, case i.line when 1 then 3 else 1 end, 65000, case i.line when 1 then 195000 else 65000 end, 100000000000
    from input_requests r, (select id, case code when 'IBSUL' then 1 else 2 end as line from items where code like 'IB%') i
    where r.request_no like 'FR-BENCH-%'`);
  // 250,000 distributions: every distributed request issued once, 70,000 of them first cancelled.
  await db.execute(sql`
    insert into input_distributions (id, distribution_no, request_id, farmer_id, amcos_id, store_id, season_id, kind, distributed_on,
      status, farmer_amount, subsidy_amount, cost_value, margin, created_by)
    select gen_random_uuid(), 'DS-BENCH-' || x.k || '-' || r.request_no, r.id, r.farmer_id, r.amcos_id, s.id, r.season_id,
      case when x.k = 0 and r.request_no > 'FR-BENCH-090000' then 'free' else 'cash' end, r.requested_on,
      case when x.k = 0 and r.request_no < 'FR-BENCH-070000' then 'cancelled' else 'issued' end,
      case when x.k = 0 and r.request_no > 'FR-BENCH-090000' then 0 else 240000 end, 0, 200000,
      case when x.k = 0 and r.request_no > 'FR-BENCH-090000' then 0 else 40000 end, ${adminId}
    from input_requests r join stores s on s.amcos_id = r.amcos_id, (values (0), (1)) x(k)
    where r.status = 'distributed' and (x.k = 0 or r.request_no < 'FR-BENCH-070000')`);
  await db.execute(sql`insert into input_distribution_lines (id, distribution_id, line_no, item_id, quantity, unit_price, farmer_value, unit_cost, cost_value)
    select gen_random_uuid(), d.id, l.line_no, l.item_id, l.quantity, case when d.kind = 'free' then 0 else 60000 end,
      case when d.kind = 'free' then 0 else l.quantity * 60000 end, 50000, l.quantity * 50000
    from input_distributions d join input_request_lines l on l.request_id = d.request_id where d.distribution_no like 'DS-BENCH-%'`);
  // The season totals the distribution use cases keep, as migration 0037 fills them.
  await db.execute(sql`insert into input_distribution_totals (season_id, amcos_id, farmer_id, item_id, kind, lines, quantity,
      farmer_value, subsidy_value, cost_value)
    select d.season_id, d.amcos_id, d.farmer_id, l.item_id, d.kind, count(*), sum(l.quantity), sum(l.farmer_value),
      sum(l.subsidy_value), sum(l.cost_value)
    from input_distributions d join input_distribution_lines l on l.distribution_id = d.id
    where d.status = 'issued' and d.distribution_no like 'DS-BENCH-%' group by 1, 2, 3, 4, 5`);
  await db.execute(sql`analyze`);
  return (performance.now() - started) / 1000;
}

/** The report's first page (25 rows, the totals and the recovery): what the user waits for. */
function reportScenario(seasonId: string): Scenario {
  const path = `/api/reports/distributions?season_id=${seasonId}&page=1&per_page=25`;
  return {
    name: 'GET /api/reports/distributions?season_id=<season>&per_page=25 (first page of 80,300 rows; 250,000 distributions)',
    concurrency: 1,
    target: { p95BelowMs: 500 },
    async check(server) {
      const response = await fetch(`${server.baseUrl}${path}`, { headers: bearer(server) });
      if (response.status !== 200)
        throw new Error(`report answered ${response.status}: ${await response.text()}`);
      const body = (await response.json()) as { data: unknown[]; meta: { total: number } };
      if (body.data.length !== 25 || body.meta.total < 80_000)
        throw new Error(`report page has ${body.data.length} rows of ${body.meta.total}`);
      return undefined;
    },
    run: getLoad(path),
  };
}

/**
 * The bare SQL of the report's first page: the 25 first rows in the report's order (items and
 * AMCOS by name, farmer number, kind) with their names, the row count and grand totals, and the
 * recovery per AMCOS, as plain statements one after another.
 */
async function bareReportPage(db: Db, seasonId: string): Promise<void> {
  await db.execute(sql`select i.code, i.name, i.unit, a.name, fa.farmer_no, concat_ws(' ', fa.first_name, fa.middle_name, fa.last_name),
      t.kind, t.quantity, t.farmer_value, t.subsidy_value, t.cost_value
    from input_distribution_totals t join items i on i.id = t.item_id join amcos a on a.id = t.amcos_id
      join farmers fa on fa.id = t.farmer_id
    where t.season_id = ${seasonId} and t.lines > 0 order by i.name, a.name, fa.farmer_no, t.kind limit 25`);
  await db.execute(sql`select count(*), sum(quantity), sum(farmer_value), sum(subsidy_value), sum(cost_value)
    from input_distribution_totals where season_id = ${seasonId} and lines > 0`);
  await db.execute(sql`select d.amcos_id, count(distinct d.farmer_id), sum(lo.amount), sum(lo.recovered)
    from input_distributions d join farmer_loans lo on lo.id = d.loan_id
    where d.season_id = ${seasonId} and d.status = 'issued' group by 1`);
}

/**
 * Hands out each clerk's approved requests, each once: a paced run takes what it sends (its spread
 * run from the front, the burst after it from the middle), a closed-loop warm-up a fifth of what
 * is left and its measured run the rest.
 */
function requestLists(bodies: string[][]) {
  const used = bodies.map(() => 0);
  return (phase: 'warm-up' | 'measured', paced: number | null) =>
    bodies.map((list, i) => {
      const from = used[i] ?? 0;
      const left = list.length - from;
      const n = paced ?? (phase === 'warm-up' ? Math.floor(left / 5) : left);
      used[i] = from + n;
      return list.slice(from, from + n);
    });
}

/**
 * 20 clerks issuing approved requests on credit, each connection one AMCOS's requests from its
 * store: as fast as answers come (`rate` unset: the throughput ceiling, where latency is
 * queueing), or each at `rate` saves a second (a clerk hands out a farmer's inputs in a minute or
 * two; 1 a second each is far above it), each clerk from its own random phase within the second
 * (and, printed beside it, all 20 in the same millisecond every second).
 */
function saveScenario(take: ReturnType<typeof requestLists>, rate?: number): Scenario {
  const path = '/api/collections/distributions';
  return {
    name: `POST ${path} (2 lines on credit: stock out, loan, posting in both books; 20 clerks, ${rate ? `${rate} save/s each at random phases` : 'closed loop'})`,
    concurrency: 20,
    target: { p95BelowMs: 30 },
    run: (server, seconds, phase) => {
      // Paced: the spread run and the burst after it, each `seconds` at `rate`, and a spare.
      const paced = rate ? 2 * (Math.ceil(seconds * rate) + 2) : null;
      const lists = take(phase, paced);
      const saved = (list: string[]) => list.map((body) => ({ method: 'POST' as const, path, body }));
      if (lists.every((list) => list.length === 0))
        throw new Error('No approved requests are left for the distribution save');
      return runAutocannon({
        url: server.baseUrl,
        connections: 20,
        seconds,
        headers: { ...bearer(server), 'content-type': 'application/json' },
        requests: [{ method: 'POST', path }],
        perConnection: lists.map(saved),
        ...(rate ? { connectionRate: rate } : {}),
      });
    },
  };
}

/**
 * The bare SQL of one credit distribution of 2 lines, as plain statements in one transaction: the
 * request locked, the store's two balances and their movements, the loan, the distribution with
 * its lines and season totals, one 2-line entry in each book, the request marked (numbers at
 * commit by the same triggers). What the API adds is its checks, pricing, audit and round trips.
 */
async function bareSave(db: Db, requestId: string, adminId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [r] = await queryRows(
      tx,
      z.object({ farmer_id: z.string(), amcos_id: z.string(), season_id: z.string(), store_id: z.string() }),
      sql`select r.farmer_id, r.amcos_id, r.season_id, s.id as store_id from input_requests r
          join stores s on s.amcos_id = r.amcos_id where r.id = ${requestId} for update of r`,
    );
    if (!r) throw new Error('bare save: request missing');
    const id =
      (await queryRows(tx, z.object({ id: z.string() }), sql`select gen_random_uuid() as id`))[0]?.id ?? '';
    await tx.execute(sql`with b as (update stock_balances b set quantity = b.quantity - l.quantity,
          value = b.value - l.quantity * b.avg_cost from input_request_lines l
        where l.request_id = ${requestId} and b.item_id = l.item_id and b.store_id = ${r.store_id}
        returning b.item_id, l.quantity, b.avg_cost, b.quantity as bq, b.value as bv)
      insert into stock_movements (id, item_id, store_id, movement_date, kind, quantity, unit_cost, value,
        balance_quantity, balance_value, balance_avg_cost, source_type, source_id, source_no, created_by)
      select gen_random_uuid(), item_id, ${r.store_id}, current_date, 'issue', -quantity, avg_cost, -(quantity * avg_cost),
        bq, bv, avg_cost, 'distribution', ${id}, ${`~2026~${id}`}, ${adminId} from b`);
    const loanId =
      (await queryRows(tx, z.object({ id: z.string() }), sql`select gen_random_uuid() as id`))[0]?.id ?? '';
    await tx.execute(sql`insert into farmer_loans (id, loan_no, farmer_id, amcos_id, issued_on, amount, recovered, reason,
        source, status, created_by, approved_by, approved_at)
      values (${loanId}, ${`~2026~${loanId}`}, ${r.farmer_id}, ${r.amcos_id}, current_date, 260000, 0, 'bare',
        'distribution', 'active', ${adminId}, ${adminId}, now())`);
    await tx.execute(sql`with d as (insert into input_distributions (id, distribution_no, request_id, farmer_id, amcos_id,
          store_id, season_id, kind, distributed_on, farmer_amount, subsidy_amount, cost_value, margin, loan_id, created_by)
        values (${id}, ${`~2026~${id}`}, ${requestId}, ${r.farmer_id}, ${r.amcos_id}, ${r.store_id}, ${r.season_id},
          'credit', current_date, 260000, 0, 200000, 60000, ${loanId}, ${adminId}) returning id),
      l as (insert into input_distribution_lines (id, distribution_id, line_no, item_id, quantity, unit_price,
          farmer_value, unit_cost, cost_value)
        select gen_random_uuid(), d.id, l.line_no, l.item_id, l.quantity, 65000, l.quantity * 65000, 50000, l.quantity * 50000
        from input_request_lines l, d where l.request_id = ${requestId} returning item_id, quantity, farmer_value, cost_value)
      insert into input_distribution_totals as t (season_id, amcos_id, farmer_id, item_id, kind, lines, quantity,
        farmer_value, subsidy_value, cost_value)
      select ${r.season_id}, ${r.amcos_id}, ${r.farmer_id}, item_id, 'credit', 1, quantity, farmer_value, 0, cost_value from l
      on conflict (season_id, amcos_id, farmer_id, item_id, kind) do update set lines = t.lines + 1,
        quantity = t.quantity + excluded.quantity, farmer_value = t.farmer_value + excluded.farmer_value,
        cost_value = t.cost_value + excluded.cost_value`);
    for (const [book, debit, credit] of [
      ['collection', '1401', '2105'],
      ['operation', '1204', '1301'],
    ] as const) {
      await tx.execute(sql`with e as (select gen_random_uuid() as id),
          a as (select (select id from accounts where code = ${debit}) as dr, (select id from accounts where code = ${credit}) as cr),
          l as (insert into journal_lines (id, entry_id, line_no, account_id, entry_date, posted, debit, credit, currency,
              currency_amount, rate)
            select gen_random_uuid(), e.id, x.n, x.account, current_date, true, x.dr, x.cr, 'TZS', 260000, 1
            from e, a, lateral (values (1, a.dr, 260000, 0), (2, a.cr, 0, 260000)) x(n, account, dr, cr) returning 1)
        insert into journal_entries (id, number, entry_date, book, financial_year_id, narration, source, source_type,
          source_id, status, total, created_by, approved_by, approved_at)
        select e.id, '~2026~' || e.id, current_date, ${book}, (select id from financial_years where current_date between start_date and end_date),
          'bare', 'event', 'input_distribution', ${id}, 'posted', 260000, ${adminId}, ${adminId}, now()
        from e, (select count(*) as n from l) w where w.n > 0`);
    }
    await tx.execute(
      sql`update input_requests set status = 'distributed', updated_at = now() where id = ${requestId}`,
    );
  });
}

export const inputsSuite: BenchSuite = {
  name: 'inputs',
  async prepare(db, { adminId }) {
    const loadSeconds = await writeData(db, adminId);
    await db.execute(sql`update users set is_initial_password = false where id = ${adminId}`);
    const [season] = await queryRows(
      db,
      z.object({ id: z.string() }),
      sql`select id from seasons where name = 'Bench 2031/2032'`,
    );
    const seasonId = season?.id ?? '';
    const admin: Actor = { userId: adminId, sessionId: 'bench', amcosId: null, permissions: new Set() };
    const bareReport = await timed(3, () =>
      db.execute(sql`select l.item_id, d.amcos_id, d.farmer_id, d.kind, sum(l.quantity), sum(l.farmer_value), sum(l.cost_value)
        from input_distributions d join input_distribution_lines l on l.distribution_id = d.id
        where d.season_id = ${seasonId} and d.status = 'issued' group by 1, 2, 3, 4`),
    );
    const apiReport = await timed(3, () => distributionReport(db, admin, { seasonId }, null));
    // The first page as the screen asks for it, in process, beside its bare SQL.
    const apiPage = await timed(9, () =>
      distributionReport(db, admin, { seasonId }, { limit: 25, offset: 0 }),
    );
    const barePage = await timed(9, () => bareReportPage(db, seasonId));
    const bareBulk = await timed(1, () =>
      db
        .transaction(async (tx) => {
          await tx.execute(sql`update input_requests set status = 'approved', union_approved_by = ${adminId}, union_approved_at = now()
            where season_id = ${seasonId} and status = 'amcos_approved'`);
          throw new Error('rollback');
        })
        .catch(() => undefined),
    );
    let approved = 0;
    const apiBulk = await timed(1, async () => {
      approved = (
        await bulkApproveInputRequests(db, admin, { status: 'amcos_approved', season_id: seasonId })
      ).approved;
    });
    const ready = await queryRows(
      db,
      z.object({ id: z.string(), store: z.string() }),
      sql`select r.id, s.id as store from input_requests r join stores s on s.amcos_id = r.amcos_id
          where r.season_id = ${seasonId} and r.status = 'approved' and r.request_no >= 'FR-BENCH-180000' order by r.request_no`,
    );
    // The first 60 ready requests: the same save in process and as bare SQL, one after another.
    const single = ready.splice(0, 60);
    const inProcess = await timed(30, async () => {
      const r = single.shift();
      if (r) await createDistribution(db, admin, { requestId: r.id, storeId: r.store, kind: 'credit' });
    });
    const bare = await timed(30, async () => {
      const r = single.shift();
      if (r) await bareSave(db, r.id, adminId);
    });
    // One clerk per AMCOS, issuing from its store (as the collections bench: 20 clerks of 20 AMCOS).
    // Clerks of one store take turns on its item balance rows (the no-negative-stock lock).
    const stores = [...new Set(ready.map((r) => r.store))].sort();
    const bodies = stores.map((store) =>
      ready
        .filter((r) => r.store === store)
        .map((r) => JSON.stringify({ requestId: r.id, storeId: r.store, kind: 'credit' })),
    );
    const bareTotals = await timed(3, () =>
      db.execute(sql`select t.item_id, t.amcos_id, t.farmer_id, t.kind, t.quantity, t.farmer_value, t.cost_value
        from input_distribution_totals t where t.season_id = ${seasonId} and t.lines > 0`),
    );
    return {
      description:
        `${REQUESTS.toLocaleString('en')} requests, 500,000 distribution lines in ${loadSeconds.toFixed(1)} s. In process (median): ` +
        `report's first page of 25 rows with count, totals and recovery ${apiPage.toFixed(1)} ms vs bare SQL of the same ${barePage.toFixed(1)} ms (ratio ${(apiPage / barePage).toFixed(2)}); ` +
        `whole report (the files' rows) ${apiReport.toFixed(0)} ms vs bare GROUP BY of the lines ${bareReport.toFixed(0)} ms (ratio ${(apiReport / bareReport).toFixed(2)}) ` +
        `and vs bare read of the kept totals ${bareTotals.toFixed(0)} ms (ratio ${(apiReport / bareTotals).toFixed(2)}); ` +
        `one credit save at a time ${inProcess.toFixed(1)} ms vs bare SQL ${bare.toFixed(1)} ms (ratio ${(inProcess / bare).toFixed(2)}); ` +
        `bulk approve of ${approved.toLocaleString('en')} ${apiBulk.toFixed(0)} ms vs bare UPDATE ${bareBulk.toFixed(0)} ms (ratio ${(apiBulk / bareBulk).toFixed(2)})`,
      scenarios: (() => {
        const take = requestLists(bodies);
        return [reportScenario(seasonId), saveScenario(take, 1), saveScenario(take)];
      })(),
    };
  },
};
