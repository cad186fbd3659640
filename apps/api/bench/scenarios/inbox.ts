import { PERMISSIONS } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { countInbox } from '../../src/modules/inbox/queries.ts';
import type { Actor } from '../../src/platform/access.ts';
import { signIn } from '../../test/hardening/child-server.ts';
import { runAutocannon } from '../lib/measure.ts';
import { bareMs } from '../lib/scenarios.ts';
import { BENCH_PASSWORD } from '../lib/server.ts';
import type { BenchSuite, Scenario, ServerContext } from './scenario.ts';

/**
 * "Waiting for me" (#27) over a union the size of the demo one: 12 AMCOS, 2,000 farmers with a
 * request and a loan each, the season's vouchers, transfers, orders, invoices, payments,
 * settlements, batches, stock transfers and circulars, a few of each waiting. The header's count
 * (one statement over every source) for the administrator (every union source) and for an AMCOS
 * manager (their society's requests, goods on the way, circulars), and the list's first page,
 * each beside the count statement run in process. Goal: p95 under 100 ms on PostgreSQL.
 */
const SOCIETIES = 12;
const FARMERS = 2_000;
const MANAGER_EMAIL = 'bench.inbox.manager@ushirika.test';
/** One user at a time: the latency a user waits for the header's count (it is read once a minute). */
const CONNECTIONS = 1;
const TARGET_MS = 100;

const idRow = z.object({ id: z.string() });

async function one(db: Db, query: ReturnType<typeof sql>): Promise<string> {
  const [row] = await queryRows(db, idRow, query);
  if (!row) throw new Error('bench inbox: a set-up row is missing');
  return row.id;
}

/** Societies, farmers, a season and the stores and accounts the waiting records need. */
async function writeMasterData(db: Db, adminId: string, passwordHash: string) {
  // Whoever made the waiting records: someone other than the administrator, who approves them.
  const makerId = await one(
    db,
    sql`insert into users (id, first_name, last_name, email, mobile, gender, password_hash, is_initial_password,
        active, created_by)
      values (gen_random_uuid(), 'Bench', 'Maker', 'bench.inbox.maker@ushirika.test', '255700999333', 'Male',
        ${passwordHash}, false, true, ${adminId}) returning id`,
  );
  await db.execute(sql`insert into amcos (id, code, name)
    select gen_random_uuid(), 'IB' || lpad(n::text, 2, '0'), 'Inbox AMCOS ' || n from generate_series(1, ${SOCIETIES}) n`);
  await db.execute(sql`insert into farmers (id, farmer_no, amcos_id, first_name, last_name, gender)
    select gen_random_uuid(), 'IBF-' || lpad(n::text, 5, '0'), a.ids[1 + n % ${SOCIETIES}], 'Farmer', 'Inbox ' || n,
      case when n % 2 = 0 then 'Female' else 'Male' end
    from generate_series(0, ${FARMERS - 1}) n, (select array_agg(id order by code) ids from amcos where code like 'IB%') a`);
  const seasonId = await one(
    db,
    sql`insert into seasons (id, name, start_date, end_date) values (gen_random_uuid(), 'Inbox bench season',
      current_date - 100, current_date + 200) returning id`,
  );
  const seasonCropId = await one(
    db,
    sql`insert into season_crops (id, season_id, crop_id, indicative_price, standard_bag_kg, max_moisture)
      select gen_random_uuid(), ${seasonId}, id, 2000, 80, 10 from crops where code = 'CASHEW' returning id`,
  );
  await db.execute(sql`insert into stores (id, code, name, kind, amcos_id)
    select gen_random_uuid(), 'IBS' || a.code, 'Store of ' || a.name, 'amcos', a.id from amcos a where a.code like 'IB%'
    union all select gen_random_uuid(), 'IBSU', 'Inbox union store', 'union', null`);
  const yearId = await one(
    db,
    sql`select id from financial_years order by (status = 'open') desc, start_date desc limit 1`,
  );
  const bankId = await one(
    db,
    sql`select id from accounts where is_bank_or_cash and book = 'operation' order by code limit 1`,
  );
  const supplierIds = sql`(select array_agg(id) from suppliers where name like 'Inbox supplier%')`;
  await db.execute(sql`insert into suppliers (id, name)
    select gen_random_uuid(), 'Inbox supplier ' || n from generate_series(1, 30) n`);
  return { adminId, makerId, seasonId, seasonCropId, yearId, bankId, supplierIds };
}

