import { todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { controlAccounts } from '../../src/modules/accounts/reports/control-accounts.ts';
import { trialBalance } from '../../src/modules/accounts/reports/trial-balance.ts';
import { previewSettlement } from '../../src/modules/settlement/runs/preview-settlement.ts';
import { systemActor } from '../../src/platform/access.ts';
import {
  type ChildServer,
  localServerEnv,
  signIn,
  startChildServer,
  stopGently,
} from '../../test/hardening/child-server.ts';
import { writeSoldPaidLot } from '../../test/hardening/sold-lots.ts';
import { cashewGrades, openCashewSeasonCrop, weighingBody } from '../lib/fixtures.ts';
import { type LoadReport, percentile, seededRandom } from '../lib/measure.ts';
import {
  type BenchReplica,
  type DayFigures,
  describeSources,
  noReportSources,
  type ReportSources,
  type ReportsOn,
  reportsOnList,
  sideBySide,
  startBenchReplica,
  tallyReport,
} from '../lib/replica.ts';
import { loadAverage } from '../lib/report.ts';
import { timed } from '../lib/scenarios.ts';
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD } from '../lib/server.ts';
import type { BenchSuite, EmbeddedLoan, Scenario, ServerContext } from './scenario.ts';

/**
 * A season day (#15): on one server at once, 20 AMCOS clerks weigh and save collections, 5 crop
 * officers make delivery notes from their societies' stock (every second one cancelled, the others
 * dispatched, received at the warehouse and made into a lot), 3 accountants read the trial balance
 * of both books, a general ledger and the buyers' aged receivables, and 2 settlement officers
 * compute a settlement preview of a 1,000-farmer society. Each person works at a human pace made
 * brisk (BENCH_SEASON_PACE multiplies every pause; 1 = a clerk saves every second), so the figures
 * are latency under a busy day's load, not a saturated queue. Prints per action the count, ops/s,
 * failures (must be 0; the first messages follow the table), p50/p95/p99 against the issue's goals,
 * the ratio of the main actions to their direct cost (the same work in-process without HTTP,
 * idle), and afterwards that both books balance and every control account still equals its
 * sub-ledger. BENCH_SECONDS is the length of the day (300 for the issue's 5 minutes).
 *
 * The day runs against `main.ts` as a child process, so the 30 people's requests (sent from the
 * bench's event loop) are not queued in the server's. On PostgreSQL it runs once per entry of
 * WORKERS (API processes sharing the port, node:cluster; default `1,4`) on the bench's database.
 * The embedded database is one process (WORKERS does not apply): the bench closes its PGlite
 * database after writing the data and the idle direct costs, lends the data directory to one
 * main.ts for the warm-up and the measured day, then reopens it for the books check.
 * People start at seeded random moments of their first interval (BENCH_SEED, default 1), not all
 * at once, and each turn's first request counts from when it was due (a turn late because the last
 * was slow shows). The burst case (all in step) is not run, as it would double the day.
 *
 * Reports on a replica (#34, PostgreSQL only): BENCH_REPLICA `both` (default) runs each WORKERS day
 * twice, first with the reports on the primary, then on a streaming replica the bench starts on
 * this machine (lib/replica.ts: pg_basebackup -R, pg_ctl on a free port, removed after the day,
 * on failure and on Ctrl-C) with main.ts given DATABASE_REPLICA_URL; it prints where the
 * accountants' answers were read (X-Report-Source) with the lag they gave, and both days' figures
 * side by side. `1`: the replica day only; `0`: the primary day only.
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
const SEED = Number(process.env.BENCH_SEED ?? 1);

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
  const today = todayInTanzania();
  const year = today.slice(0, 4);
  const cashew = await cashewGrades(db);
  const crop = { crop_id: cashew.crop_id, grade: cashew.std };
  const sc = { id: await openCashewSeasonCrop(db, today, crop.crop_id, 'Bench season day') };
  const [world] = await queryRows(
    db,
    z.object({ warehouse: z.string(), transporter: z.string(), buyer: z.string() }),
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
  const settle = await queryRows(
    db,
    z.object({ id: z.string(), code: z.string() }),
    sql`select id, code from amcos where code ~ '^SDS[0-9]+$' order by code`,
  );
  const perLot = SETTLE_FARMERS / SETTLE_LOTS;
  for (const society of settle)
    for (let j = 0; j < SETTLE_LOTS; j++)
      await writeSoldPaidLot(db, {
        tag: `SD-${society.code}-${j}`,
        amcosId: society.id,
        seasonCropId: sc.id,
        gradeId: crop.grade,
        warehouseId: world.warehouse,
        transporterId: world.transporter,
        buyerId: world.buyer,
        farmers: sql`(substr(f.farmer_no, ${society.code.length + 2})::int - 1) / ${perLot} = ${j}`,
        farmerCount: perLot,
        kgPerFarmer: 80,
        pricePerKg: 2600,
        collectedOn: new Date(Date.parse(today) - 20 * 86_400_000).toISOString().slice(0, 10),
        soldOn: today,
        actorId: adminId,
      });

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
  const societies = await queryRows(
    db,
    z.object({ id: z.string(), code: z.string() }),
    sql`select id, code from amcos where code ~ '^SD[0-9]+$' order by code`,
  );
  // The general ledger read is of the collection book's bank account (1101), else its first account.
  const [account] = await queryRows(
    db,
    z.object({ id: z.string() }),
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

type Action = {
  name: string;
  role: string;
  people: number;
  everyMs: number;
  p95BelowMs?: number;
};
const SAVE = 'clerk: save a weighing (POST /collections/receipts)';
const NOTE = 'officer: make a delivery note';
const CANCEL = 'officer: cancel it (every second note)';
const DISPATCH = 'officer: dispatch the other notes';
const RECEIVE = 'officer: receive it at the warehouse';
const LOT = 'officer: issue its lot (warehouse receipt)';
const TB = 'accountant: trial balance (collection book)';
const PREVIEW = 'settlement officer: settlement preview (1,000 farmers)';
const REPORT_P95_MS = 1000;
const ACTIONS: Action[] = [
  { name: SAVE, role: 'clerk', people: CLERKS, everyMs: 1000, p95BelowMs: 50 },
  { name: NOTE, role: 'officer', people: OFFICERS, everyMs: 4000 },
  { name: CANCEL, role: 'officer', people: OFFICERS, everyMs: 0 },
  { name: DISPATCH, role: 'officer', people: OFFICERS, everyMs: 0 },
  { name: RECEIVE, role: 'officer', people: OFFICERS, everyMs: 0 },
  { name: LOT, role: 'officer', people: OFFICERS, everyMs: 0 },
  { name: TB, role: 'accountant', people: ACCOUNTANTS, everyMs: 3000, p95BelowMs: REPORT_P95_MS },
  {
    name: 'accountant: trial balance (operation book)',
    role: 'accountant',
    people: ACCOUNTANTS,
    everyMs: 0,
    p95BelowMs: REPORT_P95_MS,
  },
  {
    name: 'accountant: general ledger (one account, the year)',
    role: 'accountant',
    people: ACCOUNTANTS,
    everyMs: 0,
    p95BelowMs: REPORT_P95_MS,
  },
  {
    name: 'accountant: buyers aged receivables',
    role: 'accountant',
    people: ACCOUNTANTS,
    everyMs: 0,
    p95BelowMs: REPORT_P95_MS,
  },
  { name: PREVIEW, role: 'settler', people: SETTLERS, everyMs: 5000 },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Day = LoadReport & {
  timings: Map<string, number[]>;
  /** Per action: answers other than 2xx and requests that got no answer. */
  failures: Map<string, number>;
  /** The first failures' messages, in the order they happened. */
  firstFailures: string[];
  /** Turns due before the end that were not begun by then: the people were held up by slow answers. */
  notBegun: number;
  /** Where the accountants' reports were read, as their answers said. */
  reports: ReportSources;
  /** The load average when the day ended. */
  load: string;
};
const FIRST_FAILURES = 10;

