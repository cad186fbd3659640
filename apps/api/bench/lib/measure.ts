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
   * Optional: each connection sends at most this many requests a second (paced, like people at
   * work) instead of the next one as soon as the last is answered. Latency still counts from when
   * a request was due, so a server falling behind shows in the figures.
   */
  connectionRate?: number;
};

/** The raw answer of one load: every latency (2xx or not) and the count per HTTP status. */
export type LoadReport = {
  latenciesMs: number[];
  seconds: number;
  statusCounts: Record<string, number>;
  /** Connection errors and timeouts: requests that got no HTTP answer at all. */
  errors: number;
};

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

/** Fires HTTP load with autocannon from a worker thread and collects each response's latency. */
export function runAutocannon(job: LoadJob): Promise<LoadReport> {
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
