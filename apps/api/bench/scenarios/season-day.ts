import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { postBusinessEvent } from '../../src/modules/accounts/journal/post-business-event.ts';
import { controlAccounts } from '../../src/modules/accounts/reports/control-accounts.ts';
import { trialBalance } from '../../src/modules/accounts/reports/trial-balance.ts';
import { previewSettlement } from '../../src/modules/settlement/runs/preview-settlement.ts';
import { freePort } from '../../test/hardening/child-server.ts';
import { cashewGrades, openCashewSeasonCrop } from '../lib/fixtures.ts';
import { type LoadReport, percentile } from '../lib/measure.ts';
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD, signIn } from '../lib/server.ts';
import type { BenchSuite, Scenario, ServerContext } from './scenario.ts';

/**
 * A season day (#15): on one server at once, 20 AMCOS clerks weigh and save collections, 5 crop
 * officers make delivery notes from their societies' stock (and cancel them again, so the stock
 * lasts), 3 accountants read the trial balance of both books, a general ledger and the buyers'
 * aged receivables, and 2 settlement officers compute a settlement preview of a 1,000-farmer
 * society. Each person works at a human pace made brisk (BENCH_SEASON_PACE multiplies every
 * pause; 1 = a clerk saves every second), so the figures are latency under a busy day's load, not
 * a saturated queue. Prints p50/p95/p99 per action, the ratio of the main actions to their direct
 * cost (the same work in-process without HTTP, idle), and afterwards that both books balance and
 * every control account still equals its sub-ledger.
 *
 * On PostgreSQL the same day runs a second time against `main.ts` started with WORKERS=4 (API
 * processes sharing the port, node:cluster) on the same database; the embedded database is one
 * process, so PGlite has the in-process server only.
 */
const CLERKS = 20;
const OFFICERS = 5;
const ACCOUNTANTS = 3;
const SETTLERS = 2;
const SOCIETIES = 20;
const FARMERS = 300;
const HISTORY = 1000;
const SETTLE_FARMERS = 1000;
const SETTLE_LOTS = 10;
const PACE = Number(process.env.BENCH_SEASON_PACE ?? 1);

type Prepared = {
  seasonCropId: string;
  gradeId: string;
  warehouseId: string;
  transporterId: string;
  bankAccountId: string;
  societies: { id: string; code: string }[];
  settleSocieties: string[];
};

const email = (kind: string, n: number) => `sd.${kind}${String(n).padStart(2, '0')}@bench.test`;

