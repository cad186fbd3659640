import { todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { listStockMovements, quantityByStore } from '../../src/modules/inventory/ledgers/queries.ts';
import { runAutocannon } from '../lib/measure.ts';
import { bearer, getScenario, timed } from '../lib/scenarios.ts';
import type { BenchSuite, Scenario } from './scenario.ts';

/**
 * The stores bench (issue 13): 2,000 items, 60 stores (20 union, 40 AMCOS), each store holding
 * 200 items (12,000 item x store balances), and BENCH_STOCK_MOVEMENTS movements (1,000,000 on
 * PostgreSQL, 200,000 on PGlite) written with bulk SQL, each with its running balance. Then
 * quantity-by-store over everything, one item's newest 50 movements, and GRN saves of 20 lines
 * by 10 clerks at once, each beside the bare SQL for the same answer.
 */
const ITEMS = 2_000;
const STORES = 60;
const PAIRS = 12_000;
const isPglite = (db: Db) => !((db as unknown as { $client?: unknown }).$client instanceof pg.Pool);

// Pair p holds item p % 2000 in store (p / 2000) * 10 + p % 10: every store 200 distinct items.
// Its movements go +20, -5, -5, -5, +20...: never below zero; the cost is the item's, so the
// average is constant and value = quantity x cost exactly.
async function writeData(db: Db, adminId: string, movements: number) {
  const started = performance.now();
  await db.execute(sql`insert into amcos (id, code, name)
    select gen_random_uuid(), 'SB' || lpad(n::text, 3, '0'), 'Bench society ' || n from generate_series(1, 40) n`);
  await db.execute(sql`insert into stores (id, code, name, kind, amcos_id)
    select gen_random_uuid(), 'BS' || lpad(n::text, 2, '0'), 'Bench store ' || n,
           case when n < 20 then 'union' else 'amcos' end,
           case when n < 20 then null else (select id from amcos where code = 'SB' || lpad((n - 19)::text, 3, '0')) end
    from generate_series(0, ${STORES - 1}) n`);
  await db.execute(sql`insert into items (id, code, name, unit)
    select gen_random_uuid(), 'BI' || lpad(n::text, 4, '0'), 'Bench item ' || n, 'bag' from generate_series(0, ${ITEMS - 1}) n`);
  const batch = 200_000;
  for (let a = 0; a < movements; a += batch) {
    const b = Math.min(movements, a + batch) - 1;
    await db.execute(sql`
      with ids as (select (select array_agg(id order by code) from items) as items,
                          (select array_agg(id order by code) from stores where code like 'BS%') as stores),
      m as (
        select n, n % ${PAIRS} as p, n / ${PAIRS} as k from generate_series(${a}::bigint, ${b}::bigint) n
      ), q as (
        select n, p, k, case when k % 4 = 0 then 20 else -5 end as qty, 1000 + (p % ${ITEMS}) % 500 as cost from m
      )
      insert into stock_movements (id, item_id, store_id, movement_date, kind, quantity, unit_cost, value,
        balance_quantity, balance_value, balance_avg_cost, source_type, source_id, source_no, created_by)
      select gen_random_uuid(), ids.items[1 + (p % ${ITEMS})::int], ids.stores[1 + ((p / ${ITEMS}) * 10 + p % 10)::int],
             date '2026-01-01' + (k % 300)::int, case when qty > 0 then 'receipt' else 'issue' end,
             qty, cost, qty * cost,
             (k / 4) * 5 + case k % 4 when 0 then 20 when 1 then 15 when 2 then 10 else 5 end,
             ((k / 4) * 5 + case k % 4 when 0 then 20 when 1 then 15 when 2 then 10 else 5 end) * cost,
             cost, 'bench', gen_random_uuid(), 'BENCH-' || n, ${adminId}
      from q, ids order by n`);
  }
  await db.execute(sql`insert into stock_balances (item_id, store_id, quantity, value, avg_cost)
    select item_id, store_id, sum(quantity), sum(value), round(sum(value) / nullif(sum(quantity), 0), 6)
    from stock_movements group by item_id, store_id`);
  await db.execute(sql`vacuum analyze stock_movements`);
  await db.execute(sql`analyze`);
  await db.execute(sql`checkpoint`);
  return (performance.now() - started) / 1000;
}

/**
 * 10 clerks saving 20-line GRNs into union stores, each connection its own store: each at `rate`
 * GRNs a second from its own random phase (a store keeper types a 20-line GRN over minutes; once a
 * second each is far above a season's peak), as the distribution save is measured; or, with `rate`
 * unset, as fast as answers come: the throughput ceiling, where latency is queueing for the
 * machine's CPUs (10 saves in flight on 2 CPUs) and the goal does not apply.
 */
function grnScenario(bodies: string[][], concurrency: number, rate?: number): Scenario {
  return {
    name: `POST /api/inventory/grns/direct (20 lines, ${concurrency} clerks, ${rate ? `${rate} GRN/s each at random phases` : 'closed loop: throughput ceiling'})`,
    concurrency,
    ...(rate ? { target: { p95BelowMs: 50 } } : {}),
    async check(server) {
      const response = await fetch(`${server.baseUrl}/api/inventory/grns/direct`, {
        method: 'POST',
        headers: { ...bearer(server), 'content-type': 'application/json' },
        body: bodies[0]?.[0] ?? '',
      });
      if (response.status !== 201)
        throw new Error(`GRN save answered ${response.status}: ${await response.text()}`);
      return undefined;
    },
    run: (server, seconds) =>
      runAutocannon({
        url: server.baseUrl,
        connections: concurrency,
        seconds,
        headers: { ...bearer(server), 'content-type': 'application/json' },
        requests: [{ method: 'POST', path: '/api/inventory/grns/direct' }],
        perConnection: bodies.map((list) =>
          list.map((body) => ({ method: 'POST' as const, path: '/api/inventory/grns/direct', body })),
        ),
        ...(rate ? { connectionRate: rate } : {}),
      }),
  };
}

export const storesSuite: BenchSuite = {
  name: 'stores',
  async prepare(db, { adminId }) {
    const pglite = isPglite(db);
    const wanted = Number(process.env.BENCH_STOCK_MOVEMENTS ?? (pglite ? 200_000 : 1_000_000));
    const loadSeconds = await writeData(db, adminId, wanted);
    // The bench signs in as the bootstrap administrator, who has not replaced the first password.
    await db.execute(sql`update users set is_initial_password = false where id = ${adminId}`);
    const [busy] = await queryRows(
      db,
      z.object({ item_id: z.string(), n: z.number() }),
      sql`select item_id, count(*)::int as n from stock_movements group by item_id order by n desc limit 1`,
    );
    const itemId = busy?.item_id ?? '';
    const unionStores = await queryRows(
      db,
      z.object({ id: z.string() }),
      sql`select id from stores where code like 'BS%' and kind = 'union' order by code`,
    );
    const allItems = await queryRows(
      db,
      z.object({ id: z.string() }),
      sql`select id from items where code like 'BI%' order by code`,
    );
    const today = todayInTanzania();
    // Each clerk its own union store and items: 20 GRN bodies of 20 lines each, walked in turn.
    const bodies = Array.from({ length: 10 }, (_, clerk) =>
      Array.from({ length: 20 }, (_, g) =>
        JSON.stringify({
          storeId: unionStores[clerk % unionStores.length]?.id,
          receivedOn: today,
          lines: Array.from({ length: 20 }, (_, l) => ({
            itemId: allItems[(clerk * 200 + g * 20 + l) % allItems.length]?.id,
            quantity: '10',
            unitCost: '1250.50',
          })),
        }),
      ),
    );
    const bareQty = await timed(5, () =>
      db.execute(sql`select b.item_id, b.store_id, b.quantity, b.value, i.code, s.name from stock_balances b
        join items i on i.id = b.item_id join stores s on s.id = b.store_id where b.quantity > 0`),
    );
    const apiQty = await timed(5, () => quantityByStore(db, { format: 'json' }, null));
    const bareLedger = await timed(9, () =>
      db.execute(sql`select * from stock_movements where item_id = ${itemId} order by seq desc limit 50`),
    );
    const apiLedger = await timed(9, () =>
      listStockMovements(
        db,
        { item_id: itemId, page: 1, per_page: 50, format: 'json' },
        { limit: 50, offset: 0 },
        null,
      ),
    );
    const bareGrn = await timed(9, () =>
      db.transaction(async (tx) => {
        const store = unionStores[0]?.id ?? '';
        for (let l = 0; l < 20; l++) {
          const item = allItems[l]?.id ?? '';
          await tx.execute(sql`insert into stock_balances (item_id, store_id, quantity, value, avg_cost)
            values (${item}, ${store}, 10, 12505, 1250.5) on conflict (item_id, store_id) do update
            set quantity = stock_balances.quantity + 10, value = stock_balances.value + 12505`);
        }
        await tx.execute(sql`insert into stock_movements (id, item_id, store_id, movement_date, kind, quantity, unit_cost, value,
            balance_quantity, balance_value, balance_avg_cost, source_type, source_id)
          select gen_random_uuid(), id, ${store}, ${today}, 'receipt', 10, 1250.5, 12505, 10, 12505, 1250.5, 'bare', gen_random_uuid()
          from items where code like 'BI%' order by code limit 20`);
      }),
    );
    const [pairs] = await queryRows(
      db,
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from stock_balances`,
    );
    return {
      description:
        `${wanted.toLocaleString('en')} stock movements, ${ITEMS.toLocaleString('en')} items, ${STORES} stores, ` +
        `${(pairs?.n ?? 0).toLocaleString('en')} item x store balances in ${loadSeconds.toFixed(1)} s; busy item ${busy?.n} movements. ` +
        `In process (median): quantity-by-store ${apiQty.toFixed(1)} ms vs bare SELECT ${bareQty.toFixed(1)} ms (ratio ${(apiQty / bareQty).toFixed(2)}); ` +
        `item ledger page ${apiLedger.toFixed(1)} ms vs bare ${bareLedger.toFixed(1)} ms (ratio ${(apiLedger / bareLedger).toFixed(2)}); ` +
        `bare 20-line stock write (one transaction, no posting, no HTTP) ${bareGrn.toFixed(1)} ms`,
      scenarios: [
        getScenario(
          'GET /api/reports/inventory/quantity-by-store (all items and stores)',
          '/api/reports/inventory/quantity-by-store',
          300,
        ),
        getScenario(
          'GET /api/inventory/ledgers?item_id=<busy item> (newest 50)',
          `/api/inventory/ledgers?item_id=${itemId}&per_page=50`,
          50,
        ),
        grnScenario(bodies, 10, 1),
        grnScenario(bodies, 10),
      ],
    };
  },
};
