import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { AutocannonRequest } from 'autocannon';

/** What a load worker is asked to do: `connections` keep-alive connections for `seconds`. */
export type LoadJob = {
  url: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  requests: AutocannonRequest[];
  /** Optional: connection i walks only `perConnection[i % length]` (e.g. one clerk per connection). */
  perConnection?: AutocannonRequest[][];
  /**
   * Optional: each connection sends one request every 1000 / connectionRate ms (paced, like people
   * at work) instead of the next one as soon as the last is answered. Latency counts from when a
   * request was due, so a server falling behind (or a clerk's previous save not yet answered)
   * shows in the figures.
   */
  connectionRate?: number;
  /**
   * Paced only: `spread` (the default) starts each connection at its own seeded random phase within
   * the period, as independent clerks are; `together` starts them all in the same millisecond, so
   * every period's requests arrive as one burst (what autocannon's connectionRate did).
   */
  start?: PacedStart;
  /** Paced only: the seed of the spread phases (default 1), so a run can be repeated. */
  seed?: number;
  /**
   * Paced only, default true: after the spread run, also run the same load with every connection
   * due at the same instants (the burst) and print both, labelled. The spread run is answered.
   */
  alsoBurst?: boolean;
};

export type PacedStart = 'spread' | 'together';

/** The raw answer of one load: every latency (2xx or not) and the count per HTTP status. */
export type LoadReport = {
  latenciesMs: number[];
  seconds: number;
  statusCounts: Record<string, number>;
  /** Connection errors and timeouts: requests that got no HTTP answer at all. */
  errors: number;
};

/**
 * A small seeded generator (mulberry32): numbers in [0, 1), the same sequence for the same seed,
 * so the spread phases of a paced run are the same run after run.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * When each paced connection sends its first request, in ms after the load starts: each at its own
 * random offset within one period (`spread`: independent clerks), or all at 0 (`together`: a burst
 * every period). Its later requests follow every `periodMs`.
 */
export function pacedPhases(connections: number, periodMs: number, start: PacedStart, seed = 1): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: connections }, () => (start === 'spread' ? random() * periodMs : 0));
}

export type Summary = {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  statusCounts: Record<string, number>;
};

/** Nearest-rank percentile over sorted values. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? Number.NaN;
}

export function summarise(report: LoadReport): Summary {
  const sorted = Float64Array.from(report.latenciesMs).sort();
  const non2xx = Object.entries(report.statusCounts)
    .filter(([status]) => !status.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    requests: sorted.length,
    perSecond: report.seconds > 0 ? sorted.length / report.seconds : 0,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    non2xx,
    errors: report.errors,
    statusCounts: report.statusCounts,
  };
}

/**
 * A worker thread started from TypeScript: Node 20 does not hand tsx's loader to workers, so the
 * worker registers it before importing the real entry.
 */
function startTypeScriptWorker(entry: URL, data: unknown): Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(code, { eval: true, workerData: data });
}

/**
 * Fires HTTP load from a worker thread and collects each response's latency: autocannon for a
 * closed loop, the worker's own paced clients for `connectionRate`. A paced run is spread (each
 * connection at its seeded random phase) and, unless `alsoBurst` is false, followed by the same
 * load all at once (each connection's list walked from its middle, so it issues other requests);
 * both are printed, labelled, and the spread run is answered.
 */
export async function runAutocannon(job: LoadJob): Promise<LoadReport> {
  if (!job.connectionRate || job.start || job.alsoBurst === false) return runLoadWorker(job);
  const spread = await runLoadWorker({ ...job, start: 'spread' });
  const half = <T>(list: T[]) => rotate(list, Math.floor(list.length / 2));
  const burst = await runLoadWorker({
    ...job,
    start: 'together',
    requests: half(job.requests),
    ...(job.perConnection ? { perConnection: job.perConnection.map(half) } : {}),
  });
  const line = (label: string, r: LoadReport) => {
    const s = summarise(r);
    const failed = s.non2xx + s.errors > 0 ? `, ${s.non2xx} non-2xx, ${s.errors} errors` : '';
    return `${label}: p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms (${s.requests} requests${failed})`;
  };
  process.stdout.write(
    `    paced ${job.connections} x ${job.connectionRate}/s over ${job.seconds} s, ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} load:\n` +
      `      ${line(`spread (each connection at a random phase, seed ${job.seed ?? 1}; the figure in the table)`, spread)}\n` +
      `      ${line('burst (all connections due in the same millisecond, as autocannon paced)', burst)}\n`,
  );
  return spread;
}

/** The list started at `by` and wrapped round. */
export function rotate<T>(list: T[], by: number): T[] {
  if (list.length === 0) return list;
  const start = by % list.length;
  return [...list.slice(start), ...list.slice(0, start)];
}

function runLoadWorker(job: LoadJob): Promise<LoadReport> {
  return new Promise((resolve, reject) => {
    const worker = startTypeScriptWorker(new URL('./load-worker.ts', import.meta.url), job);
    worker.once('message', (report: LoadReport) => {
      resolve(report);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`The load worker stopped with code ${code}`));
    });
  });
}

/**
 * One unit of work in a closed loop: `status` is the HTTP status that decided it (first non-2xx, or
 * 200); `exhausted` means it has no work left (a finite set of auctions to close), which ends that
 * loop without being timed or counted.
 */
export type LoopStep = (iteration: number) => Promise<{ status: number } | { exhausted: true }>;

/**
 * Runs `concurrency` closed loops for `seconds` and times each whole step, for work autocannon
 * cannot chain on its own (sign-in: login, then verify-otp with the code from the first answer).
 * Runs in the main thread; a step's latency is dominated by the server (argon2 in sign-in).
 */
export async function runConcurrentLoop({
  concurrency,
  seconds,
  step,
}: {
  concurrency: number;
  seconds: number;
  step: LoopStep;
}): Promise<LoadReport> {
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const begin = performance.now();
      try {
        const result = await step(next++);
        if ('exhausted' in result) break;
        latencies.push(performance.now() - begin);
        statusCounts[result.status] = (statusCounts[result.status] ?? 0) + 1;
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return { latenciesMs: latencies, seconds: (performance.now() - started) / 1000, statusCounts, errors };
}