/** The 30 people at work for `seconds` against `baseUrl`. */
async function workDay(p: Prepared, baseUrl: string, seconds: number): Promise<Day> {
  const tokens = new Map<string, string>();
  for (const { role, people } of ACTIONS.filter((a) => a.everyMs > 0))
    for (let n = 1; n <= people; n++) {
      const r = await signIn(baseUrl, email(role, n), BENCH_PASSWORD);
      if (!r.access) throw new Error(`${email(role, n)} could not sign in: ${JSON.stringify(r.body)}`);
      tokens.set(email(role, n), r.access);
    }
  const day: Day = {
    latenciesMs: [],
    seconds: 0,
    statusCounts: {},
    errors: 0,
    timings: new Map(),
    failures: new Map(),
    firstFailures: [],
    notBegun: 0,
    reports: noReportSources(),
    load: '',
  };
  const fail = (action: string, message: string) => {
    day.failures.set(action, (day.failures.get(action) ?? 0) + 1);
    if (day.firstFailures.length < FIRST_FAILURES)
      day.firstFailures.push(`${action}: ${message.slice(0, 300)}`);
  };
  /** One timed request of `role` person n: its JSON answer's `data`, or undefined when it failed. */
  const call = async (
    action: string,
    [role, n]: [string, number],
    method: string,
    url: string,
    body?: unknown,
    due?: number,
  ): Promise<Record<string, unknown> | undefined> => {
    // A person's first request of a turn counts from when it was due: a turn started late because
    // the last one was slow shows in the figures (the requests after it in the turn from their send).
    const started = Math.min(due ?? Number.POSITIVE_INFINITY, performance.now());
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${baseUrl}/api${url}`, {
        method,
        headers: {
          authorization: `Bearer ${tokens.get(email(role, n)) ?? ''}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? null : JSON.stringify(body),
      });
      text = await response.text();
      status = response.status;
      if (role === 'accountant') tallyReport(day.reports, response.headers);
    } catch (error) {
      day.errors++;
      fail(action, `no answer: ${String(error)}`);
      return undefined;
    }
    const list = day.timings.get(action) ?? [];
    list.push(performance.now() - started);
    day.timings.set(action, list);
    day.statusCounts[status] = (day.statusCounts[status] ?? 0) + 1;
    if (status >= 300) {
      fail(action, `${status} ${text}`);
      return undefined;
    }
    return (JSON.parse(text) as { data?: Record<string, unknown> }).data ?? {};
  };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const today = todayInTanzania();
  // People do not start in step: each begins at a seeded random moment of the first interval.
  const random = seededRandom(SEED);
  // Turn i is due at the person's start plus i intervals. At the end no new turn begins: the turns
  // due by then but not begun (a person held up by slow answers) are counted, not sent late.
  const paced = async (everyMs: number, work: (i: number, due: number) => Promise<void>) => {
    const every = everyMs * PACE;
    const first = started + random() * every;
    let i = 0;
    for (let due = first; due < deadline && performance.now() < deadline; due = first + ++i * every) {
      await sleep(Math.max(0, due - performance.now()));
      await work(i, due);
    }
    day.notBegun += Math.max(0, Math.ceil((deadline - (first + i * every)) / every));
  };
  const loops: Promise<void>[] = [];
  for (let n = 1; n <= CLERKS; n++) {
    const society = p.societies[n - 1];
    loops.push(
      paced(1000, async (i, due) => {
        const farmerNo = `${society?.code}-${String(1 + ((i * 37 + n) % FARMERS)).padStart(5, '0')}`;
        await call(
          SAVE,
          ['clerk', n],
          'POST',
          '/collections/receipts',
          weighingBody(farmerNo, p.seasonCropId, p.gradeId, i),
          due,
        );
      }),
    );
  }
  // An officer makes a note of 2 t from the society's stock; every second one is cancelled (the lorry
  // did not come), the others are dispatched, received at the warehouse and made into a lot, as the
  // web does it. Half the notes going to lots keeps 5 minutes within the stock and the clerks' saves.
  for (let n = 1; n <= OFFICERS; n++) {
    const society = p.societies[n - 1];
    const officer: [string, number] = ['officer', n];
    loops.push(
      paced(4000, async (i, due) => {
        const note = await call(
          NOTE,
          officer,
          'POST',
          '/collections/delivery-notes',
          {
            amcosId: society?.id,
            seasonCropId: p.seasonCropId,
            warehouseId: p.warehouseId,
            transporterId: p.transporterId,
            vehiclePlate: 'T 100 SD',
            driverName: 'Bench driver',
            selection: { mode: 'target', targetKg: '2000', gradeId: null },
          },
          due,
        );
        const id = note?.id;
        if (typeof id !== 'string') return;
        if (i % 2 === 0) {
          await call(CANCEL, officer, 'PATCH', `/collections/delivery-notes/${id}/cancel`, {
            reason: 'Bench: the lorry did not come',
          });
          return;
        }
        if (!(await call(DISPATCH, officer, 'PATCH', `/collections/delivery-notes/${id}/dispatch`))) return;
        const received = await call(RECEIVE, officer, 'PATCH', `/collections/delivery-notes/${id}/receive`, {
          receivedBags: note?.bags,
          receivedKg: note?.netKg,
        });
        if (!received) return;
        await call(LOT, officer, 'POST', '/collections/lots', {
          deliveryNoteIds: [id],
          gradeId: p.gradeId,
          lots: [{ bags: received.receivedBags, netKg: received.receivedKg }],
        });
      }),
    );
  }
  const reports = [
    [TB, '/reports/trial-balance?book=collection'],
    ['accountant: trial balance (operation book)', '/reports/trial-balance?book=operation'],
    [
      'accountant: general ledger (one account, the year)',
      `/reports/general-ledger?account_id=${p.bankAccountId}&from=${today.slice(0, 4)}-01-01&to=${today}`,
    ],
    ['accountant: buyers aged receivables', '/reports/buyer/aged-summary'],
  ] as const;
  for (let n = 1; n <= ACCOUNTANTS; n++) {
    loops.push(
      paced(3000, async (i, due) => {
        const [name, url] = reports[(i + n) % reports.length] ?? reports[0];
        await call(name, ['accountant', n], 'GET', url, undefined, due);
      }),
    );
  }
  for (let n = 1; n <= SETTLERS; n++) {
    loops.push(
      paced(5000, async (_i, due) => {
        await call(
          PREVIEW,
          ['settler', n],
          'POST',
          '/payments/settlements/preview',
          {
            amcosId: p.settleSocieties[(n - 1) % p.settleSocieties.length],
          },
          due,
        );
      }),
    );
  }
  await Promise.all(loops);
  day.seconds = (performance.now() - started) / 1000;
  day.latenciesMs = [...day.timings.values()].flat();
  day.load = loadAverage();
  return day;
}