type Master = Awaited<ReturnType<typeof writeMasterData>>;

/** The books' and purchasing's records, a few of each still draft (or submitted). */
async function writeBooks(db: Db, m: Master) {
  await db.execute(sql`insert into journal_entries (id, number, entry_date, book, financial_year_id, narration, source,
      status, total, created_by)
    select gen_random_uuid(), 'IBJV-' || n, current_date, 'operation', ${m.yearId}, 'Bench draft ' || n, 'journal',
      'draft', 1000 * n, ${m.makerId} from generate_series(1, 40) n`);
  await db.execute(sql`insert into payment_vouchers (id, number, type, voucher_date, book, bank_account_id, party_name,
      narration, currency, rate, amount, status, created_by)
    select gen_random_uuid(), 'IBPV-' || n, case when n % 3 = 0 then 'Receipt' else 'Payment' end, current_date,
      'operation', ${m.bankId}, 'Party ' || n, 'Bench voucher', 'TZS', 1, 5000 + n,
      case when n <= 15 then 'draft' else 'approved' end, ${m.makerId} from generate_series(1, 400) n`);
  await db.execute(sql`insert into bank_transfers (id, number, transfer_date, book, from_account_id, to_account_id,
      amount, currency, rate, narration, status, created_by)
    select gen_random_uuid(), 'IBBT-' || n, current_date, 'operation', ${m.bankId},
      (select id from accounts where is_bank_or_cash and book = 'operation' and id <> ${m.bankId} order by code limit 1),
      100000, 'TZS', 1, 'Bench transfer', case when n <= 5 then 'draft' else 'approved' end, ${m.makerId}
    from generate_series(1, 100) n`);
  await db.execute(sql`insert into budgets (id, number, name, financial_year_id, book, status, created_by)
    select gen_random_uuid(), 'IBBG-' || n, 'Bench budget ' || n, ${m.yearId}, 'operation',
      case when n = 1 then 'draft' else 'approved' end, ${m.makerId} from generate_series(1, 3) n`);
  await db.execute(sql`insert into purchase_orders (id, order_no, supplier_id, order_date, status, vat_rate, subtotal,
      vat_total, total, created_by, submitted_at)
    select gen_random_uuid(), 'IBPO-' || n, (${m.supplierIds})[1 + n % 30], current_date,
      case when n <= 20 then 'submitted' else 'received' end, 18, 100000, 18000, 118000, ${m.makerId}, now()
    from generate_series(1, 300) n`);
  await db.execute(sql`insert into purchase_invoices (id, invoice_no, supplier_invoice_no, supplier_id, order_id,
      invoice_date, due_date, status, subtotal, vat_total, total, created_by)
    select gen_random_uuid(), 'IBPI-' || o.n, 'SUP-' || o.n, o.supplier_id, o.id, current_date, current_date + 30,
      case when o.n <= 25 then 'awaiting_approval' else 'open' end, 100000, 18000, 118000, ${m.makerId}
    from (select id, supplier_id, row_number() over (order by order_no) as n from purchase_orders
          where order_no like 'IBPO-%' and status = 'received') o where o.n <= 250`);
  await db.execute(sql`insert into supplier_payments (id, payment_no, supplier_id, payment_date, bank_account_id, amount,
      status, created_by)
    select gen_random_uuid(), 'IBSP-' || n, (${m.supplierIds})[1 + n % 30], current_date, ${m.bankId}, 50000,
      case when n <= 8 then 'draft' else 'approved' end, ${m.makerId} from generate_series(1, 200) n`);
}

