/**
 * `npm run bench`: for each database in turn (PGlite in a fresh data dir; PostgreSQL when reachable,
 * in a scratch database), migrate, bootstrap, write each suite's data with bulk SQL, start the real
 * app on a loopback port in this process and load it with every scenario: a warm-up, then a
 * measured run (the season day loads main.ts as a child process instead: on PGlite this process
 * closes its database and lends the data directory to the child meanwhile). Prints latency
 * percentiles, throughput and failures per database.
 *
 * Every run is written as JSON to apps/api/bench/results/ (lib/results.ts); `npm run bench:compare`
 * puts it beside the committed baseline.
 *
 * Env: BENCH_SECONDS (10) and BENCH_WARMUP_SECONDS (2) per scenario; BENCH_TARGETS (pglite,postgres);
 * BENCH_SUITES (all but apex); BENCH_SCENARIOS (all): only the scenarios whose name holds one of these comma-separated
 * texts (e.g. `Chromium` for the offline suite's browser rows); BENCH_DATABASE_URL or DATABASE_URL: the PostgreSQL admin connection (default
 * local postgres).
 *
 * `BENCH_SUITES=apex` (#34) runs the apex suite alone, on PostgreSQL only, in a database it keeps
 * between runs (ushirika_apex; APEX_SCALE below 1 uses ushirika_apex_s<scale>): the first run at
 * a scale writes the data (an hour or more at full scale; a run stopped goes on where it stopped),
 * later runs measure at once. It is not part of a plain `npm run bench`.
 */
import { sql } from 'drizzle-orm';
import type { Config } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { bootstrap } from '../src/modules/system/bootstrap.ts';
import { findUserByEmail } from '../src/modules/users/queries.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { signIn } from '../test/hardening/child-server.ts';
import { besideBaseline } from './lib/beside-baseline.ts';
import { percentile, summarise } from './lib/measure.ts';
import { failureDetail, inProcessTable, loadAverage, type ResultRow, resultsTable } from './lib/report.ts';
import {
  type BenchRun,
  figureKey,
  figureOfRow,
  loadNow,
  ratioOf,
  startRun,
  writeRun,
} from './lib/results.ts';
import {
  BENCH_ADMIN_EMAIL,
  BENCH_PASSWORD,
  type BenchServer,
  benchConfig,
  startBenchServer,
} from './lib/server.ts';
import { type BenchTarget, openApexTarget, openPgliteTarget, openPostgresTarget } from './lib/targets.ts';
import { accountsSuite } from './scenarios/accounts.ts';
import { APEX_SUITE, apexScale, apexSuite } from './scenarios/apex.ts';
import { collectionsSuite } from './scenarios/collections.ts';
import { farmersSuite } from './scenarios/farmers.ts';
import { inboxSuite } from './scenarios/inbox.ts';
import { inputsSuite } from './scenarios/inputs.ts';
import { offlineSuite } from './scenarios/offline.ts';
import { payoutsSuite } from './scenarios/payouts.ts';
import { reconciliationSuite } from './scenarios/reconciliation.ts';
import { salesSuite } from './scenarios/sales.ts';
import type {
  BenchSuite,
  EmbeddedLoan,
  InProcessFigure,
  Scenario,
  ServerContext,
} from './scenarios/scenario.ts';
import { seasonDaySuite } from './scenarios/season-day.ts';
import { settlementSuite } from './scenarios/settlement.ts';
import { statementsSuite } from './scenarios/statements.ts';
import { storesSuite } from './scenarios/stores.ts';
import { usersSuite } from './scenarios/users.ts';
import { ussdSuite } from './scenarios/ussd.ts';

const SUITES: BenchSuite[] = [
  usersSuite,
  accountsSuite,
  statementsSuite,
  farmersSuite,
  salesSuite,
  collectionsSuite,
  settlementSuite,
  storesSuite,
  inputsSuite,
  reconciliationSuite,
  inboxSuite,
  offlineSuite,
  ussdSuite,
  payoutsSuite,
  // Last: a day of everyone at once, on top of the data the suites above wrote.
  seasonDaySuite,
];

const only = process.env.BENCH_SUITES?.split(',').map((x) => x.trim());
/** The apex suite runs alone, on PostgreSQL, in its own kept database (lib/targets.ts openApexTarget). */
const apex = only?.includes(APEX_SUITE) ?? false;
if (apex && only && only.length > 1) throw new Error('BENCH_SUITES=apex runs the apex suite alone');

