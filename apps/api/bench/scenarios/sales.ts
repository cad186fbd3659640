import { todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { cashewGrades } from '../lib/fixtures.ts';
import { runConcurrentLoop } from '../lib/measure.ts';
import { agedSummaryScenario, writeBuyerLedger } from './sales-buyers.ts';
import type { BenchSuite, Scenario, ServerContext } from './scenario.ts';

/**
 * The sales bench: a season of 50,000 lots (200,000 farmers' collections in them), 500 auctions and
 * 300 buyers, written with server-side bulk SQL. 470 auctions are closed history (35,000 sold lots);
 * 30 auctions of 500 lots each wait with their results and decisions (about 5% rejected, 40 buyers
 * per auction). The scenario closes them one after another through the API: per close, one invoice
 * per buyer with its posting, 500 lots and 2,000 collections changing state, in one transaction.
 */
const LOTS = 50_000;
const HISTORY_AUCTIONS = 470;
const OPEN_AUCTIONS = 30;
const LOTS_PER_OPEN = 500;
const BUYERS = 300;
const SOCIETIES = 200;
const WAREHOUSES = 20;
const FARMERS = 20_000;
const PER_LOT = 4;

const bearer = (server: ServerContext) => ({ authorization: `Bearer ${server.adminToken}` });

async function writeData(db: Db, adminId: string): Promise<{ openIds: string[]; seconds: number }> {
  const started = performance.now();
  const today = todayInTanzania();
  const historyLots = LOTS - OPEN_AUCTIONS * LOTS_PER_OPEN;
  const crop = await cashewGrades(db);
  const [sc] = await queryRows(
    db,
    z.object({ id: z.string() }),
    sql`with s as (insert into seasons (id, name, start_date, end_date, status)
        values (gen_random_uuid(), 'Bench sales season', ${today}::date - 200, ${today}::date + 100, 'planned') returning id)
      insert into season_crops (id, season_id, crop_id, indicative_price, standard_bag_kg, max_moisture)
      select gen_random_uuid(), s.id, ${crop.crop_id}, 2000, 80, 10 from s returning id`,
  );
  if (!sc) throw new Error('season crop insert');
  await db.execute(sql`insert into warehouses (id, name, operator, licence_no)
    select gen_random_uuid(), 'SB Warehouse ' || n, 'Bench operator', 'SBWL-' || n from generate_series(1, ${WAREHOUSES}) n`);
  await db.execute(sql`insert into amcos (id, code, name)
    select gen_random_uuid(), 'SB' || lpad(n::text, 3, '0'), 'SB AMCOS ' || n from generate_series(1, ${SOCIETIES}) n`);
  await db.execute(sql`insert into buyers (id, name, licence_no, licence_expires_on, bid_code)
    select gen_random_uuid(), 'Bench Buyer ' || n, 'SBLIC-' || n, '2099-12-31', 'SBB' || lpad(n::text, 3, '0')
    from generate_series(1, ${BUYERS}) n`);
  await db.execute(sql`insert into farmers (id, farmer_no, amcos_id, first_name, last_name, gender)
    select gen_random_uuid(), 'SBF-' || lpad(n::text, 6, '0'), a.ids[1 + n % ${SOCIETIES}], 'Farmer', 'Bench ' || n,
      case when n % 2 = 0 then 'Female' else 'Male' end
    from generate_series(1, ${FARMERS}) n, (select array_agg(id order by code) ids from amcos where code like 'SB%') a`);
  // Lots 1..35,000 were sold at the closed auctions; the rest are catalogued in the open ones.
  await db.execute(sql`insert into lots (id, whr_no, lot_no, warehouse_id, amcos_id, season_crop_id, grade_id, bags, net_kg, collected_kg, status, issued_by)
    select ('00000000-0000-4000-9000-' || lpad(to_hex(n), 12, '0'))::uuid, 'SBWHR-' || n, 'SBL-' || lpad(n::text, 6, '0'),
      w.ids[1 + n % ${WAREHOUSES}], a.ids[1 + n % ${SOCIETIES}], ${sc.id},
      case when n % 5 = 0 then ${crop.ug}::uuid else ${crop.std}::uuid end,
      100 + n % 40, 8000 + (n * 37) % 2000, 8000 + (n * 37) % 2000,
      case when n <= ${historyLots} then 'sold' else 'catalogued' end, ${adminId}
    from generate_series(1, ${LOTS}) n,
      (select array_agg(id order by name) ids from warehouses where name like 'SB %') w,
      (select array_agg(id order by code) ids from amcos where code like 'SB%') a`);
  await db.execute(sql`insert into collections (id, receipt_no, collected_on, season_crop_id, amcos_id, farmer_id, grade_id, bags, gross_kg, tare_kg, net_kg, moisture, status, lot_id)
    select gen_random_uuid(), 'SBR-' || n || '-' || k, ${today}::date - 30, l.season_crop_id, l.amcos_id,
      f.ids[1 + (n * ${PER_LOT} + k) % ${FARMERS}], l.grade_id, 25, l.net_kg / ${PER_LOT} + 25, 25, l.net_kg / ${PER_LOT}, 8,
      case when l.status = 'sold' then 'sold' else 'in_lot' end, l.id
    from generate_series(1, ${LOTS}) n cross join generate_series(1, ${PER_LOT}) k
      join lots l on l.id = ('00000000-0000-4000-9000-' || lpad(to_hex(n), 12, '0'))::uuid,
      (select array_agg(id order by farmer_no) ids from farmers where farmer_no like 'SBF-%') f`);
  await db.execute(sql`insert into auctions (id, auction_no, auction_date, season_crop_id, platform, status, published_at, closed_at, created_by)
    select ('00000000-0000-4000-a000-' || lpad(to_hex(k), 12, '0'))::uuid, 'BAUC-' || lpad(k::text, 6, '0'),
      case when k <= ${HISTORY_AUCTIONS} then ${today}::date - 120 + k / 4 else ${today}::date end,
      ${sc.id}, 'tmx_online', case when k <= ${HISTORY_AUCTIONS} then 'closed' else 'results' end,
      now(), case when k <= ${HISTORY_AUCTIONS} then now() end, ${adminId}
    from generate_series(1, ${HISTORY_AUCTIONS + OPEN_AUCTIONS}) k`);
  // History: every lot sold. Open auctions: 40 buyers each, about 1 lot in 20 rejected.
  await db.execute(sql`insert into auction_lots (id, auction_id, lot_id, reserve_price, result, buyer_id, price_per_kg,
      result_at, decision, decision_form_ref, decided_at, amount, outcome)
    select gen_random_uuid(), ('00000000-0000-4000-a000-' || lpad(to_hex(x.k), 12, '0'))::uuid, l.id, 1800, 'bid',
      b.ids[1 + (n % 40 + x.k * 7) % ${BUYERS}], 1800 + (n * 13) % 900 + (n % 100) / 100.0, now(),
      case when n > ${historyLots} and n % 20 = 0 then 'reject' else 'accept' end, 'BENCH-FORM', now(),
      case when n <= ${historyLots} then round(l.net_kg * (1800 + (n * 13) % 900 + (n % 100) / 100.0), 2) end,
      case when n <= ${historyLots} then 'sold' end
    from generate_series(1, ${LOTS}) n
      join lots l on l.id = ('00000000-0000-4000-9000-' || lpad(to_hex(n), 12, '0'))::uuid
      cross join lateral (select case when n <= ${historyLots} then 1 + (n - 1) % ${HISTORY_AUCTIONS}
        else ${HISTORY_AUCTIONS} + 1 + (n - ${historyLots} - 1) / ${LOTS_PER_OPEN} end as k) x,
      (select array_agg(id order by bid_code) ids from buyers where bid_code like 'SBB%') b`);
  await db.execute(sql`analyze`);
  const open = await queryRows(
    db,
    z.object({ id: z.string() }),
    sql`select id from auctions where auction_no like 'BAUC-%' and status = 'results' order by auction_no`,
  );
  return { openIds: open.map((o) => o.id), seconds: (performance.now() - started) / 1000 };
}

/** Closes the waiting auctions one by one over HTTP: each request is one whole close. */
function closeScenario(openIds: string[]): Scenario {
  let next = 0;
  return {
    name: `PATCH /api/sales/auctions/{id}/close (${LOTS_PER_OPEN} lots, ~40 buyers: invoices + postings)`,
    concurrency: 1,
    target: { p95BelowMs: 2000 },
    run: (server, seconds) =>
      runConcurrentLoop({
        concurrency: 1,
        seconds,
        step: async () => {
          const id = openIds[next++];
          if (!id) {
            return { exhausted: true };
          }
          const response = await fetch(`${server.baseUrl}/api/sales/auctions/${id}/close`, {
            method: 'PATCH',
            headers: bearer(server),
          });
          if (response.status !== 200)
            throw new Error(`close answered ${response.status}: ${await response.text()}`);
          return { status: response.status };
        },
      }),
  };
}

export const salesSuite: BenchSuite = {
  name: 'sales',
  async prepare(db, { adminId }) {
    const data = await writeData(db, adminId);
    // The buyer half (invoices, receipts, credits of the closed auctions): sales-buyers.ts.
    const ledger = await writeBuyerLedger(db, adminId);
    return {
      description:
        `${LOTS.toLocaleString('en')} lots (${(LOTS * PER_LOT).toLocaleString('en')} collections), ` +
        `${HISTORY_AUCTIONS + OPEN_AUCTIONS} auctions, ${BUYERS} buyers in ${data.seconds.toFixed(1)} s; ` +
        `${data.openIds.length} auctions of ${LOTS_PER_OPEN} lots wait to be closed` +
        `; ${ledger.invoices.toLocaleString('en')} invoices, ${ledger.receipts.toLocaleString('en')} receipts`,
      scenarios: [closeScenario(data.openIds), agedSummaryScenario()],
    };
  },
};
