import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { distributionReport } from '../../src/modules/inputs/distributions/distribution-report.ts';
import { bulkApproveInputRequests } from '../../src/modules/inputs/requests/bulk-approve-input-requests.ts';
import type { Actor } from '../../src/platform/access.ts';
import { runAutocannon } from '../lib/measure.ts';
import type { BenchSuite, Scenario, ServerContext } from './scenario.ts';

/**
 * The farmer-inputs bench (issue 14), written with bulk SQL: 20 AMCOS with a store each, 20,000
 * farmers of 2 acres, 2 priced items, 200,000 requests of 2 lines: 180,000 distributed (250,000
 * distributions, 70,000 of them cancelled and issued again, 500,000 distribution lines), 10,000
 * waiting for the union (bulk approve) and 10,000 approved (the save scenario issues them).
 * Beside each API figure, the bare SQL for the same work.
 */
const SOCIETIES = 20;
const FARMERS = 20_000;
const REQUESTS = 200_000;
const bearer = (server: ServerContext) => ({ authorization: `Bearer ${server.adminToken}` });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
async function timed(times: number, work: () => Promise<unknown>): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await work();
    ms.push(performance.now() - started);
  }
  return median(ms);
}

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
  await db.execute(sql`analyze`);
  return (performance.now() - started) / 1000;
}

function reportScenario(seasonId: string): Scenario {
  const path = `/api/reports/distributions?season_id=${seasonId}`;
  return {
    name: 'GET /api/reports/distributions?season_id=<season> (250,000 distributions)',
    concurrency: 1,
    target: { p95BelowMs: 500 },
    async check(server) {
      const response = await fetch(`${server.baseUrl}${path}`, { headers: bearer(server) });
      if (response.status !== 200)
        throw new Error(`report answered ${response.status}: ${await response.text()}`);
      return undefined;
    },
    run: (server, seconds) =>
      runAutocannon({
        url: server.baseUrl,
        connections: 1,
        seconds,
        headers: bearer(server),
        requests: [{ method: 'GET', path }],
      }),
  };
}

/** 20 clerks issuing approved requests on credit, each connection its own requests. */
function saveScenario(bodies: string[][]): Scenario {
  const path = '/api/collections/distributions';
  // A request is issued once: the warm-up takes the first half of each clerk's list, the measure the rest.
  let calls = 0;
  return {
    name: `POST ${path} (2 lines on credit: stock out, loan, posting in both books; 20 clerks)`,
    concurrency: 20,
    target: { p95BelowMs: 30 },
    run: (server, seconds) => {
      const half = calls++ % 2;
      return runAutocannon({
        url: server.baseUrl,
        connections: 20,
        seconds,
        headers: { ...bearer(server), 'content-type': 'application/json' },
        requests: [{ method: 'POST', path }],
        perConnection: bodies.map((list) =>
          list
            .slice(half * Math.floor(list.length / 2))
            .map((body) => ({ method: 'POST' as const, path, body })),
        ),
      });
    },
  };
}

export const inputsSuite: BenchSuite = {
  name: 'inputs',
  async prepare(db, { adminId }) {
    const loadSeconds = await writeData(db, adminId);
    await db.execute(sql`update users set is_initial_password = false where id = ${adminId}`);
    const [season] = await queryRows<{ id: string }>(
      db,
      sql`select id from seasons where name = 'Bench 2031/2032'`,
    );
    const seasonId = season?.id ?? '';
    const admin: Actor = { userId: adminId, sessionId: 'bench', amcosId: null, permissions: new Set() };
    const bareReport = await timed(3, () =>
      db.execute(sql`select l.item_id, d.amcos_id, d.farmer_id, d.kind, sum(l.quantity), sum(l.farmer_value), sum(l.cost_value)
        from input_distributions d join input_distribution_lines l on l.distribution_id = d.id
        where d.season_id = ${seasonId} and d.status = 'issued' group by 1, 2, 3, 4`),
    );
    const apiReport = await timed(3, () => distributionReport(db, admin, { seasonId }));
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
    const ready = await queryRows<{ id: string; store: string }>(
      db,
      sql`select r.id, s.id as store from input_requests r join stores s on s.amcos_id = r.amcos_id
          where r.season_id = ${seasonId} and r.status = 'approved' and r.request_no >= 'FR-BENCH-190000' order by r.request_no`,
    );
    const bodies = Array.from({ length: 20 }, (_, c) =>
      ready
        .filter((_, i) => i % 20 === c)
        .map((r) => JSON.stringify({ requestId: r.id, storeId: r.store, kind: 'credit' })),
    );
    return {
      description:
        `${REQUESTS.toLocaleString('en')} requests, 500,000 distribution lines in ${loadSeconds.toFixed(1)} s. In process (median): ` +
        `report ${apiReport.toFixed(0)} ms vs bare GROUP BY ${bareReport.toFixed(0)} ms (ratio ${(apiReport / bareReport).toFixed(2)}); ` +
        `bulk approve of ${approved.toLocaleString('en')} ${apiBulk.toFixed(0)} ms vs bare UPDATE ${bareBulk.toFixed(0)} ms (ratio ${(apiBulk / bareBulk).toFixed(2)})`,
      scenarios: [reportScenario(seasonId), saveScenario(bodies)],
    };
  },
};
