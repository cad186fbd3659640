import { todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { signIn } from '../../test/hardening/child-server.ts';
import { writeAuctionParties } from '../lib/auction-parties.ts';
import { runConcurrentLoop } from '../lib/measure.ts';
import { BENCH_PASSWORD } from '../lib/server.ts';
import type { BenchSuite, Scenario, ServerContext } from './scenario.ts';

/**
 * The settlement bench: 50,000 farmers of 100 AMCOS; each "auction" is 500 sold and fully paid lots
 * of 100 farmers' collections each (every farmer has one collection in every auction), with
 * delivery notes and transport charges, four deduction rules (one buyer-paid), and 5,000 farmers
 * with an outstanding loan. One step settles a whole auction over HTTP as an officer would: preview,
 * save the draft, and approval by a second user (postings, loan recoveries and the payment batches
 * with one line per farmer). Then the season's farmer payments summary is read.
 */
const FARMERS = 50_000;
const LOTS_PER_AUCTION = 500;
const PER_LOT = FARMERS / LOTS_PER_AUCTION;
const AUCTIONS = 5;
const SOCIETIES = 100;
const LOANS = 5_000;
const FINANCE_EMAIL = 'bench.finance@ushirika.test';

const auctionId = (k: number) => `00000000-0000-4000-b000-${k.toString(16).padStart(12, '0')}`;

async function writeData(db: Db, setup: { adminId: string; passwordHash: string }) {
  const started = performance.now();
  const today = todayInTanzania();
  const [crop] = await queryRows(
    db,
    z.object({ crop_id: z.string(), grade: z.string() }),
    sql`select c.id as crop_id, (select id from grades g where g.crop_id = c.id order by code limit 1) as grade
        from crops c where c.code = 'CASHEW'`,
  );
  if (!crop) throw new Error('bootstrap seeded no cashew');
  const [sc] = await queryRows(
    db,
    z.object({ id: z.string() }),
    sql`with s as (insert into seasons (id, name, start_date, end_date, status)
        values (gen_random_uuid(), 'Bench settlement season', ${today}::date - 200, ${today}::date + 100, 'planned') returning id)
      insert into season_crops (id, season_id, crop_id, indicative_price, standard_bag_kg, max_moisture)
      select gen_random_uuid(), s.id, ${crop.crop_id}, 2000, 80, 10 from s returning id`,
  );
  if (!sc) throw new Error('season crop insert');
  await writeAuctionParties(db, {
    prefix: 'ST',
    bidPrefix: 'STB',
    seasonCropId: sql`${sc.id}::uuid`,
    operator: 'Bench operator',
    phone: '255713000999',
    buyers: 10,
  });
  await db.execute(
    sql`insert into banks (id, name, short_code) values (gen_random_uuid(), 'ST Bank', 'STBANK')`,
  );
  await db.execute(sql`insert into amcos (id, code, name)
    select gen_random_uuid(), 'ST' || lpad(n::text, 3, '0'), 'ST AMCOS ' || n from generate_series(0, ${SOCIETIES - 1}) n`);
  // Farmer n grows in lot n / 100 of every auction; that lot's AMCOS is its own.
  await db.execute(sql`insert into farmers (id, farmer_no, amcos_id, first_name, last_name, gender, phone, bank_id, account_no)
    select gen_random_uuid(), 'STF-' || lpad(n::text, 6, '0'), a.ids[1 + (n / ${PER_LOT}) % ${SOCIETIES}],
      'Farmer', 'Settle ' || n, case when n % 2 = 0 then 'Female' else 'Male' end,
      -- phones 2555…: the farmers suite uses 2556…/2557… and collections 2558…, all in one database
      case when n % 10 <> 0 then '2555' || lpad(n::text, 8, '0') end,
      case when n % 2 = 0 then (select id from banks where short_code = 'STBANK') end,
      case when n % 2 = 0 then 'STACC' || n end
    from generate_series(0, ${FARMERS - 1}) n, (select array_agg(id order by code) ids from amcos where code like 'ST%') a`);
  await db.execute(sql`insert into farmer_loans (id, loan_no, farmer_id, amcos_id, issued_on, amount, reason, created_by)
    select gen_random_uuid(), 'STLN-' || n, f.id, f.amcos_id, ${today}::date - 60, 50000, 'Bench advance', ${setup.adminId}
    from generate_series(0, ${LOANS - 1}) n join farmers f on f.farmer_no = 'STF-' || lpad((n * 10 + 3)::text, 6, '0')`);
  // Lots: auction k, lot j; one delivery note per lot with a transport charge.
  await db.execute(sql`
    create temporary table st_lots as
    select k, j, ('00000000-0000-4000-8' || lpad(to_hex(k), 3, '0') || '-' || lpad(to_hex(j), 12, '0'))::uuid as lot_id,
      gen_random_uuid() as dn_id, a.ids[1 + j % ${SOCIETIES}] as amcos_id, 1800 + (k * 31 + j * 7) % 900 as price
    from generate_series(1, ${AUCTIONS}) k cross join generate_series(0, ${LOTS_PER_AUCTION - 1}) j,
      (select array_agg(id order by code) ids from amcos where code like 'ST%') a`);
  await db.execute(sql`insert into delivery_notes (id, dn_no, amcos_id, season_crop_id, warehouse_id, transporter_id,
      vehicle_plate, driver_name, status, bags, net_kg, transport_charge, received_bags, received_kg)
    select x.dn_id, 'STDN-' || x.k || '-' || x.j, x.amcos_id, ${sc.id}, w.id, t.id, 'T 000 ST', 'Bench driver',
      'receipted', ${PER_LOT}, ${PER_LOT * 50}, ${PER_LOT * 50 * 15}, ${PER_LOT}, ${PER_LOT * 50 - 20}
    from st_lots x, (select id from warehouses where licence_no = 'STWL-1') w, (select id from transporters where name = 'ST Haulage') t`);
  await db.execute(sql`insert into lots (id, whr_no, lot_no, warehouse_id, amcos_id, season_crop_id, grade_id, bags,
      net_kg, collected_kg, status, issued_by)
    select x.lot_id, 'STWHR-' || x.k || '-' || x.j, 'STL-' || x.k || '-' || lpad(x.j::text, 3, '0'), w.id, x.amcos_id,
      ${sc.id}, ${crop.grade}, ${PER_LOT}, ${PER_LOT * 50 - 20}, ${PER_LOT * 50}, 'sold', ${setup.adminId}
    from st_lots x, (select id from warehouses where licence_no = 'STWL-1') w`);
  await db.execute(sql`insert into lot_sources (lot_id, delivery_note_id, bags, net_kg, collected_kg)
    select lot_id, dn_id, ${PER_LOT}, ${PER_LOT * 50 - 20}, ${PER_LOT * 50} from st_lots`);
  await db.execute(sql`insert into collections (id, receipt_no, collected_on, season_crop_id, amcos_id, farmer_id, grade_id,
      bags, gross_kg, tare_kg, net_kg, moisture, status, delivery_note_id, lot_id)
    select gen_random_uuid(), 'STR-' || x.k || '-' || f.n, ${today}::date - 30, ${sc.id}, x.amcos_id, f.id, ${crop.grade},
      1, 51, 1, 50, 8, 'sold', x.dn_id, x.lot_id
    from st_lots x join (select id, substr(farmer_no, 5)::int as n from farmers where farmer_no like 'STF-%') f
      on f.n / ${PER_LOT} = x.j`);
  // One invoice per auction and buyer (50 lots each), fully paid.
  await db.execute(sql`
    create temporary table st_inv as
    select k, j / 50 as b, gen_random_uuid() as invoice_id,
      sum(round((${PER_LOT * 50 - 20})::numeric * price, 2)) as subtotal,
      sum(round(round((${PER_LOT * 50 - 20})::numeric * price, 2) * 1.5 / 100, 2)) as levies
    from st_lots group by k, j / 50`);
  await db.execute(sql`insert into sales_invoices (id, invoice_no, buyer_id, auction_id, invoice_date, due_date, status,
      subtotal, levies_total, total, paid_amount)
    select i.invoice_id, 'STINV-' || i.k || '-' || i.b, b.ids[1 + i.b], ('00000000-0000-4000-b000-' || lpad(to_hex(i.k), 12, '0'))::uuid,
      ${today}, ${today}, 'paid', i.subtotal, i.levies, i.subtotal + i.levies, i.subtotal + i.levies
    from st_inv i, (select array_agg(id order by bid_code) ids from buyers where bid_code like 'STB%') b`);
  await db.execute(sql`insert into sales_invoice_lines (id, invoice_id, line_no, kind, lot_id, description, kg, price_per_kg, amount)
    select gen_random_uuid(), i.invoice_id, 1 + x.j % 50, 'lot', x.lot_id, 'Lot ' || x.j, ${PER_LOT * 50 - 20}, x.price,
      round((${PER_LOT * 50 - 20})::numeric * x.price, 2)
    from st_lots x join st_inv i on i.k = x.k and i.b = x.j / 50`);
  await db.execute(sql`drop table st_lots`);
  await db.execute(sql`drop table st_inv`);
  // The checker: a Finance Manager (approves settlements and batches).
  await db.execute(sql`
    with u as (insert into users (id, first_name, last_name, email, mobile, gender, password_hash, is_initial_password,
        active, created_by)
      values (gen_random_uuid(), 'Bench', 'Finance', ${FINANCE_EMAIL}, '255700999111', 'Female', ${setup.passwordHash},
        false, true, ${setup.adminId}) returning id)
    insert into user_roles (user_id, role_id) select u.id, r.id from u, roles r where r.name = 'Finance Manager'`);
  await db.execute(sql`analyze`);
  return { seconds: (performance.now() - started) / 1000 };
}

const headers = (token: string, json = false) => ({
  authorization: `Bearer ${token}`,
  ...(json ? { 'content-type': 'application/json' } : {}),
});

async function call(url: string, token: string, method: string, body?: unknown) {
  const response = await fetch(url, {
    method,
    headers: headers(token, body !== undefined),
    body: body ? JSON.stringify(body) : undefined,
  });
  if (response.status >= 300)
    throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { data: { id: string; lotCount: number; farmerCount: number } };
}

function settleScenario(): Scenario {
  let next = 1;
  let financeToken = '';
  return {
    name: `settle an auction: preview + draft + approve (${LOTS_PER_AUCTION} lots, ${FARMERS.toLocaleString('en')} farmers)`,
    concurrency: 1,
    target: { p95BelowMs: 10_000 },
    async check(server) {
      const finance = await signIn(server.baseUrl, FINANCE_EMAIL, BENCH_PASSWORD);
      if (!finance.access)
        throw new Error(`bench finance user cannot sign in: ${JSON.stringify(finance.body)}`);
      financeToken = finance.access;
      return `${AUCTIONS} auctions ready`;
    },
    run: (server: ServerContext, seconds) =>
      runConcurrentLoop({
        concurrency: 1,
        seconds,
        step: async () => {
          const k = next++;
          if (k > AUCTIONS) {
            return { exhausted: true };
          }
          const body = { auctionId: auctionId(k) };
          const api = `${server.baseUrl}/api/payments/settlements`;
          const times: string[] = [];
          const timed = async <T>(what: string, run: () => Promise<T>) => {
            const begin = performance.now();
            const result = await run();
            times.push(`${what} ${((performance.now() - begin) / 1000).toFixed(1)} s`);
            return result;
          };
          try {
            const preview = await timed('preview', () =>
              call(`${api}/preview`, server.adminToken, 'POST', body),
            );
            if (preview.data.lotCount !== LOTS_PER_AUCTION || preview.data.farmerCount !== FARMERS)
              throw new Error(`preview: ${preview.data.lotCount} lots, ${preview.data.farmerCount} farmers`);
            const draft = await timed('draft', () => call(api, server.adminToken, 'POST', body));
            await timed('approve', () => call(`${api}/${draft.data.id}/approve`, financeToken, 'PATCH'));
            process.stdout.write(`    auction ${k}: ${times.join(', ')}\n`);
            return { status: 200 };
          } catch (error) {
            process.stdout.write(
              `    auction ${k} failed after ${times.join(', ')}: ${String(error).slice(0, 600)}\n`,
            );
            throw error;
          }
        },
      }),
  };
}

function summaryScenario(): Scenario {
  return {
    name: 'GET /api/reports/auction/farmer-payments-summary (the season, 100 AMCOS)',
    concurrency: 1,
    target: { p95BelowMs: 1000 },
    run: (server, seconds) =>
      runConcurrentLoop({
        concurrency: 1,
        seconds,
        step: async () => {
          const r = await fetch(`${server.baseUrl}/api/reports/auction/farmer-payments-summary`, {
            headers: headers(server.adminToken),
          });
          await r.arrayBuffer();
          return { status: r.status };
        },
      }),
  };
}

export const settlementSuite: BenchSuite = {
  name: 'settlement',
  async prepare(db, setup) {
    const data = await writeData(db, setup);
    return {
      description:
        `${FARMERS.toLocaleString('en')} farmers, ${AUCTIONS} auctions of ${LOTS_PER_AUCTION} paid lots ` +
        `(${(AUCTIONS * FARMERS).toLocaleString('en')} collections), ${LOANS.toLocaleString('en')} loans in ${data.seconds.toFixed(1)} s`,
      scenarios: [settleScenario(), summaryScenario()],
    };
  },
};
