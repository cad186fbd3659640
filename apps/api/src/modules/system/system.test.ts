import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { migrationsFolder } from '../../db/client.ts';
import { readMigrations } from '../../db/migrate.ts';
import { queryRows } from '../../db/rows.ts';
import { enqueueSms } from '../../platform/sms-outbox.ts';
import { bootstrap } from './bootstrap.ts';

const METRICS_TOKEN = 'metrics-token-for-the-tests-0123';
let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp({ METRICS_TOKEN });
  // As main.ts hands it over: the open database (its pool on PostgreSQL).
  t.deps.database = t.database;
  admin = await sessionAs(t, 'Administrator');
});
afterAll(() => t.close());

async function metrics(token?: string, scheme = 'Bearer') {
  const response = await fetch(`${t.url}/api/metrics`, {
    headers: token ? { authorization: `${scheme} ${token}` } : {},
  });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

const value = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('health', () => {
  it('says the database answers, the version and the migration level', async () => {
    const reply = await t.request('GET', '/health');
    expect(reply.status).toBe(200);
    const migrations = readMigrations(migrationsFolder);
    expect(reply.body).toEqual({
      status: 'ok',
      database: 'ok',
      version: t.deps.config.version,
      migrations: { applied: migrations.length, latest: migrations.at(-1)?.tag, pending: 0 },
    });
  });
});

describe('metrics', () => {
  it('answers METRICS_TOKEN and an administrator, and no one else', async () => {
    expect((await metrics()).status).toBe(401);
    expect((await metrics('not-the-token-not-the-token-0000')).status).toBe(401);
    const accountant = await sessionAs(t, 'Accountant');
    const refused = await metrics(accountant.access);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text).message).toBe('Only an administrator may read the metrics');
    expect((await metrics(admin.access)).status).toBe(200);
    const byToken = await metrics(METRICS_TOKEN);
    expect(byToken.status).toBe(200);
    expect(byToken.type).toContain('text/plain');
    // The scheme is case-insensitive (RFC 7235), as monitoring systems may write it.
    expect((await metrics(METRICS_TOKEN, 'bearer')).status).toBe(200);
  });

  it('counts requests by route pattern with their latency, and reads the SMS outbox and pool', async () => {
    const route = 'method="GET",route="/api/health",status="200"';
    const before = value((await metrics(METRICS_TOKEN)).text, `ushirika_http_requests_total{${route}}`) ?? 0;
    for (let i = 0; i < 3; i++) await t.request('GET', '/health');
    // A request for a record id is counted under the pattern, not under the id.
    await t.request('GET', `/users/${admin.userId}`, { token: admin.access });

    await enqueueSms(t.db, '255700000999', 'A message the gateway kept refusing');
    await t.db.execute(sql`update sms_outbox set status = 'failed' where recipient = '255700000999'`);

    const { text } = await metrics(METRICS_TOKEN);
    expect(value(text, `ushirika_http_requests_total{${route}}`)).toBe(before + 3);
    expect(text).toContain('route="/api/users/:id",status="200"');
    expect(text).not.toContain(admin.userId);
    const count = value(
      text,
      'ushirika_http_request_duration_seconds_count{method="GET",route="/api/health"}',
    );
    expect(count).toBeGreaterThanOrEqual(before + 3);
    expect(
      value(
        text,
        'ushirika_http_request_duration_seconds_bucket{method="GET",route="/api/health",le="+Inf"}',
      ),
    ).toBe(count);

    const [failed] = await queryRows(
      t.db,
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from sms_outbox where status = 'failed'`,
    );
    expect(value(text, 'ushirika_sms_failed')).toBe(failed?.n);
    expect(value(text, 'ushirika_sms_outbox_pending')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'ushirika_migrations_pending')).toBe(0);
    if (t.database.kind === 'postgres') {
      expect(value(text, 'ushirika_db_pool_connections{state="max"}')).toBe(10);
      expect(value(text, 'ushirika_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    } else {
      expect(text).not.toContain('ushirika_db_pool_connections');
    }
  });
});

describe('bootstrap', () => {
  it('runs the seeds once per build of the compiled API, and again for a new build', async () => {
    const auditorPermissions = async () =>
      (
        await queryRows(
          t.db,
          z.object({ n: z.number() }),
          sql`select cardinality(permissions)::int as n from roles where name = 'Auditor'`,
        )
      )[0]?.n;
    const full = await auditorPermissions();
    const build = (codeFingerprint: string) => ({ ...t.deps.config, codeFingerprint });
    await bootstrap(t.db, build('build-1'));
    // A change to a built-in role in the database: the same build does not look again...
    await t.db.execute(sql`update roles set permissions = '{}' where name = 'Auditor'`);
    await bootstrap(t.db, build('build-1'));
    expect(await auditorPermissions()).toBe(0);
    // ...a new build (an upgrade) puts every built-in role back as the code defines it.
    await bootstrap(t.db, build('build-2'));
    expect(await auditorPermissions()).toBe(full);
    expect(full).toBeGreaterThan(0);
  });
});
