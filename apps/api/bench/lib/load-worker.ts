/**
 * Runs one autocannon load in a worker thread, off the event loop of the API under test (which
 * runs in the bench's main thread), and posts back every response's latency and status.
 */
import { parentPort, workerData } from 'node:worker_threads';
import autocannon, { type AutocannonClient, type AutocannonRequest } from 'autocannon';
import type { LoadJob, LoadReport } from './measure.ts';

const job = workerData as LoadJob;
const latencies: number[] = [];
const statusCounts: Record<string, number> = {};

/** Each connection walks the request list from its own starting point, so they do not move in step. */
function rotated(requests: AutocannonRequest[], by: number): AutocannonRequest[] {
  const start = by % requests.length;
  return [...requests.slice(start), ...requests.slice(0, start)];
}

let clientIndex = 0;
const instance = autocannon({
  url: job.url,
  connections: job.connections,
  duration: job.seconds,
  headers: job.headers,
  requests: job.requests,
  ...(job.connectionRate ? { connectionRate: job.connectionRate } : {}),
  setupClient: (client: AutocannonClient) => {
    const own = job.perConnection?.[clientIndex % job.perConnection.length];
    if (own) {
      clientIndex++;
      client.setRequests(own);
      return;
    }
    client.setRequests(
      rotated(job.requests, Math.floor((clientIndex++ * job.requests.length) / job.connections)),
    );
  },
});
instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
  latencies.push(responseTime);
  statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1;
});

const result = await instance;
const report: LoadReport = {
  latenciesMs: latencies,
  seconds: result.duration,
  statusCounts,
  errors: result.errors,
};
parentPort?.postMessage(report);
