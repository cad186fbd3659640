import { LAG_QUERY } from '../../src/db/replica.ts';
import { REPORT_HEADERS } from '../../src/platform/report-reads.ts';
import { type ReplicaServer, startReplica } from '../../test/replica-server.ts';
import { percentile } from './measure.ts';

/**
 * The season day with its reports on a streaming replica (#34): the replica the bench starts on
 * the same machine (test/replica-server.ts, shared with report-reads.test.ts), and what the
 * accountants' answers said about where they were read.
 */
export type ReportsOn = 'primary' | 'replica';

/**
 * BENCH_REPLICA: `0` the reports on the primary only (the day as before), `1` on a replica only,
 * `both` (the default) one day each, the primary's first, printed side by side. PostgreSQL only.
 */
export function reportsOnList(env: NodeJS.ProcessEnv = process.env): ReportsOn[] {
  const value = (env.BENCH_REPLICA ?? 'both').trim();
  if (value === '0') return ['primary'];
  if (value === '1') return ['replica'];
  if (value === 'both') return ['primary', 'replica'];
  throw new Error(`BENCH_REPLICA is 0, 1 or both, not ${JSON.stringify(value)}`);
}

export type BenchReplica = {
  server: ReplicaServer;
  /** DATABASE_REPLICA_URL for main.ts: the bench's database on the replica. */
  url: string;
  /** How it went: the copy's time, the time until it was caught up. */
  note: string;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A replica of the primary of `databaseUrl` (pg_basebackup of the whole cluster, so of every
 * database on it), removed when the process exits or is stopped with Ctrl-C if the caller has not
 * removed it by then; answered once it is a standby serving the bench's database at most 1 s behind.
 */
export async function startBenchReplica(databaseUrl: string): Promise<BenchReplica> {
  const database = new URL(databaseUrl).pathname.slice(1);
  const started = performance.now();
  const server = await startReplica(databaseUrl, { removeOnExit: true });
  const copied = performance.now();
  try {
    const deadline = Date.now() + 120_000;
    let last = 'no answer yet';
    for (;;) {
      try {
        const [row] = await server.query(database, LAG_QUERY);
        const lag = row?.lag;
        if (row?.in_recovery === true && typeof lag === 'number' && lag <= 1) {
          const seconds = (t: number) => ((t - started) / 1000).toFixed(1);
          return {
            server,
            url: server.urlOf(database),
            note: `replica on port ${server.port}: copied and started in ${seconds(copied)} s, caught up (lag ${lag.toFixed(1)} s) after ${seconds(performance.now())} s`,
          };
        }
        last = JSON.stringify(row);
      } catch (error) {
        last = error instanceof Error ? error.message : String(error);
      }
      if (Date.now() > deadline)
        throw new Error(`the replica was not caught up within 120 s (last: ${last})`);
      await sleep(500);
    }
  } catch (error) {
    server.remove();
    throw error;
  }
}

/** Where the accountants' report answers were read (X-Report-Source, X-Report-Fallback) and the lag they gave. */
export type ReportSources = { counts: Map<string, number>; lags: number[] };

export const noReportSources = (): ReportSources => ({ counts: new Map(), lags: [] });

export function tallyReport(sources: ReportSources, headers: Headers): void {
  const source = headers.get(REPORT_HEADERS.source);
  const fallback = headers.get(REPORT_HEADERS.fallback);
  const key = source === null ? 'no source header' : fallback ? `${source} (${fallback})` : source;
  sources.counts.set(key, (sources.counts.get(key) ?? 0) + 1);
  const lag = headers.get(REPORT_HEADERS.lag);
  if (lag !== null && Number.isFinite(Number(lag))) sources.lags.push(Number(lag));
}

/** `replica 150 of 152, primary (behind) 2; lag seen p50 0.0 s, p95 0.4 s, max 1.2 s`. */
export function describeSources(sources: ReportSources): string {
  const total = [...sources.counts.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return 'no report answered';
  const replica = sources.counts.get('replica') ?? 0;
  const others = [...sources.counts].filter(([k]) => k !== 'replica').map(([k, n]) => `${k} ${n}`);
  const lags = Float64Array.from(sources.lags).sort();
  const s = (p: number) => `${percentile(lags, p).toFixed(1)} s`;
  const lag = lags.length
    ? `; lag seen (X-Report-Lag-Seconds) p50 ${s(50)}, p95 ${s(95)}, max ${(lags.at(-1) ?? 0).toFixed(1)} s`
    : '';
  return `from the replica ${replica} of ${total} (${((100 * replica) / total).toFixed(1)}%)${others.length ? `, ${others.join(', ')}` : ''}${lag}`;
}

/** One day's figures per action, for the side-by-side table. */
export type DayFigures = { timings: Map<string, number[]>; seconds: number; load: string };

/** The actions' p50/p95 with the reports on the primary and on the replica, side by side. */
export function sideBySide(actions: string[], primary: DayFigures, replica: DayFigures): string {
  const stats = (day: DayFigures, action: string) => {
    const sorted = Float64Array.from(day.timings.get(action) ?? []).sort();
    return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
  };
  const rows = actions.map((action) => {
    const [a, b] = [stats(primary, action), stats(replica, action)];
    const change = Number.isFinite(a.p95) && Number.isFinite(b.p95) ? `x${(b.p95 / a.p95).toFixed(2)}` : '';
    return [
      action,
      String(a.n),
      a.p50.toFixed(1),
      a.p95.toFixed(1),
      String(b.n),
      b.p50.toFixed(1),
      b.p95.toFixed(1),
      change,
    ];
  });
  const headers = ['action', 'n', 'p50 ms', 'p95 ms', 'n', 'p50 ms', 'p95 ms', 'p95 replica/primary'];
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `    ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[0] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ')}`;
  const groups = `    ${''.padEnd(widths[0] ?? 0)}  ${'reports on the primary'.padEnd((widths[1] ?? 0) + (widths[2] ?? 0) + (widths[3] ?? 0) + 4)}  reports on the replica`;
  return [
    groups,
    line(headers),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    `    primary day ${primary.seconds.toFixed(0)} s, ${primary.load} at its end; replica day ${replica.seconds.toFixed(0)} s, ${replica.load} at its end`,
  ].join('\n');
}
