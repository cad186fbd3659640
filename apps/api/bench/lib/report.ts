import { availableParallelism, loadavg } from 'node:os';
import type { InProcessFigure } from '../scenarios/scenario.ts';
import type { Summary } from './measure.ts';

/** Other work on the machine skews the figures; the 1-minute load average says how much there was. */
export const loadAverage = () =>
  `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} (1, 5, 15 min) on ${availableParallelism()} CPUs`;

export type ResultRow = {
  database: string;
  /** The suite the scenario belongs to (`accounts`, `collections`...). */
  suite: string;
  scenario: string;
  concurrency: number;
  summary: Summary;
  /**
   * Time the main thread (the API; with PGlite also the database) was busy, per request. Under
   * load from other processes it grows, since a descheduled busy thread still counts as busy.
   */
  busyMsPerRequest: number;
  /** CPU time of the whole bench process (API and load thread) per request. */
  cpuMsPerRequest?: number;
  /** Time inside the server per request (Fastify's elapsedTime), apart from client and network. */
  server?: { p50: number; p95: number };
  target?: { p95BelowMs: number } | undefined;
  /** The bare SQL of the same question, measured right after the load. */
  bare?: { what: string; value: number; unit: 'ms' | 'per-second' } | undefined;
  /** 1-minute load average at the end of the measured run. */
  load: number;
  /** The key of the same question's figure in baseline.json, when the scenario names one. */
  baseline?: string;
};

export const verdictOf = (row: ResultRow): string | undefined =>
  row.target
    ? `p95 < ${row.target.p95BelowMs} ms: ${row.summary.p95 < row.target.p95BelowMs ? 'PASS' : 'MISS'}`
    : undefined;

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');

function table(headers: string[], rows: string[][], rightAligned: Set<number>): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => (rightAligned.has(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [format(headers), rule, ...rows.map(format)].map((line) => `  ${line}`).join('\n');
}

const bareCell = (bare: ResultRow['bare']) =>
  bare ? `${bare.value.toFixed(bare.unit === 'ms' ? 1 : 0)}${bare.unit === 'ms' ? ' ms' : '/s'}` : '';

/** A scenario's ratio to its bare SQL: p50 / bare ms, or req/s / bare per second. */
export function rowRatio(row: ResultRow): number {
  if (!row.bare) return Number.NaN;
  return row.bare.unit === 'ms' ? row.summary.p50 / row.bare.value : row.summary.perSecond / row.bare.value;
}

/** Latency (ms), throughput and failures per scenario; non-2xx and errors must both be 0. */
export function resultsTable(rows: ResultRow[], withDatabase = false): string {
  const headers = [
    ...(withDatabase ? ['database'] : []),
    'scenario',
    'conc',
    'requests',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'busy ms/req',
    'cpu ms/req',
    'srv p50',
    'srv p95',
    'non-2xx',
    'errors',
    'bare',
    'ratio',
    'load',
    'target',
  ];
  const offset = withDatabase ? 1 : 0;
  const right = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15].map((i) => i + offset));
  const body = rows.map((row) => [
    ...(withDatabase ? [row.database] : []),
    row.scenario,
    String(row.concurrency),
    String(row.summary.requests),
    row.summary.perSecond.toFixed(0),
    ms(row.summary.p50),
    ms(row.summary.p95),
    ms(row.summary.p99),
    ms(row.busyMsPerRequest),
    ms(row.cpuMsPerRequest ?? Number.NaN),
    ms(row.server?.p50 ?? Number.NaN),
    ms(row.server?.p95 ?? Number.NaN),
    String(row.summary.non2xx),
    String(row.summary.errors),
    bareCell(row.bare),
    row.bare ? rowRatio(row).toFixed(3) : '',
    row.load.toFixed(1),
    verdictOf(row) ?? '',
  ]);
  return table(headers, body, right);
}

/** The in-process figures of every suite: median, bare SQL, ratio and the goal's verdict. */
export function inProcessTable(
  figures: { database: string; suite: string; figure: InProcessFigure; load: number }[],
): string {
  const headers = ['database', 'suite', 'in process (median)', 'ms', 'bare ms', 'ratio', 'load', 'target'];
  const body = figures.map(({ database, suite, figure, load }) => {
    const ratio = figure.bare ? figure.ms / figure.bare.ms : Number.NaN;
    return [
      database,
      suite,
      figure.name,
      ms(figure.ms),
      figure.bare ? ms(figure.bare.ms) : '',
      Number.isFinite(ratio) ? ratio.toFixed(3) : '',
      load.toFixed(1),
      inProcessVerdict(figure, ratio) ?? '',
    ];
  });
  return table(headers, body, new Set([3, 4, 5, 6]));
}

function inProcessVerdict(figure: InProcessFigure, ratio: number): string | undefined {
  const { target } = figure;
  if (target?.ratioAtMost !== undefined)
    return `ratio <= ${target.ratioAtMost}: ${ratio <= target.ratioAtMost ? 'PASS' : 'MISS'}`;
  if (target?.msBelow !== undefined)
    return `< ${target.msBelow} ms: ${figure.ms < target.msBelow ? 'PASS' : 'MISS'}`;
  return undefined;
}

/** The status codes behind a non-zero non-2xx count, e.g. `429 x 12, 500 x 1`. */
export function failureDetail(summary: Summary): string | undefined {
  const failed = Object.entries(summary.statusCounts).filter(([status]) => !status.startsWith('2'));
  if (failed.length === 0) return undefined;
  return failed.map(([status, n]) => `${status} x ${n}`).join(', ');
}
