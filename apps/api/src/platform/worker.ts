import { Worker } from 'node:worker_threads';
import { AppError, ValidationError } from './errors.ts';

/** What a worker module posts back: its answer, or the refusal it threw (a ValidationError's parts). */
export type WorkerReply<T> =
  | { ok: T }
  | { refused: { message: string; errors?: Record<string, string[]> | undefined } }
  | { failed: string };

/** The reply a worker module posts for what its work answered or threw. */
export function workerReply<T>(work: () => T): WorkerReply<T> {
  try {
    return { ok: work() };
  } catch (error) {
    if (error instanceof AppError) return { refused: { message: error.message, errors: error.errors } };
    return { failed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

const runningFromSources = import.meta.url.endsWith('.ts');

/**
 * Runs a worker module on a thread of its own with `data` and answers what it posts (#38: a large
 * file parsed there leaves the event loop to every other request). `source` is the module's .ts
 * (run through tsx when the API runs from its sources: tests, `npm run dev`); `bundled` is its
 * name beside the API bundle (scripts/build.mjs bundles it as an entry of its own). A refusal
 * comes back as the ValidationError it was; any other failure as an Error.
 */
export function runWorker<T>(source: URL, bundled: string, data: unknown): Promise<T> {
  const worker = runningFromSources
    ? new Worker(
        `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(source.href)}); });`,
        { eval: true, workerData: data },
      )
    : new Worker(new URL(`./${bundled}.mjs`, import.meta.url), { workerData: data });
  return new Promise<T>((resolve, reject) => {
    worker.once('message', (reply: WorkerReply<T>) => {
      if ('ok' in reply) resolve(reply.ok);
      else if ('refused' in reply) reject(new ValidationError(reply.refused.message, reply.refused.errors));
      else reject(new Error(`A worker failed: ${reply.failed}`));
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`A worker stopped with code ${code}`));
    });
  });
}