/** The farmers' side: a request and a loan each, settlements and batches, stock, circulars. */
async function writeFarmersSide(db: Db, m: Master, approverId: string) {
  await db.execute(sql`insert into input_requests (id, request_no, farmer_id, amcos_id, season_crop_id, season_id,
      acres, requested_on, status, credit_value, created_by, amcos_approved_by, amcos_approved_at)
    select gen_random_uuid(), 'IBRQ-' || f.n, f.id, f.amcos_id, ${m.seasonCropId}, ${m.seasonId}, 2, current_date,
      case when f.n < 150 then 'pending' when f.n < 230 then 'amcos_approved' else 'distributed' end, 130000,
      ${m.makerId}, case when f.n >= 150 then ${approverId}::uuid end, case when f.n >= 150 then now() end
    from (select id, amcos_id, row_number() over (order by farmer_no) as n from farmers where farmer_no like 'IBF-%') f`);
  await db.execute(sql`insert into farmer_loans (id, loan_no, farmer_id, amcos_id, issued_on, amount, reason, status,
      created_by)
    select gen_random_uuid(), 'IBLN-' || f.n, f.id, f.amcos_id, current_date, 130000, 'Inputs',
      case when f.n <= 15 then 'draft' else 'active' end, ${m.makerId}
    from (select id, amcos_id, row_number() over (order by farmer_no) as n from farmers where farmer_no like 'IBF-%') f`);
  await db.execute(sql`insert into settlements (id, settlement_no, settled_on, status, lot_count, farmer_count, gross,
      beneficiaries, transporters, amcos_share, farmers_net, loan_recovery, buyer_levies, created_by)
    select gen_random_uuid(), 'IBST-' || n, current_date, case when n <= 2 then 'draft' else 'approved' end, 50, 500,
      100000000, 0, 0, 0, 100000000, 0, 0, ${m.makerId} from generate_series(1, 20) n`);
  await db.execute(sql`insert into payment_batches (id, batch_no, party_type, status, line_count, total, created_by)
    select gen_random_uuid(), 'IBPB-' || n, (array['farmer', 'amcos', 'beneficiary', 'transporter'])[1 + n % 4],
      case when n <= 3 then 'draft' when n <= 7 then 'approved' else 'paid' end, 500, 100000000, ${m.makerId}
    from generate_series(1, 80) n`);
  await db.execute(sql`insert into stock_transfers (id, transfer_no, kind, status, from_store_id, to_store_id,
      to_amcos_id, dispatched_on, dispatched_by, total_value)
    select gen_random_uuid(), 'IBTR-' || n, 'to_amcos', case when n <= 24 then 'in_transit' else 'received' end,
      (select id from stores where code = 'IBSU'), s.id, s.amcos_id, current_date, ${m.makerId}, 650000
    from generate_series(1, 240) n
    join (select id, amcos_id, row_number() over (order by code) - 1 as k from stores where code like 'IBSIB%') s
      on s.k = n % ${SOCIETIES}`);
  await db.execute(sql`insert into circulars (id, title, body, audience, published_by)
    select gen_random_uuid(), 'Bench circular ' || n, 'Read me', 'all', ${m.makerId} from generate_series(1, 50) n`);
  await db.execute(sql`insert into circular_recipients (circular_id, amcos_id)
    select c.id, a.id from circulars c, amcos a where c.title like 'Bench circular%' and a.code like 'IB%'`);
}

/** The AMCOS manager of the first society, and the actors the in-process counts are read for. */
async function writeManager(db: Db, adminId: string, passwordHash: string) {
  const managerId = await one(
    db,
    sql`with u as (insert into users (id, first_name, last_name, email, mobile, gender, password_hash,
        is_initial_password, active, amcos_id, created_by)
      values (gen_random_uuid(), 'Bench', 'Manager', ${MANAGER_EMAIL}, '255700999222', 'Female', ${passwordHash},
        false, true, (select id from amcos where code = 'IB01'), ${adminId}) returning id, amcos_id)
    insert into user_roles (user_id, role_id) select u.id, r.id from u, roles r where r.name = 'AMCOS Manager'
    returning user_id as id`,
  );
  const amcosId = await one(db, sql`select id from amcos where code = 'IB01'`);
  const admin: Actor = { userId: adminId, sessionId: '', amcosId: null, permissions: new Set(PERMISSIONS) };
  const managerPermissions = await queryRows(
    db,
    z.object({ p: z.string() }),
    sql`select unnest(permissions) as p from roles where name = 'AMCOS Manager'`,
  );
  const manager: Actor = {
    userId: managerId,
    sessionId: '',
    amcosId,
    permissions: new Set(managerPermissions.map((r) => r.p)),
  };
  return { admin, manager };
}

