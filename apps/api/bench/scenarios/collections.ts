import { todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { amcosStock } from '../../src/modules/crop-flow/collections/stock.ts';
import { signIn } from '../../test/hardening/child-server.ts';
import { cashewGrades, openCashewSeasonCrop, weighingBody } from '../lib/fixtures.ts';
import { runAutocannon, runConcurrentLoop } from '../lib/measure.ts';
import { bareMs } from '../lib/scenarios.ts';
import { BENCH_PASSWORD } from '../lib/server.ts';
import type { BenchSuite, Scenario, ServerContext } from './scenario.ts';

/**
 * The collections bench: a season's weighing history of 2,000,000 collections (200 AMCOS, 500
 * farmers each, 10,000 collections per AMCOS, 5 % still in stock), written with one server-side
 * `generate_series` insert. Then 20 AMCOS clerks, each of a different society and on their own
 * connection, save collections through the API (the fast-entry form's POST), and the AMCOS stock
 * is read (one AMCOS, and union-wide over all 200).
 *
 * BENCH_COLLECTIONS overrides the row count; on PGlite (embedded, one query at a time) it
 * defaults to 200,000 so the suite finishes in minutes.
 */
const SOCIETIES = 200;
const FARMERS_PER_SOCIETY = 500;
const CLERKS = 20;
const FARMERS_PER_CLERK_REQUESTS = 50;

export type Prepared = {
  seasonCropId: string;
  gradeId: string;
  clerks: { email: string; amcosId: string; farmerNos: string[] }[];
  oneAmcosId: string;
};

async function isPglite(db: Db): Promise<boolean> {
  const [row] = await queryRows(db, z.object({ v: z.string() }), sql`select version() as v`);
  return /emscripten|wasm|emcc/i.test(row?.v ?? '');
}

async function writeData(db: Db, adminId: string, passwordHash: string, total: number): Promise<Prepared> {
  const today = todayInTanzania();
  const year = today.slice(0, 4);
  const crop = await cashewGrades(db);
  const seasonCropId = await openCashewSeasonCrop(db, today, crop.crop_id, 'Bench collections season');
  // Ids computed from the row numbers (AMCOS m: ...8c00-<m>, its farmer j: ...b000-<m*500+j>), so
  // the 2,000,000 collections below find theirs by arithmetic instead of a lookup per row.
  await db.execute(sql`insert into amcos (id, code, name)
    select ('00000000-0000-4000-8c00-' || lpad(to_hex(n), 12, '0'))::uuid, 'BC' || lpad(n::text, 3, '0'),
      'Bench Collections AMCOS ' || n
    from generate_series(1, ${SOCIETIES}) n`);
  await db.execute(sql`insert into farmers (id, farmer_no, amcos_id, first_name, last_name, gender, phone)
    select ('00000000-0000-4000-b000-' || lpad(to_hex(m * ${FARMERS_PER_SOCIETY} + j), 12, '0'))::uuid,
      'BC' || lpad(m::text, 3, '0') || '-' || lpad(j::text, 5, '0'),
      ('00000000-0000-4000-8c00-' || lpad(to_hex(m), 12, '0'))::uuid, 'Mkulima', 'Bench ' || m || ' ' || j,
      case when j % 2 = 0 then 'Female' else 'Male' end, '2558' || lpad((m * ${FARMERS_PER_SOCIETY} + j)::text, 8, '0')
    from generate_series(1, ${SOCIETIES}) m, generate_series(1, ${FARMERS_PER_SOCIETY}) j`);
  await db.execute(sql`insert into farmer_sequences (amcos_id, last_value)
    select id, ${FARMERS_PER_SOCIETY} from amcos where code like 'BC%'
    on conflict (amcos_id) do update set last_value = excluded.last_value`);

  // The history: collection n belongs to AMCOS n % 200 and is its (n / 200 + 1)-th receipt of the
  // year, so the receipt numbers and the per-AMCOS counters match what the API then continues.
  const perSociety = Math.ceil(total / SOCIETIES);
  // Replica mode skips the row triggers (foreign-key checks and the stock trigger) for this bulk
  // load only: the ids come from the rows just written, and the totals are summed once afterwards.
  // The secondary indexes are dropped for the load and built once afterwards (a sorted build is
  // much cheaper than 2,000,000 single inserts into each of them).
  const secondary = await queryRows(
    db,
    z.object({ name: z.string(), def: z.string() }),
    sql`select indexname as name, indexdef as def from pg_indexes
      where tablename = 'collections' and indexdef not like '%UNIQUE%' and indexname <> 'collections_pkey'`,
  );
  for (const index of secondary) await db.execute(sql.raw(`drop index "${index.name}"`));
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`insert into collections (id, receipt_no, collected_on, season_crop_id, amcos_id, farmer_id, grade_id,
      bags, gross_kg, tare_kg, net_kg, moisture, status, created_by, created_at)
    select gen_random_uuid(),
      'RC-BC' || lpad((1 + n % ${SOCIETIES})::text, 3, '0') || '-' || ${year} || '-' || lpad((n / ${SOCIETIES} + 1)::text, 6, '0'),
      d.day, ${seasonCropId}, ('00000000-0000-4000-8c00-' || lpad(to_hex(1 + n % ${SOCIETIES}), 12, '0'))::uuid,
      ('00000000-0000-4000-b000-' || lpad(to_hex((1 + n % ${SOCIETIES}) * ${FARMERS_PER_SOCIETY}
        + 1 + (n / ${SOCIETIES}) % ${FARMERS_PER_SOCIETY}), 12, '0'))::uuid,
      case when n % 7 = 0 then ${crop.ug}::uuid else ${crop.std}::uuid end,
      1 + n % 4, (1 + n % 4) * 80 + (n % 50) / 10.0 + 1.5, 1.5, (1 + n % 4) * 80 + (n % 50) / 10.0, 6 + (n % 35) / 10.0,
      case when n % 100 < 5 then 'recorded' when n % 100 < 8 then 'in_delivery' when n % 100 < 40 then 'in_lot'
        when n % 100 < 70 then 'sold' else 'paid' end,
      ${adminId}, d.day::timestamptz
    from generate_series(0, ${total - 1}) n
      cross join lateral (select (${`${year}-01-01`}::date + ((n / ${SOCIETIES})::bigint * (${today}::date - ${`${year}-01-01`}::date) / ${perSociety})::int) as day) d`);
  });
  for (const index of secondary) await db.execute(sql.raw(index.def));
  await putOnTheRoad(db, seasonCropId, adminId);
  await db.execute(sql`insert into collection_stock (amcos_id, season_crop_id, grade_id, status, collections, bags, net_kg)
    select amcos_id, season_crop_id, grade_id, status, count(*), sum(bags), sum(net_kg) from collections
    group by amcos_id, season_crop_id, grade_id, status
    on conflict (amcos_id, season_crop_id, grade_id, status) do update
      set collections = excluded.collections, bags = excluded.bags, net_kg = excluded.net_kg`);
  await db.execute(sql`insert into document_sequences (type, year, last_value)
    select 'RC-' || a.code, ${Number(year)}, count(*) from collections c join amcos a on a.id = c.amcos_id
    where a.code like 'BC%' group by a.code
    on conflict (type, year) do update set last_value = excluded.last_value`);

  // 20 AMCOS clerks, one per society BC001..BC020.
  const clerkRole = 'AMCOS Clerk';
  await db.execute(sql`insert into users (id, first_name, last_name, email, mobile, gender, amcos_id, password_hash,
      is_initial_password, active, created_by)
    select gen_random_uuid(), 'Clerk', a.code, 'clerk.' || lower(a.code) || '@bench.test',
      '2559' || lpad(a.n::text, 8, '0'), 'Female', a.id, ${passwordHash}, false, true, ${adminId}
    from (select id, code, row_number() over (order by code) as n from amcos where code like 'BC%' order by code limit ${CLERKS}) a`);
  await db.execute(sql`insert into user_roles (user_id, role_id)
    select u.id, r.id from users u, roles r where u.email like 'clerk.bc%@bench.test' and r.name = ${clerkRole}`);
  await db.execute(
    sql`vacuum analyze collections, collection_stock, farmers, amcos, users, user_roles, document_sequences`,
  );

  const clerks = await queryRows(
    db,
    z.object({ email: z.string(), amcos_id: z.string(), code: z.string() }),
    sql`select u.email, u.amcos_id, a.code from users u join amcos a on a.id = u.amcos_id
      where u.email like 'clerk.bc%@bench.test' order by a.code`,
  );
  return {
    seasonCropId,
    gradeId: crop.std,
    oneAmcosId: clerks[0]?.amcos_id ?? '',
    clerks: clerks.map((c) => ({
      email: c.email,
      amcosId: c.amcos_id,
      farmerNos: Array.from(
        { length: FARMERS_PER_CLERK_REQUESTS },
        (_, i) => `${c.code}-${String(1 + ((i * 37) % FARMERS_PER_SOCIETY)).padStart(5, '0')}`,
      ),
    })),
  };
}

