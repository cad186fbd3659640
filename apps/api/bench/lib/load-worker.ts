/**
 * Runs one load in a worker thread, off the event loop of the API under test (which runs in the
 * bench's main thread), and posts back every response's latency and status: autocannon for a
 * closed loop; for a paced load (`connectionRate`) one keep-alive connection per clerk that sends
 * a request every period from its own phase (`pacedPhases`), timed from when it was due.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import autocannon, { type AutocannonClient, type AutocannonRequest } from 'autocannon';
import { type LoadJob, type LoadReport, pacedPhases, rotate } from './measure.ts';

const job = workerData as LoadJob;
const latencies: number[] = [];
const statusCounts: Record<string, number> = {};

/** Connection i's requests: its own list, or the shared list from its own starting point. */
function listOf(i: number): AutocannonRequest[] {
  const own = job.perConnection?.[i % job.perConnection.length];
  if (own) return own;
  return rotate(job.requests, Math.floor((i * job.requests.length) / job.connections));
}

async function closedLoop(): Promise<LoadReport> {
  let clientIndex = 0;
  const instance = autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.seconds,
    headers: job.headers,
    requests: job.requests,
    setupClient: (client: AutocannonClient) => {
      client.setRequests(listOf(clientIndex++));
    },
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1;
  });
  const result = await instance;
  return { latenciesMs: latencies, seconds: result.duration, statusCounts, errors: result.errors };
}

/** One request on the clerk's own connection; answers the HTTP status once the body is read. */
function send(agent: http.Agent, base: URL, request: AutocannonRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = request.body ?? '';
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        agent,
        method: request.method ?? 'GET',
        path: request.path ?? '/',
        headers: {
          ...job.headers,
          ...request.headers,
          ...(body ? { 'content-length': Buffer.byteLength(body) } : {}),
        },
        timeout: 10_000,
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body || undefined);
  });
}

async function paced(rate: number): Promise<LoadReport> {
  const base = new URL(job.url);
  const period = 1000 / rate;
  const phases = pacedPhases(job.connections, period, job.start ?? 'spread', job.seed ?? 1);
  let errors = 0;
  const started = performance.now();
  const end = started + job.seconds * 1000;
  const clerk = async (i: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const list = listOf(i);
    let k = 0;
    // A save not answered by the next one's due time delays it: that wait counts in its latency.
    for (let due = started + (phases[i] ?? 0); due < end && list.length > 0; due += period) {
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      try {
        const status = await send(agent, base, list[k++ % list.length] as AutocannonRequest);
        latencies.push(performance.now() - due);
        statusCounts[status] = (statusCounts[status] ?? 0) + 1;
      } catch {
        errors++;
      }
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: job.connections }, (_, i) => clerk(i)));
  return { latenciesMs: latencies, seconds: (performance.now() - started) / 1000, statusCounts, errors };
}

const report = job.connectionRate ? await paced(job.connectionRate) : await closedLoop();
parentPort?.postMessage(report);