/** The manager has read 40 of the 50 circulars. */
async function readCirculars(db: Db, manager: Actor) {
  await db.execute(sql`insert into circular_reads (circular_id, user_id, amcos_id)
    select c.id, ${manager.userId}, ${manager.amcosId} from circulars c
    where c.title like 'Bench circular%' order by c.title limit 40`);
}

/** GET `path` with `token`'s bearer from CONNECTIONS connections; `token` is read by `check`. */
function inboxScenario(
  name: string,
  path: string,
  who: () => Promise<string>,
  bare: Scenario['bare'],
  note: (body: unknown) => string,
): Scenario {
  let token = '';
  return {
    name,
    concurrency: CONNECTIONS,
    target: { p95BelowMs: TARGET_MS },
    ...(bare ? { bare } : {}),
    async check(server) {
      token = await who();
      const response = await fetch(`${server.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.status !== 200)
        throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
      return note(await response.json());
    },
    run: (server: ServerContext, seconds) =>
      runAutocannon({
        url: server.baseUrl,
        connections: CONNECTIONS,
        seconds,
        headers: { authorization: `Bearer ${token}` },
        requests: [{ method: 'GET', path }],
      }),
  };
}

const totalOf = (body: unknown) => {
  const parsed = z.object({ data: z.object({ total: z.number() }) }).safeParse(body);
  return parsed.success ? `${parsed.data.data.total} waiting` : 'no total';
};

export const inboxSuite: BenchSuite = {
  name: 'inbox',
  async prepare(db, setup) {
    const started = performance.now();
    const master = await writeMasterData(db, setup.adminId, setup.passwordHash);
    await writeBooks(db, master);
    const actors = await writeManager(db, setup.adminId, setup.passwordHash);
    await writeFarmersSide(db, master, actors.manager.userId);
    await readCirculars(db, actors.manager);
    await db.execute(sql`analyze`);
    let base = '';
    let adminToken = '';
    const admin = async () => adminToken;
    const manager = async () => {
      const signed = await signIn(base, MANAGER_EMAIL, BENCH_PASSWORD);
      if (!signed.access)
        throw new Error(`bench AMCOS manager cannot sign in: ${JSON.stringify(signed.body)}`);
      return signed.access;
    };
    const remember: Scenario['check'] = async (server) => {
      base = server.baseUrl;
      adminToken = server.adminToken;
      return undefined;
    };
    const scenarios: Scenario[] = [
      inboxScenario(
        'GET /api/inbox/counts (administrator: every union source)',
        '/api/inbox/counts',
        admin,
        bareMs('the counts statement, in process', 20, () => countInbox(db, actors.admin)),
        totalOf,
      ),
      inboxScenario(
        'GET /api/inbox/counts (AMCOS manager: requests, goods on the way, circulars)',
        '/api/inbox/counts',
        manager,
        bareMs('the counts statement, in process', 20, () => countInbox(db, actors.manager)),
        totalOf,
      ),
      inboxScenario(
        'GET /api/inbox?per_page=25 (administrator: the oldest 25)',
        '/api/inbox?per_page=25',
        admin,
        undefined,
        (body) => `${z.object({ meta: z.object({ total: z.number() }) }).parse(body).meta.total} listed`,
      ),
    ].map((s) => ({
      ...s,
      async check(server) {
        await remember(server);
        return s.check?.(server);
      },
    }));
    return {
      description: `${SOCIETIES} AMCOS, ${FARMERS.toLocaleString('en')} farmers with a request and a loan each, the books', purchasing's, settlement's, stores' and circulars' records in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      scenarios,
    };
  },
};