const TARGETS: { key: string; open: () => Promise<BenchTarget | { skipped: string }> }[] = [
  {
    key: 'pglite',
    open: async () => (apex ? { skipped: 'the apex suite runs on PostgreSQL only' } : openPgliteTarget()),
  },
  { key: 'postgres', open: () => (apex ? openApexTarget(apexScale()) : openPostgresTarget()) },
];

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const targetsWanted = process.env.BENCH_TARGETS ?? 'pglite,postgres';
const wanted = new Set(targetsWanted.split(',').map((s) => s.trim()));

const LEGEND = [
  '  conc: concurrent connections (sign-in: concurrent loops). errors: no HTTP answer (timeout, reset).',
  '  busy ms/req: time the main thread (the API; with PGlite also the database; for sign-in also',
  '  the client loop) was busy per request: 1000 / busy ms/req is the ceiling in req/s.',
  '  cpu ms/req: CPU time of the whole bench process (API, PGlite, and the load generator thread) per',
  '  request; unlike busy and latency it does not grow when other work on the machine takes the CPU.',
  "  The season day loads main.ts in a child process: its busy and cpu are the load generator's only.",
  '  srv p50/p95: time inside the server per request (routing to response sent, incl. waiting for the',
  '  database and for the event loop), apart from the client and the network.',
  '  bare: the same question as bare SQL, measured right after the load; ratio: p50 / bare ms, or',
  '  req/s / bare per second. load: the 1-minute load average at the end of the scenario.',
].join('\n');

const log = (line = '') => process.stdout.write(`${line}\n`);
const elapsed = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** A scenario with the suite it came from. */
type SuiteScenario = { suite: string; scenario: Scenario };
type SuiteFigure = { database: string; suite: string; figure: InProcessFigure; load: number };

async function prepare(
  target: BenchTarget,
  config: Config,
  figures: SuiteFigure[],
  embedded?: EmbeddedLoan,
): Promise<SuiteScenario[]> {
  const { db } = target.database;
  await target.database.migrate();
  await bootstrap(db, config);
  const admin = await findUserByEmail(db, BENCH_ADMIN_EMAIL);
  if (!admin) throw new Error('bootstrap did not create the bench administrator');
  // The API lets a user on the initial password call little else (#15): the bench admin has replaced it.
  await db.execute(sql`update users set is_initial_password = false where id = ${admin.id}`);
  const setup = {
    adminId: admin.id,
    passwordHash: await hashPassword(BENCH_PASSWORD),
    ...(embedded ? { embedded } : {}),
  };
  const scenarios: SuiteScenario[] = [];
  const named = process.env.BENCH_SCENARIOS?.split(',').map((x) => x.trim());
  const picked = (scenario: Scenario) => !named || named.some((x) => scenario.name.includes(x));
  for (const suite of only ? [...SUITES, apexSuite].filter((x) => only.includes(x.name)) : SUITES) {
    const prepared = await suite.prepare(db, setup);
    log(`  data (${suite.name}): ${prepared.description}`);
    scenarios.push(...prepared.scenarios.filter(picked).map((scenario) => ({ suite: suite.name, scenario })));
    const load = loadNow();
    for (const figure of prepared.figures ?? [])
      figures.push({ database: target.label, suite: suite.name, figure, load });
  }
  return scenarios;
}

/** A scenario's warm-up and measured run: its summary and the bench process's busy and CPU time. */
async function measured(scenario: Scenario, context: ServerContext, server: BenchServer) {
  const note = await scenario.check?.(context);
  log(`  ${scenario.name}: warm-up ${warmupSeconds} s, measuring ${seconds} s${note ? ` (${note})` : ''}`);
  if (warmupSeconds > 0) await scenario.run(context, warmupSeconds, 'warm-up');
  server.serverTimes.length = 0;
  const busyBefore = performance.eventLoopUtilization();
  const cpuBefore = process.cpuUsage();
  const summary = summarise(await scenario.run(context, seconds, 'measured'));
  const busyMs = performance.eventLoopUtilization(busyBefore).active;
  const cpu = process.cpuUsage(cpuBefore);
  const load = loadNow();
  const bare = scenario.bare
    ? { what: scenario.bare.what, unit: scenario.bare.unit, value: await scenario.bare.measure(context) }
    : undefined;
  return { summary, busyMs, cpu, load, bare };
}