/**
 * The crop on the road: each AMCOS's in_delivery collections (3 % of the history) on one dispatched
 * delivery note, so the stock answer has transit to show; `transit_stock` is filled as its
 * triggers keep it (the collections were written with the triggers off).
 */
async function putOnTheRoad(db: Db, seasonCropId: string, adminId: string): Promise<void> {
  await db.execute(sql`with w as (insert into warehouses (id, name, operator, licence_no)
      values (gen_random_uuid(), 'Bench collections warehouse', 'Bench', 'BCWL-1') returning id),
    t as (insert into transporters (id, name, phone, rate_basis, rate)
      values (gen_random_uuid(), 'Bench collections haulage', '255713000777', 'per_kg', 15) returning id)
    insert into delivery_notes (id, dn_no, amcos_id, season_crop_id, warehouse_id, transporter_id, vehicle_plate,
      driver_name, status, dispatched_at, dispatched_by, created_by)
    select gen_random_uuid(), 'DN-BENCH-' || a.code, a.id, ${seasonCropId}, w.id, t.id, 'T 100 BCH', 'Dereva',
      'dispatched', now(), ${adminId}, ${adminId}
    from amcos a, w, t where a.code like 'BC%'`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`update collections c set delivery_note_id = n.id from delivery_notes n
      where n.amcos_id = c.amcos_id and n.dn_no like 'DN-BENCH-%' and c.status = 'in_delivery'`);
    await tx.execute(sql`update delivery_notes n set bags = x.bags, net_kg = x.kg
      from (select delivery_note_id, sum(bags) as bags, sum(net_kg) as kg from collections
            where delivery_note_id is not null group by 1) x
      where x.delivery_note_id = n.id`);
  });
  await db.execute(sql`insert into transit_stock (amcos_id, season_crop_id, grade_id, collections, bags, net_kg)
    select c.amcos_id, c.season_crop_id, c.grade_id, count(*), sum(c.bags), sum(c.net_kg)
    from collections c join delivery_notes n on n.id = c.delivery_note_id
    where n.status = 'dispatched' and c.status = 'in_delivery' group by 1, 2, 3`);
}