async function writeData(db: Db, adminId: string, passwordHash: string): Promise<Prepared> {
  const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
  const year = today.slice(0, 4);
  const cashew = await cashewGrades(db);
  const crop = { crop_id: cashew.crop_id, grade: cashew.std };
  const sc = { id: await openCashewSeasonCrop(db, today, crop.crop_id, 'Bench season day') };
  const [world] = await queryRows<{ warehouse: string; transporter: string; buyer: string }>(
    db,
    sql`with w as (insert into warehouses (id, name, operator, licence_no)
          values (gen_random_uuid(), 'SD Warehouse', 'Bench operator', 'SDWL-1') returning id),
        t as (insert into transporters (id, name, phone, rate_basis, rate)
          values (gen_random_uuid(), 'SD Haulage', '255713000888', 'per_kg', 15) returning id),
        b as (insert into buyers (id, name, licence_no, licence_expires_on, bid_code)
          values (gen_random_uuid(), 'SD Buyer', 'SDLIC-1', '2099-12-31', 'SDB001') returning id)
      select w.id as warehouse, t.id as transporter, b.id as buyer from w, t, b`,
  );
  if (!world) throw new Error('world insert');
  // 20 weighing societies (300 farmers, 1,000 collections in stock each) and 2 settled ones.
  await db.execute(sql`insert into amcos (id, code, name)
    select gen_random_uuid(), 'SD' || lpad(n::text, 2, '0'), 'Season Day AMCOS ' || n from generate_series(1, ${SOCIETIES}) n
    union all
    select gen_random_uuid(), 'SDS' || n, 'Season Day Settled AMCOS ' || n from generate_series(1, 2) n`);
  await db.execute(sql`insert into farmers (id, farmer_no, amcos_id, first_name, last_name, gender, phone)
    select gen_random_uuid(), a.code || '-' || lpad(j::text, 5, '0'), a.id, 'Mkulima', 'Siku ' || a.code || ' ' || j,
      case when j % 2 = 0 then 'Female' else 'Male' end,
      '2553' || lpad((a.n * 10000 + j)::text, 8, '0')
    from (select id, code, row_number() over (order by code) as n from amcos where code ~ '^SDS?[0-9]+$') a,
      generate_series(1, case when a.code like 'SDS%' then ${SETTLE_FARMERS}::int else ${FARMERS}::int end) j`);
  await db.execute(sql`insert into farmer_sequences (amcos_id, last_value)
    select id, case when code like 'SDS%' then ${SETTLE_FARMERS}::int else ${FARMERS}::int end from amcos where code ~ '^SDS?[0-9]+$'
    on conflict (amcos_id) do update set last_value = excluded.last_value`);
  await db.execute(sql`insert into collections (id, receipt_no, collected_on, season_crop_id, amcos_id, farmer_id, grade_id,
      bags, gross_kg, tare_kg, net_kg, moisture, status, created_by)
    select gen_random_uuid(), 'RC-' || a.code || '-' || ${year} || '-' || lpad(k::text, 6, '0'), ${today}::date - 10,
      ${sc.id}, a.id, f.id, ${crop.grade}, 1, 81.5, 1.5, 80, 8, 'recorded', ${adminId}
    from amcos a cross join generate_series(1, ${HISTORY}) k
      join farmers f on f.farmer_no = a.code || '-' || lpad((1 + k % ${FARMERS})::text, 5, '0')
    where a.code ~ '^SD[0-9]+$'`);
  await db.execute(sql`insert into document_sequences (type, year, last_value)
    select 'RC-' || code, ${Number(year)}, ${HISTORY} from amcos where code ~ '^SD[0-9]+$'
    on conflict (type, year) do update set last_value = excluded.last_value`);

  // The settled societies: sold lots of 100 farmers each, invoiced and paid, posted as sales posts them.
  const settle = await queryRows<{ id: string; code: string }>(
    db,
    sql`select id, code from amcos where code ~ '^SDS[0-9]+$' order by code`,
  );
  const perLot = SETTLE_FARMERS / SETTLE_LOTS;
  for (const society of settle) {
    for (let j = 0; j < SETTLE_LOTS; j++) {
      const tag = `${society.code}-${j}`;
      const kg = perLot * 80;
      const amount = (kg * 2600).toFixed(2);
      const [ids] = await queryRows<{ dn: string; lot: string; invoice: string }>(
        db,
        sql`with dn as (
            insert into delivery_notes (id, dn_no, amcos_id, season_crop_id, warehouse_id, transporter_id, vehicle_plate,
              driver_name, status, bags, net_kg, transport_charge, received_bags, received_kg)
            values (gen_random_uuid(), ${`SDDN-${tag}`}, ${society.id}, ${sc.id}, ${world.warehouse}, ${world.transporter},
              'T 100 SDS', 'Bench driver', 'receipted', ${perLot}, ${kg}, ${kg * 15}, ${perLot}, ${kg})
            returning id),
          lot as (
            insert into lots (id, whr_no, lot_no, warehouse_id, amcos_id, season_crop_id, grade_id, bags, net_kg,
              collected_kg, status, issued_by)
            values (gen_random_uuid(), ${`SDWHR-${tag}`}, ${`SDL-${tag}`}, ${world.warehouse}, ${society.id}, ${sc.id},
              ${crop.grade}, ${perLot}, ${kg}, ${kg}, 'sold', ${adminId})
            returning id),
          inv as (
            insert into sales_invoices (id, invoice_no, buyer_id, invoice_date, due_date, status, subtotal, levies_total,
              total, paid_amount)
            values (gen_random_uuid(), ${`SDINV-${tag}`}, ${world.buyer}, ${today}, ${today}, 'paid', ${amount}, 0,
              ${amount}, ${amount})
            returning id)
          select dn.id as dn, lot.id as lot, inv.id as invoice from dn, lot, inv`,
      );
      if (!ids) throw new Error('lot insert');
      await db.execute(sql`insert into lot_sources (lot_id, delivery_note_id, bags, net_kg, collected_kg)
        values (${ids.lot}, ${ids.dn}, ${perLot}, ${kg}, ${kg})`);
      await db.execute(sql`insert into collections (id, receipt_no, collected_on, season_crop_id, amcos_id, farmer_id,
          grade_id, bags, gross_kg, tare_kg, net_kg, moisture, status, delivery_note_id, lot_id, created_by)
        select gen_random_uuid(), 'RC-' || f.farmer_no, ${today}::date - 20, ${sc.id}, ${society.id}, f.id,
          ${crop.grade}, 1, 81.5, 1.5, 80, 8, 'sold', ${ids.dn}, ${ids.lot}, ${adminId}
        from farmers f
        where f.amcos_id = ${society.id} and (substr(f.farmer_no, ${society.code.length + 2})::int - 1) / ${perLot} = ${j}`);
      await db.execute(sql`insert into sales_invoice_lines (id, invoice_id, line_no, kind, lot_id, description, kg,
          price_per_kg, amount)
        values (gen_random_uuid(), ${ids.invoice}, 1, 'lot', ${ids.lot}, ${`Lot SDL-${tag}`}, ${kg}, 2600, ${amount})`);
      for (const type of ['sales_invoice', 'buyer_receipt'] as const)
        await db.transaction((tx) =>
          postBusinessEvent(tx, {
            type,
            amount,
            ...(type === 'sales_invoice' ? { buyerLevies: '0.00' } : {}),
            date: today,
            narration: `${type} SDINV-${tag}`,
            sourceType: type,
            sourceId: ids.invoice,
            actorId: null,
          }),
        );
    }
  }

  // The people: clerks of SD01..SD20, union crop officers, accountants and settlement officers.
  const people: [string, string, number, boolean][] = [
    ['clerk', 'AMCOS Clerk', CLERKS, true],
    ['officer', 'Crop Officer', OFFICERS, false],
    ['accountant', 'Accountant', ACCOUNTANTS, false],
    ['settler', 'Settlement Officer', SETTLERS, false],
  ];
  for (const [k, [kind, role, count, ofSociety]] of people.entries()) {
    await db.execute(sql`insert into users (id, first_name, last_name, email, mobile, gender, amcos_id, password_hash,
        is_initial_password, active, created_by)
      select gen_random_uuid(), 'Season', ${kind} || ' ' || n, 'sd.' || ${kind} || lpad(n::text, 2, '0') || '@bench.test',
        ${`2557${k}`} || lpad(n::text, 7, '0'), 'Female',
        ${ofSociety ? sql`(select id from amcos where code = 'SD' || lpad(n::text, 2, '0'))` : sql`null::uuid`},
        ${passwordHash}, false, true, ${adminId}
      from generate_series(1, ${count}) n`);
    await db.execute(sql`insert into user_roles (user_id, role_id)
      select u.id, r.id from users u, roles r where u.email like ${`sd.${kind}%@bench.test`} and r.name = ${role}`);
  }
  await db.execute(sql`analyze`);
  const societies = await queryRows<{ id: string; code: string }>(
    db,
    sql`select id, code from amcos where code ~ '^SD[0-9]+$' order by code`,
  );
  // The general ledger read is of the collection book's bank account (1101), else its first account.
  const [account] = await queryRows<{ id: string }>(
    db,
    sql`select id from accounts where book = 'collection' order by code = '1101' desc, code limit 1`,
  );
  return {
    seasonCropId: sc.id,
    gradeId: crop.grade,
    warehouseId: world.warehouse,
    transporterId: world.transporter,
    bankAccountId: account?.id ?? '',
    societies,
    settleSocieties: settle.map((s) => s.id),
  };
}

