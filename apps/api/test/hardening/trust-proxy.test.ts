import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/db/rows.ts';
import { startTestApp, type TestApp } from '../harness.ts';

/**
 * TRUST_PROXY: the client address (and so the per-IP sign-in limit) comes from X-Forwarded-For only
 * when the request arrives through a trusted proxy. The test app listens on 127.0.0.1, so its
 * requests come from 127.0.0.1: the "proxy" here.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const PER_IP = 3;

async function start(trustProxy?: string) {
  t = await startTestApp({
    RATE_LIMIT_PER_IP: String(PER_IP),
    RATE_LIMIT_PER_ACCOUNT: '1000',
    ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}),
  });
  return t;
}

/** A failed sign-in (unknown e-mail, so no account limit is shared) as if from `forwardedFor`. */
async function attempt(app: TestApp, forwardedFor: string, n: number) {
  const response = await fetch(`${app.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email: `nobody${n}@proxy.ushirika.test`, password: 'Wrong#Pass2026' }),
  });
  return response.status;
}

async function ipKeys(app: TestApp) {
  const rows = await queryRows(
    app.db,
    z.object({ key: z.string(), hits: z.number() }),
    sql`select key, hits from rate_limits where key like 'login:ip:%' order by key`,
  );
  return Object.fromEntries(rows.map((r) => [r.key, Number(r.hits)]));
}

describe('TRUST_PROXY', () => {
  it('unset: X-Forwarded-For is ignored, every request counts against the connecting address', async () => {
    const app = await start();
    const statuses: number[] = [];
    for (let i = 0; i <= PER_IP; i++) statuses.push(await attempt(app, `10.0.0.${i + 1}`, i));
    // A client cannot escape the limit by inventing a new X-Forwarded-For each time.
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(await ipKeys(app)).toEqual({ 'login:ip:127.0.0.1': PER_IP + 1 });
  });

  it('true: the client address is the one the proxy forwarded, and each client has its own limit', async () => {
    const app = await start('true');
    const first: number[] = [];
    for (let i = 0; i <= PER_IP; i++) first.push(await attempt(app, '10.0.0.1', i));
    expect(first).toEqual([401, 401, 401, 429]);
    // Another farmer's office behind the same proxy is not locked out by the first.
    expect(await attempt(app, '10.0.0.2', 99)).toBe(401);
    // The left-most address of a chain is the client's.
    expect(await attempt(app, '10.0.0.3, 10.0.0.1', 100)).toBe(401);
    expect(await ipKeys(app)).toEqual({
      'login:ip:10.0.0.1': PER_IP + 1,
      'login:ip:10.0.0.2': 1,
      'login:ip:10.0.0.3': 1,
    });
  });

  it('a list of proxy addresses: trusted only when the request comes from one of them', async () => {
    const trusted = await start('127.0.0.1');
    expect(await attempt(trusted, '10.0.0.7', 1)).toBe(401);
    expect(await ipKeys(trusted)).toEqual({ 'login:ip:10.0.0.7': 1 });
    await trusted.close();
    t = undefined;

    // The connection comes from 127.0.0.1, which is not the configured proxy: the header is a lie.
    const other = await start('192.0.2.10');
    expect(await attempt(other, '10.0.0.7', 1)).toBe(401);
    expect(await ipKeys(other)).toEqual({ 'login:ip:127.0.0.1': 1 });
  });
});