/**
 * The clerks saving weighings: each as fast as answers come (`rate` unset: the server saturated,
 * latency is mostly queueing for the 2 CPUs), or each at `rate` saves a second (a real weighing
 * queue saves one farmer every half minute or so; 5 a second per clerk is far above it).
 */
export function saveScenario(p: Prepared, tokens: Map<string, string>, rate?: number): Scenario {
  const perConnection = () =>
    p.clerks.map((clerk) => {
      const token = tokens.get(clerk.email) ?? '';
      return clerk.farmerNos.map((farmerNo, i) => ({
        method: 'POST',
        path: '/api/collections/receipts',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(weighingBody(farmerNo, p.seasonCropId, p.gradeId, i)),
      }));
    });
  return {
    name: `POST /api/collections/receipts (${CLERKS} clerks of ${CLERKS} AMCOS, ${rate ? `${rate} saves/s each` : 'closed loop'})`,
    concurrency: CLERKS,
    target: { p95BelowMs: 20 },
    async check(server) {
      for (const clerk of p.clerks) {
        const r = await signIn(server.baseUrl, clerk.email, BENCH_PASSWORD);
        if (!r.access) throw new Error(`clerk ${clerk.email} could not sign in: ${JSON.stringify(r.body)}`);
        tokens.set(clerk.email, r.access);
      }
      const first = perConnection()[0]?.[0];
      const r = await fetch(`${server.baseUrl}${first?.path}`, {
        method: 'POST',
        headers: first?.headers,
        body: first?.body ?? null,
      });
      const body = (await r.json()) as { data?: { receiptNo: string }; message?: string };
      if (r.status !== 201) throw new Error(`save answered ${r.status}: ${JSON.stringify(body)}`);
      return `first receipt ${body.data?.receiptNo}`;
    },
    run: (server, seconds) => {
      const lists = perConnection();
      return runAutocannon({
        url: server.baseUrl,
        connections: CLERKS,
        seconds,
        headers: {},
        requests: lists[0] ?? [],
        perConnection: lists,
        ...(rate ? { connectionRate: rate } : {}),
      });
    },
  };
}