async function runScenarios(
  target: BenchTarget,
  scenarios: SuiteScenario[],
  server: BenchServer,
): Promise<ResultRow[]> {
  const admin = await signIn(server.url, BENCH_ADMIN_EMAIL, BENCH_PASSWORD);
  if (!admin.access)
    throw new Error(`The bench administrator could not sign in: ${JSON.stringify(admin.body)}`);
  const context = { baseUrl: server.url, adminToken: admin.access };
  const rows: ResultRow[] = [];
  for (const { suite, scenario } of scenarios) {
    const { summary, busyMs, cpu, load, bare } = await measured(scenario, context, server).finally(() =>
      scenario.dispose?.(),
    );
    const serverTimes = Float64Array.from(server.serverTimes).sort();
    const failures = failureDetail(summary);
    if (failures) log(`    non-2xx answers: ${failures}`);
    rows.push({
      database: target.label,
      suite,
      scenario: scenario.name,
      concurrency: scenario.concurrency,
      summary,
      busyMsPerRequest: summary.requests > 0 ? busyMs / summary.requests : Number.NaN,
      cpuMsPerRequest: summary.requests > 0 ? (cpu.user + cpu.system) / 1000 / summary.requests : Number.NaN,
      server: { p50: percentile(serverTimes, 50), p95: percentile(serverTimes, 95) },
      target: scenario.target,
      bare,
      load,
      ...(scenario.baseline ? { baseline: scenario.baseline } : {}),
    });
  }
  return rows;
}

async function benchTarget(target: BenchTarget, figures: SuiteFigure[]): Promise<ResultRow[]> {
  const started = performance.now();
  log(`\n== ${target.label} (${target.detail})`);
  let server: BenchServer | undefined;
  let lent = false;
  const { dataDir } = target;
  // PGlite: a suite may lend the data directory to a main.ts child (one process at a time opens it).
  const embedded: EmbeddedLoan | undefined = dataDir
    ? {
        dataDir,
        async release() {
          await server?.close();
          server = undefined;
          await target.database.close();
          lent = true;
        },
        async reclaim() {
          target.database = await openDatabase({ dataDir });
          lent = false;
          return target.database.db;
        },
      }
    : undefined;
  try {
    const config = benchConfig();
    const scenarios = await prepare(target, config, figures, embedded);
    server = await startBenchServer(target.database.db, config);
    const rows = await runScenarios(target, scenarios, server);
    log(`\n${target.label}, ${elapsed(started)}, ${loadAverage()} at the end:\n${resultsTable(rows)}`);
    if (target.database.kind === 'pglite') {
      log('  PGlite executes one query at a time (in this process; the season day in its main.ts child):');
      log('  all connections queue for the one database, so latency under load is mostly waiting for the');
      log('  queries before it.');
    }
    return rows;
  } finally {
    await server?.close();
    if (lent) await embedded?.reclaim();
    await target.dispose();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  log(`Ushirika bench: Node ${process.version}, ${loadAverage()}, ${seconds} s per scenario`);
  log('The API and the load generator share this machine; the load runs in a worker thread.');
  const rows: ResultRow[] = [];
  const figures: SuiteFigure[] = [];
  const run = startRun({
    seconds,
    warmupSeconds,
    suites: process.env.BENCH_SUITES ?? null,
    targets: targetsWanted,
  });
  for (const { key, open } of TARGETS) {
    if (!wanted.has(key)) continue;
    try {
      const target = await open();
      if ('skipped' in target) {
        log(`\n== ${key}: skipped. ${target.skipped}`);
        continue;
      }
      rows.push(...(await benchTarget(target, figures)));
    } catch (error) {
      // One database failing still lets the other one report.
      console.error(`\n== ${key}: the bench failed:`, error);
      process.exitCode = 1;
    }
  }
  log(`\nAll databases (${elapsed(started)}):\n${resultsTable(rows, true)}`);
  if (figures.length > 0) log(`\nIn process, while the suites prepared:\n${inProcessTable(figures)}`);
  const beside = besideBaseline(rows, figures);
  if (beside) log(`\nBeside the committed baseline (bench/baseline.json, smaller data sets):\n${beside}`);
  log(`${LEGEND}`);
  log(`\nFigures written to ${writeRun(withFigures(run, rows, figures))} (npm run bench:compare)`);
  const failed = rows.filter((r) => r.summary.non2xx > 0 || r.summary.errors > 0);
  if (failed.length > 0) {
    log(
      `\n${failed.length} scenario(s) had requests without a 2xx answer: their latency figures are suspect.`,
    );
    process.exitCode = 1;
  }
}

function withFigures(run: BenchRun, rows: ResultRow[], figures: SuiteFigure[]): BenchRun {
  run.figures.push(...rows.map(figureOfRow));
  for (const { database, suite, figure, load } of figures) {
    run.figures.push({
      key: figureKey(database, suite, figure.name),
      database,
      suite,
      name: figure.name,
      kind: 'in-process',
      p50: Number(figure.ms.toFixed(2)),
      load,
      ...(figure.bare
        ? ratioOf({ what: figure.bare.what, unit: 'ms', value: figure.bare.ms }, figure.ms)
        : {}),
      ...(figure.target ? { target: figure.target } : {}),
    });
  }
  return run;
}

main().catch((error: unknown) => {
  console.error('The bench failed:', error);
  process.exit(1);
});
