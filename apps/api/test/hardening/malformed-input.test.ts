import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { recordCollectionOk } from '../crop-flow.ts';
import { makeCropWorld, weighingOf } from '../crop-flow-lots.ts';
import { type Session, sessionAs, startTestApp, type TestApp } from '../harness.ts';
import {
  type Attempt,
  bodyAttempts,
  type Operation,
  operationsOf,
  pathAttempts,
  queryAttempts,
  type Random,
  seededRandom,
} from './openapi-walk.ts';
import { rowCounts } from './row-counts.ts';

/**
 * Every route of the OpenAPI document that takes a body, a query or path parameters gets
 * generated bad values, as an administrator (who may call them all). Reproducible: HARDENING_SEED
 * picks the same requests again. Asserted for every answer: no 5xx; a 4xx has `message` first;
 * a refused write request changed no table's row count. A 2xx is accepted (the generated value
 * happened to be valid: an extra field ignored, an optional text emptied); those are counted.
 */
const SEED = Number(process.env.HARDENING_SEED ?? 20261125);
const PER_ROUTE = 20;
/** Ends the session the test runs on, or needs a sign-in in progress: covered by the auth tests. */
const SKIPPED = new Set(['POST /api/auth/logout']);

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: process.env.HARDENING_LOG ?? 'silent' });
  admin = await sessionAs(t, 'Administrator');
  // Records for the path parameters to name: a season with cashew, a society with farmers and a
  // weighing, a transporter and a warehouse.
  const world = await makeCropWorld(t, admin);
  await recordCollectionOk(t, world.society.clerk.access, weighingOf(world, 0, '100.000'));
}, 120_000);
afterAll(() => t.close());

type Failure = { request: string; status: number; problem: string; body: string };

/** Real ids for the path parameters: the first row of the list one level up, else a made-up id. */
async function realPath(op: Operation): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const name of op.pathParams) {
    const prefix = op.path.slice(0, op.path.indexOf(`{${name}}`)).replace(/\/$/, '');
    const listPath = fill(prefix, values).replace(/^\/api/, '');
    const list = await t.request<{ data?: { id?: string }[] }>('GET', listPath, { token: admin.access });
    values[name] = list.body.data?.[0]?.id ?? '0190aaaa-0000-7000-8000-000000000000';
  }
  return values;
}

const fill = (path: string, values: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? 'x');

function attemptsFor(op: Operation, r: Random): Attempt[] {
  const all = [
    ...(op.body ? bodyAttempts(op.body, r) : []),
    ...queryAttempts(op.query),
    ...pathAttempts(op.pathParams, r),
  ];
  if (all.length <= PER_ROUTE) return all;
  // The body-shape attempts always; a seeded choice among the rest.
  const head = all.slice(0, 7);
  const rest = all.slice(7);
  const chosen = new Set<number>();
  while (chosen.size < PER_ROUTE - head.length) chosen.add(r.int(rest.length));
  return [...head, ...[...chosen].sort((a, b) => a - b).map((i) => rest[i] as Attempt)];
}

async function send(op: Operation, ids: Record<string, string>, attempt: Attempt) {
  const url = `${t.url}${fill(op.path, { ...ids, ...attempt.pathValues })}${attempt.query ? `?${attempt.query}` : ''}`;
  const headers: Record<string, string> = { authorization: `Bearer ${admin.access}` };
  if (attempt.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: op.method,
    headers,
    body: op.method === 'GET' ? null : (attempt.body ?? (op.body ? '{}' : null)),
  });
  return { status: response.status, text: await response.text(), url };
}

/** Declares an 11 MB body and sends a few bytes: the answer must be 413 before the rest is read. */
function overLimit(op: Operation, ids: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(`${t.url}${fill(op.path, ids)}`);
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: op.method,
        headers: {
          authorization: `Bearer ${admin.access}`,
          'content-type': 'application/json',
          'content-length': String(11 * 1024 * 1024),
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      },
    );
    req.on('error', reject);
    req.write('{"a":"');
  });
}

function problemOf(status: number, text: string): string | null {
  if (status >= 500) return '5xx';
  if (status < 400) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  const first = body && typeof body === 'object' ? Object.keys(body)[0] : undefined;
  const message = (body as { message?: unknown }).message;
  if (first !== 'message' || typeof message !== 'string' || !message.trim()) return 'message not first';
  return null;
}

it('answers every malformed request with a 4xx in the SPEC shape, never a 5xx, and writes nothing when it refuses', async () => {
  const r = seededRandom(SEED);
  const doc = (await (await fetch(`${t.url}/api/docs/json`)).json()) as Parameters<typeof operationsOf>[0];
  const operations = operationsOf(doc).filter(
    (op) =>
      !SKIPPED.has(`${op.method} ${op.path}`) &&
      (op.body || Object.keys(op.query).length > 0 || op.pathParams.length > 0),
  );
  const failures: Failure[] = [];
  let sent = 0;
  let accepted = 0;
  let checkedBatches = 0;
  for (const op of operations) {
    const ids = await realPath(op);
    // Row counts around each route's batch: when every request of it was refused, nothing may
    // have changed (a batch with an accepted request cannot tell which one wrote).
    let before = op.method === 'GET' ? undefined : await rowCounts(t.db);
    let batchAccepted = false;
    for (const attempt of attemptsFor(op, r)) {
      let reply = await send(op, ids, attempt);
      if (reply.status === 401 && !op.path.startsWith('/api/auth/')) {
        // A generated value ended this session (a user change): sign in again and go on.
        admin = await sessionAs(t, 'Administrator');
        if (before) before = await rowCounts(t.db);
        reply = await send(op, ids, attempt);
      }
      sent += 1;
      const problem = problemOf(reply.status, reply.text);
      const request = `${op.method} ${op.path} ${attempt.label}`;
      if (problem) failures.push({ request, status: reply.status, problem, body: reply.text.slice(0, 200) });
      if (reply.status < 300) {
        accepted += 1;
        batchAccepted = true;
      }
    }
    if (before && !batchAccepted) {
      checkedBatches += 1;
      const changed = diff(before, await rowCounts(t.db));
      if (changed)
        failures.push({
          request: `${op.method} ${op.path}`,
          status: 400,
          problem: `refused, yet wrote ${changed}`,
          body: '',
        });
    }
    if (op.body) {
      sent += 1;
      const status = await overLimit(op, ids);
      if (status !== 413)
        failures.push({ request: `${op.method} ${op.path} 11 MB`, status, problem: 'not 413', body: '' });
    }
  }
  console.log(
    `malformed input (seed ${SEED}): ${operations.length} routes, ${sent} requests, ${accepted} accepted as valid, ` +
      `${checkedBatches} write routes checked for rows written on refusal, ${failures.length} failures`,
  );
  expect(failures).toEqual([]);
}, 600_000);

function diff(before: Map<string, number>, after: Map<string, number>): string | null {
  const changed = [...after].filter(([table, n]) => before.get(table) !== n).map(([table]) => table);
  return changed.length ? changed.join(', ') : null;
}