export function stockScenario(
  db: Db,
  name: string,
  path: (p: Prepared) => string,
  p: Prepared,
  tokens: Map<string, string>,
  asClerk: boolean,
  rate?: number,
): Scenario {
  const headers = (server: ServerContext) => ({
    authorization: `Bearer ${asClerk ? (tokens.get(p.clerks[0]?.email ?? '') ?? '') : server.adminToken}`,
  });
  const amcosId = asClerk ? (p.clerks[0]?.amcosId ?? '') : null;
  return {
    name: rate ? `${name}, ${CLERKS} readers at ${rate}/s each` : name,
    concurrency: CLERKS,
    target: { p95BelowMs: 50 },
    bare: bareMs('the totals pivoted per AMCOS and grade, with transit (no names)', 9, () =>
      db.execute(sql`select st.amcos_id, st.season_crop_id, st.grade_id,
          sum(st.net_kg) filter (where st.status <> 'cancelled'), sum(st.net_kg) filter (where st.status = 'recorded'),
          sum(st.bags) filter (where st.status = 'recorded'), min(tr.net_kg)
        from collection_stock st left join transit_stock tr
          on tr.amcos_id = st.amcos_id and tr.season_crop_id = st.season_crop_id and tr.grade_id = st.grade_id
        where ${amcosId ? sql`st.amcos_id = ${amcosId}::uuid` : sql`true`}
        group by 1, 2, 3`),
    ),
    async check(server) {
      const r = await fetch(`${server.baseUrl}${path(p)}`, { headers: headers(server) });
      const body = (await r.json()) as { data?: unknown[]; totals?: { stockKg: string } };
      if (r.status !== 200) throw new Error(`stock answered ${r.status}: ${JSON.stringify(body)}`);
      return `${body.data?.length} rows, ${body.totals?.stockKg} kg in stock`;
    },
    run: (server, seconds) =>
      runAutocannon({
        url: server.baseUrl,
        connections: CLERKS,
        seconds,
        headers: headers(server),
        requests: [{ method: 'GET', path: path(p) }],
        ...(rate ? { connectionRate: rate } : {}),
      }),
  };
}

/**
 * The floor under the union-wide stock: the route's own query (`amcosStock`, the reply's JSON
 * written by the database) run `CLERKS` at once in this process, on the same pool the API uses,
 * with no HTTP, routing, session or socket. No route answering the same reply can do better on
 * this machine, so its p95 beside the HTTP row says how much of that row is the database's.
 */
function stockFloorScenario(db: Db): Scenario {
  return {
    name: `bare: the union-wide stock's own query (its reply's JSON), ${CLERKS} at once, no HTTP (the floor)`,
    concurrency: CLERKS,
    async check() {
      const reply = await amcosStock(db, {}, null);
      return `${(reply.length / 1024).toFixed(0)} kB reply`;
    },
    run: (_server, seconds) =>
      runConcurrentLoop({
        concurrency: CLERKS,
        seconds,
        step: async () => {
          await amcosStock(db, {}, null);
          return { status: 200 };
        },
      }),
  };
}

export const collectionsSuite: BenchSuite = {
  name: 'collections',
  async prepare(db, { adminId, passwordHash }) {
    const started = performance.now();
    const embedded = await isPglite(db);
    const total = Number(process.env.BENCH_COLLECTIONS ?? (embedded ? 200_000 : 2_000_000));
    const p = await writeData(db, adminId, passwordHash, total);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const tokens = new Map<string, string>();
    const unionStock = (rate?: number) =>
      stockScenario(
        db,
        'GET /api/collections/stock (union: all 200 AMCOS)',
        () => '/api/collections/stock',
        p,
        tokens,
        false,
        rate,
      );
    return {
      description: `${total.toLocaleString('en')} collections over ${SOCIETIES} AMCOS (${(SOCIETIES * FARMERS_PER_SOCIETY).toLocaleString('en')} farmers), ${CLERKS} clerks, written in ${seconds} s`,
      scenarios: [
        saveScenario(p, tokens),
        saveScenario(p, tokens, Number(process.env.BENCH_SAVE_RATE ?? 5)),
        stockScenario(
          db,
          'GET /api/collections/stock (AMCOS clerk: own society)',
          () => '/api/collections/stock',
          p,
          tokens,
          true,
        ),
        unionStock(),
        // The same readers at an office's pace: each opens the stock once a second, at a random phase.
        unionStock(1),
        stockFloorScenario(db),
      ],
    };
  },
};