type Action = { name: string; role: string; people: number; everyMs: number; main?: boolean };
const ACTIONS: Action[] = [
  {
    name: 'clerk: save a weighing (POST /collections/receipts)',
    role: 'clerk',
    people: CLERKS,
    everyMs: 1000,
    main: true,
  },
  { name: 'officer: make a delivery note', role: 'officer', people: OFFICERS, everyMs: 4000 },
  { name: 'officer: cancel it', role: 'officer', people: OFFICERS, everyMs: 0 },
  {
    name: 'accountant: trial balance (collection book)',
    role: 'accountant',
    people: ACCOUNTANTS,
    everyMs: 3000,
    main: true,
  },
  { name: 'accountant: trial balance (operation book)', role: 'accountant', people: ACCOUNTANTS, everyMs: 0 },
  {
    name: 'accountant: general ledger (one account, the year)',
    role: 'accountant',
    people: ACCOUNTANTS,
    everyMs: 0,
  },
  { name: 'accountant: buyers aged receivables', role: 'accountant', people: ACCOUNTANTS, everyMs: 0 },
  {
    name: 'settlement officer: settlement preview (1,000 farmers)',
    role: 'settler',
    people: SETTLERS,
    everyMs: 5000,
    main: true,
  },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Timings = Map<string, number[]>;

async function timedFetch(
  timings: Timings,
  statusCounts: Record<string, number>,
  action: string,
  url: string,
  init: RequestInit,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const started = performance.now();
  const response = await fetch(url, init);
  const text = await response.text();
  const ms = performance.now() - started;
  const list = timings.get(action) ?? [];
  list.push(ms);
  timings.set(action, list);
  statusCounts[response.status] = (statusCounts[response.status] ?? 0) + 1;
  if (response.status >= 300)
    process.stdout.write(`    ${action}: ${response.status} ${text.slice(0, 200)}\n`);
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** The 30 people at work for `seconds` against `baseUrl`. */
async function workDay(
  p: Prepared,
  baseUrl: string,
  seconds: number,
): Promise<LoadReport & { timings: Timings }> {
  const tokens = new Map<string, string>();
  const signInAll = async (kind: string, count: number) => {
    for (let n = 1; n <= count; n++) {
      const r = await signIn(baseUrl, email(kind, n), BENCH_PASSWORD);
      if (!r.access) throw new Error(`${email(kind, n)} could not sign in: ${JSON.stringify(r.body)}`);
      tokens.set(email(kind, n), r.access);
    }
  };
  await signInAll('clerk', CLERKS);
  await signInAll('officer', OFFICERS);
  await signInAll('accountant', ACCOUNTANTS);
  await signInAll('settler', SETTLERS);
  const timings: Timings = new Map();
  const statusCounts: Record<string, number> = {};
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const api = `${baseUrl}/api`;
  const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
  const headers = (kind: string, n: number) => ({
    authorization: `Bearer ${tokens.get(email(kind, n)) ?? ''}`,
    'content-type': 'application/json',
  });
  const get = (kind: string, n: number) => ({ headers: { authorization: headers(kind, n).authorization } });
  const paced = async (everyMs: number, offset: number, work: (i: number) => Promise<void>) => {
    // People do not start in step: each begins at a different moment of the first interval.
    await sleep(offset * everyMs * PACE);
    for (let i = 0; performance.now() < deadline; i++) {
      const begin = performance.now();
      try {
        await work(i);
      } catch (error) {
        errors++;
        process.stdout.write(`    error: ${String(error).slice(0, 200)}\n`);
      }
      await sleep(Math.max(0, everyMs * PACE - (performance.now() - begin)));
    }
  };
  const loops: Promise<void>[] = [];
  for (let n = 1; n <= CLERKS; n++) {
    const society = p.societies[n - 1];
    loops.push(
      paced(1000, n / CLERKS, async (i) => {
        await timedFetch(timings, statusCounts, ACTIONS[0]?.name ?? '', `${api}/collections/receipts`, {
          method: 'POST',
          headers: headers('clerk', n),
          body: JSON.stringify({
            farmerNo: `${society?.code}-${String(1 + ((i * 37 + n) % FARMERS)).padStart(5, '0')}`,
            seasonCropId: p.seasonCropId,
            gradeId: p.gradeId,
            bags: 1 + (i % 3),
            grossKg: `${80 * (1 + (i % 3)) + 2}.${i % 10}`,
            tareKg: '1.5',
            moisture: `${7 + (i % 3)}.5`,
          }),
        });
      }),
    );
  }
  for (let n = 1; n <= OFFICERS; n++) {
    const society = p.societies[n - 1];
    loops.push(
      paced(4000, n / OFFICERS, async () => {
        const made = await timedFetch(
          timings,
          statusCounts,
          'officer: make a delivery note',
          `${api}/collections/delivery-notes`,
          {
            method: 'POST',
            headers: headers('officer', n),
            body: JSON.stringify({
              amcosId: society?.id,
              seasonCropId: p.seasonCropId,
              warehouseId: p.warehouseId,
              transporterId: p.transporterId,
              vehiclePlate: 'T 100 SD',
              driverName: 'Bench driver',
              selection: { mode: 'target', targetKg: '2000', gradeId: null },
            }),
          },
        );
        const id = (made.body.data as { id?: string } | undefined)?.id;
        if (id)
          await timedFetch(
            timings,
            statusCounts,
            'officer: cancel it',
            `${api}/collections/delivery-notes/${id}/cancel`,
            {
              method: 'PATCH',
              headers: headers('officer', n),
              body: JSON.stringify({ reason: 'Bench: the lorry did not come' }),
            },
          );
      }),
    );
  }
  const reports = [
    ['accountant: trial balance (collection book)', '/reports/trial-balance?book=collection'],
    ['accountant: trial balance (operation book)', '/reports/trial-balance?book=operation'],
    [
      'accountant: general ledger (one account, the year)',
      `/reports/general-ledger?account_id=${p.bankAccountId}&from=${today.slice(0, 4)}-01-01&to=${today}`,
    ],
    ['accountant: buyers aged receivables', '/reports/buyer/aged-summary'],
  ] as const;
  for (let n = 1; n <= ACCOUNTANTS; n++) {
    loops.push(
      paced(3000, n / ACCOUNTANTS, async (i) => {
        const [name, url] = reports[(i + n) % reports.length] ?? reports[0];
        await timedFetch(timings, statusCounts, name, `${api}${url}`, get('accountant', n));
      }),
    );
  }
  for (let n = 1; n <= SETTLERS; n++) {
    loops.push(
      paced(5000, n / SETTLERS, async () => {
        await timedFetch(
          timings,
          statusCounts,
          'settlement officer: settlement preview (1,000 farmers)',
          `${api}/payments/settlements/preview`,
          {
            method: 'POST',
            headers: headers('settler', n),
            body: JSON.stringify({ amcosId: p.settleSocieties[(n - 1) % p.settleSocieties.length] }),
          },
        );
      }),
    );
  }
  await Promise.all(loops);
  return {
    latenciesMs: [...timings.values()].flat(),
    seconds: (performance.now() - started) / 1000,
    statusCounts,
    errors,
    timings,
  };
}

/** The same work in-process, idle, without HTTP or sign-in: what the API adds is the ratio to this. */
async function directCosts(db: Db, p: Prepared): Promise<Map<string, number>> {
  const median = async (times: number, run: () => Promise<unknown>) => {
    const list: number[] = [];
    for (let i = 0; i < times; i++) {
      const begin = performance.now();
      await run();
      list.push(performance.now() - begin);
    }
    return percentile(Float64Array.from(list).sort(), 50);
  };
  const society = p.societies[0];
  const [farmer] = await queryRows<{ id: string }>(
    db,
    sql`select id from farmers where farmer_no = ${`${society?.code}-00001`}`,
  );
  class Rollback extends Error {}
  // The weighing's main statement: one collection row (its stock trigger runs), rolled back.
  const insert = () =>
    db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into collections (id, receipt_no, collected_on, season_crop_id, amcos_id, farmer_id,
            grade_id, bags, gross_kg, tare_kg, net_kg, moisture, status)
          values (gen_random_uuid(), 'RC-DIRECT-' || gen_random_uuid(), current_date, ${p.seasonCropId}, ${society?.id},
            ${farmer?.id}, ${p.gradeId}, 1, 81.5, 1.5, 80, 8, 'recorded')`);
        throw new Rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Rollback)) throw e;
      });
  return new Map([
    [ACTIONS[0]?.name ?? '', await median(30, insert)],
    [
      'accountant: trial balance (collection book)',
      await median(5, () => trialBalance(db, { book: 'collection' })),
    ],
    [
      'settlement officer: settlement preview (1,000 farmers)',
      await median(3, () => previewSettlement(db, { selection: { amcosId: p.settleSocieties[0] ?? '' } })),
    ],
  ]);
}

async function booksState(db: Db) {
  const balanced: string[] = [];
  for (const book of ['collection', 'operation'] as const) {
    const tb = await trialBalance(db, { book, from: '2000-01-01', asAt: '2099-12-31' });
    balanced.push(
      `${book} ${tb.balanced ? 'balanced' : `NOT balanced (${tb.totals.closingDebit} / ${tb.totals.closingCredit})`}`,
    );
  }
  const control = await controlAccounts(db);
  return {
    balanced,
    allBalanced: balanced.every((b) => b.endsWith(' balanced')),
    differences: control.checks.filter((c) => c.difference !== '0.00').map((c) => `${c.key} ${c.difference}`),
  };
}

function printDay(title: string, day: { timings: Timings; seconds: number }, direct: Map<string, number>) {
  const rows = ACTIONS.map((a) => {
    const sorted = Float64Array.from(day.timings.get(a.name) ?? []).sort();
    const p50 = percentile(sorted, 50);
    const d = direct.get(a.name);
    return [
      a.name,
      String(sorted.length),
      p50.toFixed(1),
      percentile(sorted, 95).toFixed(1),
      percentile(sorted, 99).toFixed(1),
      d === undefined ? '' : `${d.toFixed(1)} ms, x${(p50 / d).toFixed(1)}`,
    ];
  });
  const headers = ['action', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'direct p50 (idle), API p50 / direct'];
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `    ${cells.map((c, i) => (i === 0 || i === 5 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ')}`;
  process.stdout.write(
    `  ${title}, ${day.seconds.toFixed(0)} s:\n${line(headers)}\n${line(widths.map((w) => '-'.repeat(w)))}\n${rows.map(line).join('\n')}\n`,
  );
}

/** `main.ts` with WORKERS=4 on the bench's PostgreSQL database, on a port of its own. */
async function startWorkers(
  databaseUrl: string,
  workers: number,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const root = path.resolve(import.meta.dirname, '../../../..');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      WORKERS: String(workers),
      PORT: String(port),
      HOST: '127.0.0.1',
      OTP_ECHO: 'true',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      RATE_LIMIT_PER_IP: '100000000',
      RATE_LIMIT_PER_ACCOUNT: '100000000',
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: BENCH_ADMIN_EMAIL,
      ADMIN_PASSWORD: BENCH_PASSWORD,
      API_DOCS: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`WORKERS=${workers} server exited:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`WORKERS=${workers} server did not start:\n${output}`);
    await sleep(200);
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function dayScenario(db: Db, p: Prepared, workers: number | null, databaseUrl?: string): Scenario {
  let direct = new Map<string, number>();
  let before: Awaited<ReturnType<typeof booksState>> | undefined;
  const label = workers ? `main.ts WORKERS=${workers}` : 'in-process server (WORKERS=1)';
  return {
    name: `season day: ${CLERKS} clerks, ${OFFICERS} officers, ${ACCOUNTANTS} accountants, ${SETTLERS} settlement officers (${label})`,
    concurrency: CLERKS + OFFICERS + ACCOUNTANTS + SETTLERS,
    async check() {
      direct = await directCosts(db, p);
      before = await booksState(db);
      return `books before: ${before.balanced.join(', ')}; control differences before: ${before.differences.length ? before.differences.join(', ') : 'none'}`;
    },
    async run(server: ServerContext, seconds) {
      const workerServer = workers && databaseUrl ? await startWorkers(databaseUrl, workers) : null;
      try {
        const day = await workDay(p, workerServer?.url ?? server.baseUrl, seconds);
        printDay(label, day, direct);
        const after = await booksState(db);
        const newDifferences = after.differences.filter((d) => !before?.differences.includes(d));
        process.stdout.write(
          `    afterwards: ${after.balanced.join(', ')}; control accounts ${newDifferences.length ? `DIFFER: ${newDifferences.join(', ')}` : 'equal their sub-ledgers (no new difference)'}\n`,
        );
        if (!after.allBalanced || newDifferences.length) process.exitCode = 1;
        return day;
      } finally {
        await workerServer?.stop();
      }
    },
  };
}

/** The PostgreSQL URL the bench's database was opened with (the pool's), or undefined on PGlite. */
function postgresUrlOf(db: Db): string | undefined {
  return (db as unknown as { $client?: { options?: { connectionString?: string } } }).$client?.options
    ?.connectionString;
}

export const seasonDaySuite: BenchSuite = {
  name: 'season-day',
  async prepare(db, { adminId, passwordHash }) {
    const started = performance.now();
    const p = await writeData(db, adminId, passwordHash);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const url = postgresUrlOf(db);
    const workers = Number(process.env.BENCH_SEASON_WORKERS ?? 4);
    return {
      description: `${SOCIETIES} AMCOS x ${FARMERS} farmers with ${HISTORY} collections in stock each, 2 settled AMCOS x ${SETTLE_FARMERS} farmers in ${SETTLE_LOTS} paid lots, ${CLERKS + OFFICERS + ACCOUNTANTS + SETTLERS} people, written in ${seconds} s`,
      scenarios: [
        dayScenario(db, p, null),
        ...(url && workers > 1 ? [dayScenario(db, p, workers, url)] : []),
      ],
    };
  },
};
