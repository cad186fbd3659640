import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import type { ResultRow } from './report.ts';

/**
 * What `npm run bench` writes after every run (apps/api/bench/results/<time>.json, not committed)
 * and what `npm run bench:compare` reads beside the committed baseline (apps/api/bench/baseline.json).
 * One figure per scenario and per in-process measurement, each with the machine's load when it was
 * taken: on a shared machine the ratio to the bare SQL measured in the same minute is the figure
 * that travels between runs, the milliseconds much less.
 */
export type BenchFigure = {
  /** Stable across runs: `<database> | <suite> | <name>`; the compare script matches on it. */
  key: string;
  database: string;
  suite: string;
  name: string;
  /** `load`: HTTP load on the running app; `in-process`: the use case called directly, median of a few. */
  kind: 'load' | 'in-process';
  concurrency?: number;
  requests?: number;
  perSecond?: number;
  p50?: number;
  p95?: number;
  p99?: number;
  server?: { p50: number; p95: number };
  /** The same question answered by bare SQL in the same run, and what the ratio divides. */
  bare?: { what: string; value: number; unit: 'ms' | 'per-second' };
  /** ms figures: p50 (or the median) / bare ms, lower is better; throughput: per second / bare, higher is better. */
  ratio?: number;
  better?: 'lower' | 'higher';
  target?: { p95BelowMs?: number; ratioAtMost?: number; perSecondAtLeast?: number };
  /** 1-minute load average when the figure was taken (5 and 15 in the run header). */
  load: number;
  failures?: number;
};

export type BenchRun = {
  version: 1;
  startedAt: string;
  finishedAt: string;
  commit: string | null;
  node: string;
  cpus: number;
  settings: { seconds: number; warmupSeconds: number; suites: string | null; targets: string };
  load: { start: number[]; end: number[] };
  figures: BenchFigure[];
};

export const RESULTS_DIR = path.join(import.meta.dirname, '..', 'results');
export const BASELINE_FILE = path.join(import.meta.dirname, '..', 'baseline.json');

export const loadNow = () => Number((loadavg()[0] ?? 0).toFixed(2));

export const figureKey = (database: string, suite: string, name: string) =>
  `${database} | ${suite} | ${name}`;

/** A load scenario's row as a figure: its latency, throughput and ratio to its bare SQL. */
export function figureOfRow(row: ResultRow): BenchFigure {
  const { summary } = row;
  const figure: BenchFigure = {
    key: figureKey(row.database, row.suite, row.scenario),
    database: row.database,
    suite: row.suite,
    name: row.scenario,
    kind: 'load',
    concurrency: row.concurrency,
    requests: summary.requests,
    perSecond: round(summary.perSecond),
    p50: round(summary.p50),
    p95: round(summary.p95),
    p99: round(summary.p99),
    load: row.load,
    failures: summary.non2xx + summary.errors,
  };
  if (row.server && Number.isFinite(row.server.p50))
    figure.server = { p50: round(row.server.p50), p95: round(row.server.p95) };
  if (row.target) figure.target = { ...row.target };
  if (row.bare) Object.assign(figure, ratioOf(row.bare, summary.p50, summary.perSecond));
  return figure;
}

/** The ratio of a figure to its bare SQL: ms over ms (lower is better), or per second over per second. */
export function ratioOf(
  bare: NonNullable<BenchFigure['bare']>,
  ms: number,
  perSecond?: number,
): Pick<BenchFigure, 'bare' | 'ratio' | 'better'> {
  const value = bare.unit === 'ms' ? ms / bare.value : (perSecond ?? Number.NaN) / bare.value;
  const better: BenchFigure['better'] = bare.unit === 'ms' ? 'lower' : 'higher';
  const rounded = { ...bare, value: round(bare.value) };
  return Number.isFinite(value)
    ? { bare: rounded, ratio: Number(value.toFixed(4)), better }
    : { bare: rounded, better };
}

function round(value: number): number {
  return Number.isFinite(value) ? Number(value.toFixed(2)) : Number.NaN;
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

export function startRun(settings: BenchRun['settings']): BenchRun {
  return {
    version: 1,
    startedAt: new Date().toISOString(),
    finishedAt: '',
    commit: gitCommit(),
    node: process.version,
    cpus: availableParallelism(),
    settings,
    load: { start: loadavg().map((x) => Number(x.toFixed(2))), end: [] },
    figures: [],
  };
}

/** Writes the run as results/<start time>.json and answers the file's path. */
export function writeRun(run: BenchRun): string {
  run.finishedAt = new Date().toISOString();
  run.load.end = loadavg().map((x) => Number(x.toFixed(2)));
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${run.startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(run, null, 2)}\n`);
  return file;
}

export function readRun(file: string): BenchRun {
  const run = JSON.parse(readFileSync(file, 'utf8')) as BenchRun;
  if (run.version !== 1 || !Array.isArray(run.figures)) throw new Error(`${file} is not a bench run`);
  return run;
}

/** The run in results/ that finished last (runs may overlap; a file is written when its run ends). */
export function newestRun(): string | undefined {
  try {
    const files = readdirSync(RESULTS_DIR)
      .filter((f) => f.endsWith('.json'))
      .map((f) => path.join(RESULTS_DIR, f));
    return files.sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs).at(-1);
  } catch {
    return undefined;
  }
}