/** The same work in-process, idle, without HTTP or sign-in: what the API adds is the ratio to this. */
async function directCosts(db: Db, p: Prepared): Promise<Map<string, number>> {
  const society = p.societies[0];
  const [farmer] = await queryRows(
    db,
    z.object({ id: z.string() }),
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
    [SAVE, await timed(30, insert)],
    [TB, await timed(5, () => trialBalance(db, { book: 'collection' }))],
    [
      PREVIEW,
      await timed(3, () =>
        previewSettlement(db, systemActor, { selection: { amcosId: p.settleSocieties[0] ?? '' } }),
      ),
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

function printDay(title: string, day: Day, direct: Map<string, number>) {
  const rows = ACTIONS.map((a) => {
    const sorted = Float64Array.from(day.timings.get(a.name) ?? []).sort();
    const p50 = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    const d = direct.get(a.name);
    return [
      a.name,
      String(sorted.length),
      (sorted.length / day.seconds).toFixed(2),
      String(day.failures.get(a.name) ?? 0),
      p50.toFixed(1),
      p95.toFixed(1),
      percentile(sorted, 99).toFixed(1),
      a.p95BelowMs === undefined
        ? 'none set'
        : `< ${a.p95BelowMs} ${sorted.length === 0 ? 'not measured' : p95 < a.p95BelowMs ? 'PASS' : 'MISS'}`,
      d === undefined ? '' : `${d.toFixed(1)} ms, x${(p50 / d).toFixed(1)}`,
    ];
  });
  const headers = [
    'action',
    'n',
    'ops/s',
    'errors',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'p95 goal',
    'direct p50 (idle), API p50 / direct',
  ];
  const left = new Set([0, 7, 8]);
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `    ${cells.map((c, i) => (left.has(i) ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ')}`;
  const total = day.latenciesMs.length;
  const failed = [...day.failures.values()].reduce((a, b) => a + b, 0);
  const goals = ACTIONS.filter((a) => a.p95BelowMs !== undefined);
  const missed = rows.filter((r) => r[7]?.endsWith('MISS') || r[7]?.endsWith('not measured'));
  process.stdout.write(
    `  ${title}, ${day.seconds.toFixed(0)} s, ${day.load}:\n${line(headers)}\n${line(widths.map((w) => '-'.repeat(w)))}\n${rows.map(line).join('\n')}\n` +
      `    goals (collection save p95 < 50 ms, reports p95 < ${REPORT_P95_MS} ms): ${missed.length ? `MISSED or not measured by ${missed.length} of ${goals.length} actions` : `all ${goals.length} met`}\n` +
      `    all actions: ${total} requests, ${(total / day.seconds).toFixed(1)} ops/s; turns due but not begun by the end: ${day.notBegun}${day.notBegun ? ' (the server fell behind)' : ''}; errors: ${failed} (must be 0${failed ? '), the first:' : ')'}\n` +
      day.firstFailures.map((f) => `      ${f}\n`).join(''),
  );
}

/** Where the day's main.ts child gets its database: PostgreSQL's URL, or PGlite's data directory lent by the bench. */
type Target =
  | { kind: 'postgres'; workers: number; databaseUrl: string; reportsOn: ReportsOn }
  | { kind: 'pglite'; embedded: EmbeddedLoan };

/** The measured days with the reports on the primary, by WORKERS: the replica's day prints beside them. */
type PrimaryDays = Map<number, DayFigures>;

function printReplicaDay(target: Target, day: Day, phase: string, primaryDays: PrimaryDays) {
  if (target.kind !== 'postgres') return;
  if (target.reportsOn === 'replica')
    process.stdout.write(`    accountants' reports: ${describeSources(day.reports)}\n`);
  if (phase !== 'measured') return;
  if (target.reportsOn === 'primary') {
    primaryDays.set(target.workers, day);
    return;
  }
  const primary = primaryDays.get(target.workers);
  if (primary)
    process.stdout.write(
      `  WORKERS=${target.workers}, the reports on the primary and on the replica (same data, one day after the other):\n${sideBySide(
        ACTIONS.map((a) => a.name),
        primary,
        day,
      )}\n`,
    );
}

/**
 * The day against `main.ts` as a child process (one for the warm-up and the measured run): with
 * WORKERS=n on the bench's PostgreSQL database, or on the PGlite data directory the bench lends it
 * (its database closed meanwhile; reopened after the measured run for the books check).
 */
function dayScenario(bench: Db, p: Prepared, target: Target, primaryDays: PrimaryDays): Scenario {
  let db = bench;
  let direct = new Map<string, number>();
  let before: Awaited<ReturnType<typeof booksState>> | undefined;
  let child: ChildServer | undefined;
  let replica: BenchReplica | undefined;
  let lent = false;
  const label =
    target.kind === 'pglite'
      ? 'main.ts on the data directory'
      : `main.ts WORKERS=${target.workers}${target.reportsOn === 'replica' ? ', reports on a replica' : ''}`;
  /**
   * The child stopped (then the replica, if any, stopped and removed) and, on PGlite, the data
   * directory taken back: the database is the bench's again.
   */
  const stopChild = async () => {
    try {
      if (child) await stopGently(child);
    } finally {
      child = undefined;
      replica?.server.remove();
      replica = undefined;
    }
    if (target.kind === 'pglite' && lent) {
      db = await target.embedded.reclaim();
      lent = false;
    }
  };
  const checkBooks = async () => {
    const after = await booksState(db);
    const newDifferences = after.differences.filter((d) => !before?.differences.includes(d));
    process.stdout.write(
      `    afterwards: ${after.balanced.join(', ')}; control accounts ${newDifferences.length ? `DIFFER: ${newDifferences.join(', ')}` : 'equal their sub-ledgers (no new difference)'}\n`,
    );
    if (!after.allBalanced || newDifferences.length) process.exitCode = 1;
  };
  return {
    name: `season day: ${CLERKS} clerks, ${OFFICERS} officers, ${ACCOUNTANTS} accountants, ${SETTLERS} settlement officers (${label})`,
    concurrency: CLERKS + OFFICERS + ACCOUNTANTS + SETTLERS,
    async check() {
      direct = await directCosts(db, p);
      before = await booksState(db);
      const env = localServerEnv({ email: BENCH_ADMIN_EMAIL, password: BENCH_PASSWORD });
      let replicaNote = '';
      if (target.kind === 'postgres' && target.reportsOn === 'replica') {
        replica = await startBenchReplica(target.databaseUrl);
        replicaNote = `; ${replica.note}, REPLICA_MAX_LAG_SECONDS=${process.env.REPLICA_MAX_LAG_SECONDS ?? '30 (default)'}`;
      }
      const started = performance.now();
      if (target.kind === 'postgres') {
        child = await startChildServer({
          ...env,
          DATABASE_URL: target.databaseUrl,
          WORKERS: String(target.workers),
          ...(replica ? { DATABASE_REPLICA_URL: replica.url } : {}),
        });
      } else {
        await target.embedded.release();
        lent = true;
        child = await startChildServer({ ...env, DATA_DIR: target.embedded.dataDir, WORKERS: '1' });
      }
      const workers =
        target.kind === 'pglite' && process.env.WORKERS
          ? `, WORKERS=${process.env.WORKERS} does not apply to the embedded database (one process): one main.ts`
          : '';
      if (target.kind === 'pglite' && process.env.BENCH_REPLICA)
        replicaNote = `; BENCH_REPLICA=${process.env.BENCH_REPLICA} does not apply to the embedded database (no replica)`;
      return `books before: ${before.balanced.join(', ')}; control differences before: ${before.differences.length ? before.differences.join(', ') : 'none'}; main.ts started in ${((performance.now() - started) / 1000).toFixed(1)} s${workers}${replicaNote}`;
    },
    async run(_server: ServerContext, seconds, phase) {
      if (!child) throw new Error('the season day has no server: check() did not start it');
      const day = await workDay(p, child.url, seconds);
      printDay(`${label}, ${phase}`, day, direct);
      printReplicaDay(target, day, phase, primaryDays);
      // PGlite: the data directory is the child's until the measured day is over.
      if (target.kind === 'pglite' && phase === 'warm-up')
        process.stdout.write('    books: checked after the measured day, once main.ts has stopped\n');
      else {
        if (target.kind === 'pglite') await stopChild();
        await checkBooks();
      }
      return day;
    },
    dispose: stopChild,
  };
}

function lentBy(embedded: EmbeddedLoan | undefined): EmbeddedLoan {
  if (!embedded)
    throw new Error('The season day on PGlite needs the data directory lent by run.ts (SuiteSetup.embedded)');
  return embedded;
}

/** The PostgreSQL URL the bench's database was opened with (the pool's), or undefined on PGlite. */
function postgresUrlOf(db: Db): string | undefined {
  return (db as unknown as { $client?: { options?: { connectionString?: string } } }).$client?.options
    ?.connectionString;
}

export const seasonDaySuite: BenchSuite = {
  name: 'season-day',
  async prepare(db, { adminId, passwordHash, embedded }) {
    const started = performance.now();
    const p = await writeData(db, adminId, passwordHash);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const url = postgresUrlOf(db);
    // PostgreSQL: main.ts with each WORKERS of the list (one run each, two with BENCH_REPLICA=both);
    // PGlite: one main.ts on the data directory the bench lends it (no replica).
    const workers = (process.env.WORKERS ?? '1,4').split(',').map((w) => Number(w.trim()));
    const primaryDays: PrimaryDays = new Map();
    return {
      description: `${SOCIETIES} AMCOS x ${FARMERS} farmers with ${HISTORY} collections in stock each, 2 settled AMCOS x ${SETTLE_FARMERS} farmers in ${SETTLE_LOTS} paid lots, ${CLERKS + OFFICERS + ACCOUNTANTS + SETTLERS} people, written in ${seconds} s`,
      scenarios: url
        ? workers.flatMap((w) =>
            reportsOnList().map((reportsOn) =>
              dayScenario(db, p, { kind: 'postgres', workers: w, databaseUrl: url, reportsOn }, primaryDays),
            ),
          )
        : [dayScenario(db, p, { kind: 'pglite', embedded: lentBy(embedded) }, primaryDays)],
    };
  },
};
