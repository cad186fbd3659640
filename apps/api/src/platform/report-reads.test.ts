import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { z } from 'zod';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../test/harness.ts';
import { type ReplicaServer, startReplica } from '../../test/replica-server.ts';
import { openDatabase } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { accountId, postedEntry, THIS_YEAR } from '../modules/accounts/testing.ts';
import { REPORT_HEADERS, registerReportReads } from './report-reads.ts';

/**
 * Reports on a streaming replica (#34): a real replica of the test PostgreSQL (pg_basebackup -R,
 * pg_ctl on another port), the report routes reading it, its lag shown, and the fallback to the
 * primary when it is behind or gone. PostgreSQL only: the embedded database has no replica.
 */
const primaryUrl = process.env.DATABASE_URL;
const METRICS_TOKEN = 'replica-metrics-token-0123456789';
const MAX_LAG = 3;

type Health = {
  replica?: { status: 'ok' | 'behind' | 'unavailable'; lagSeconds: number | null; message?: string };
};
type Tb = { data: { totals: Record<string, string> } };

const recovery = z.object({ in_recovery: z.boolean() });

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000) {
  const end = Date.now() + ms;
  let last: T = await read();
  while (!ok(last)) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms (last ${JSON.stringify(last)})`);
    await new Promise((r) => setTimeout(r, 200));
    last = await read();
  }
  return last;
}

describe.skipIf(!primaryUrl)(
  'reports on a streaming replica (PostgreSQL only: skipped on the embedded database, which has no replica)',
  () => {
    let replica: ReplicaServer | undefined;
    let t: TestApp;
    let accountant: Session;
    let manager: Session;
    let database = '';
    const acc: Record<string, string> = {};

    const tb = () => t.request<Tb>('GET', '/reports/trial-balance?book=operation', { token: manager.access });
    const health = async () => (await t.request<Health>('GET', '/health')).body.replica;
    const metrics = async () => {
      const reply = await t.request('GET', '/metrics', { token: METRICS_TOKEN });
      return new TextDecoder().decode(reply.raw);
    };
    const gauge = (text: string, name: string) => text.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1];
    const post = (amount: string) =>
      postedEntry(
        t,
        accountant,
        manager,
        [
          { accountId: acc['1101'] ?? '', debit: amount },
          { accountId: acc['3101'] ?? '', credit: amount },
        ],
        { entryDate: `${THIS_YEAR}-01-15` },
      );

    beforeAll(async () => {
      replica = await startReplica(primaryUrl ?? '');
      t = await startTestApp({
        DATABASE_REPLICA_URL: replica.url,
        REPLICA_MAX_LAG_SECONDS: String(MAX_LAG),
        METRICS_TOKEN,
      });
      database = new URL(t.database.url ?? '').pathname.slice(1);
      [accountant, manager] = await Promise.all([
        sessionAs(t, 'Accountant'),
        sessionAs(t, 'Finance Manager'),
      ]);
      for (const code of ['1101', '3101']) acc[code] = await accountId(t, 'operation', code);
      // The new test database reaches the replica by replay: wait until the replica serves it.
      await until('the replica serves the test database', health, (r) => r?.status === 'ok');
    }, 120_000);

    afterAll(async () => {
      try {
        await t?.close();
      } finally {
        replica?.remove();
      }
    });

    it('reads the report routes from the replica and says so; reportDb elsewhere is the primary', async () => {
      const reply = await tb();
      expect(reply.status).toBe(200);
      expect(reply.headers.get(REPORT_HEADERS.source)).toBe('replica');
      expect(Number(reply.headers.get(REPORT_HEADERS.lag))).toBeLessThanOrEqual(MAX_LAG);
      expect(reply.headers.get(REPORT_HEADERS.fallback)).toBeNull();
      // The pool behind reportDb: the standby inside a report read, the primary anywhere else.
      const inRecovery = (db: typeof t.deps.reportDb) =>
        queryRows(db, recovery, sql`select pg_is_in_recovery() as in_recovery`);
      const onReplica = t.deps.replica?.onReplica(() => inRecovery(t.deps.reportDb));
      expect(await onReplica).toEqual([{ in_recovery: true }]);
      expect(await inRecovery(t.deps.reportDb)).toEqual([{ in_recovery: false }]);
      const h = await health();
      expect(h?.status).toBe('ok');
      const m = await metrics();
      expect(gauge(m, 'ushirika_replica_up')).toBe('1');
      expect(gauge(m, 'ushirika_replica_max_lag_seconds')).toBe(String(MAX_LAG));
    });

    it('writes never go to the replica: a posting is on the primary, and a write route cannot declare reportRead', async () => {
      const before = (await tb()).body.data.totals;
      expect(await post('1000.00')).toMatch(/^[0-9a-f-]{36}$/);
      const after = await until(
        'the replica replays the posting',
        tb,
        (r) => JSON.stringify(r.body.data.totals) !== JSON.stringify(before),
      );
      expect(after.headers.get(REPORT_HEADERS.source)).toBe('replica');
      const app = Fastify();
      registerReportReads(app, t.deps.replica);
      expect(() => app.post('/x', { config: { reportRead: true } }, async () => ({}))).toThrow(
        /declares reportRead but is not a GET/,
      );
      await app.close();
    });

    it('a lagging replica (replay paused) is read until it passes the lag setting, then reported and the primary answers', async () => {
      const fresh = await until(
        'the replica is caught up',
        health,
        (r) => r?.status === 'ok' && (r.lagSeconds ?? 1) < 1,
      );
      expect(fresh?.lagSeconds).toBeLessThan(1);
      const caughtUp = (await tb()).body.data.totals;
      await replica?.query(database, 'select pg_wal_replay_pause()');
      try {
        const paused = Date.now();
        await post('2500.00');
        // Within the lag setting the replica still answers, without the new posting: the proof
        // the report came from the standby.
        const stale = await tb();
        const staleRead = Date.now() - paused < (MAX_LAG - 1) * 1000;
        if (staleRead) {
          expect(stale.headers.get(REPORT_HEADERS.source)).toBe('replica');
          expect(stale.body.data.totals).toEqual(caughtUp);
        }
        const behind = await until('health reports the lag', health, (r) => r?.status === 'behind');
        const noticed = Date.now() - paused;
        expect(behind?.lagSeconds).toBeGreaterThanOrEqual(MAX_LAG);
        const fallback = await tb();
        expect(fallback.headers.get(REPORT_HEADERS.source)).toBe('primary');
        expect(fallback.headers.get(REPORT_HEADERS.fallback)).toBe('behind');
        expect(Number(fallback.headers.get(REPORT_HEADERS.lag))).toBeGreaterThanOrEqual(MAX_LAG);
        expect(fallback.body.data.totals).not.toEqual(caughtUp);
        const m = await metrics();
        expect(gauge(m, 'ushirika_replica_up')).toBe('0');
        expect(Number(gauge(m, 'ushirika_replica_lag_seconds'))).toBeGreaterThanOrEqual(MAX_LAG);
        console.log(
          `replica: lag setting ${MAX_LAG} s, behind reported ${noticed} ms after the pause` +
            (staleRead
              ? '; before that the report came from the paused replica, without the new posting'
              : ''),
        );
      } finally {
        await replica?.query(database, 'select pg_wal_replay_resume()');
      }
      const back = await until('the replica catches up again', health, (r) => r?.status === 'ok', 60_000);
      expect(back?.status).toBe('ok');
      expect((await tb()).headers.get(REPORT_HEADERS.source)).toBe('replica');
    }, 120_000);

    it('a replica stopped mid-test: the next report reads the primary and says the replica is unavailable', async () => {
      await until(
        'the replica answers the reports',
        tb,
        (r) => r.headers.get(REPORT_HEADERS.source) === 'replica',
      );
      replica?.stop();
      const started = performance.now();
      const reply = await tb();
      const fallbackMs = performance.now() - started;
      expect(reply.status).toBe(200);
      expect(reply.headers.get(REPORT_HEADERS.source)).toBe('primary');
      expect(reply.headers.get(REPORT_HEADERS.fallback)).toBe('unavailable');
      expect(reply.headers.get(REPORT_HEADERS.lag)).toBeNull();
      // Looked at again after 2 s: still unavailable, still answered by the primary.
      await new Promise((r) => setTimeout(r, 2100));
      const again = await tb();
      expect(again.status).toBe(200);
      expect(again.headers.get(REPORT_HEADERS.fallback)).toBe('unavailable');
      const h = await health();
      expect(h?.status).toBe('unavailable');
      expect(h?.lagSeconds).toBeNull();
      const m = await metrics();
      expect(gauge(m, 'ushirika_replica_up')).toBe('0');
      expect(gauge(m, 'ushirika_replica_lag_seconds')).toBe('NaN');
      console.log(`replica stopped: the first report answered by the primary in ${fallbackMs.toFixed(0)} ms`);
      // Started again, the reports go back to it.
      // Until its WAL receiver streams again (retried every few seconds, slower on a loaded
      // machine), an idle primary leaves the replica's last replay old: 'behind', then 'ok'.
      replica?.start();
      await until('the replica is back', health, (r) => r?.status === 'ok', 60_000);
      expect((await tb()).headers.get(REPORT_HEADERS.source)).toBe('replica');
    }, 120_000);
  },
);

describe('without DATABASE_REPLICA_URL nothing changes', () => {
  let t: TestApp;
  let manager: Session;
  beforeAll(async () => {
    t = await startTestApp({ METRICS_TOKEN });
    manager = await sessionAs(t, 'Finance Manager');
  });
  afterAll(() => t.close());

  it('reports answer without the replica headers; health and metrics have no replica part', async () => {
    const reply = await t.request('GET', '/reports/trial-balance?book=operation', { token: manager.access });
    expect(reply.status).toBe(200);
    for (const header of Object.values(REPORT_HEADERS)) expect(reply.headers.get(header)).toBeNull();
    expect(t.deps.reportDb).toBe(t.deps.db);
    expect((await t.request<Health>('GET', '/health')).body.replica).toBeUndefined();
    const m = new TextDecoder().decode((await t.request('GET', '/metrics', { token: METRICS_TOKEN })).raw);
    expect(m).not.toContain('ushirika_replica');
  });

  it.runIf(!primaryUrl)('the embedded database ignores DATABASE_REPLICA_URL, saying so', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    // From the migrated template image, as every test database (no initdb).
    const database = await openDatabase({
      dataDir: 'memory://',
      loadDataDir: new Blob([await readFile(inject('pgliteImage'))]),
      replica: { url: 'postgres://postgres@127.0.0.1:1/x', maxLagSeconds: 30 },
    });
    try {
      expect(log).toHaveBeenCalledWith(expect.stringContaining('DATABASE_REPLICA_URL is ignored'));
      expect(database.replica).toBeUndefined();
      expect(database.reportDb).toBe(database.db);
    } finally {
      log.mockRestore();
      await database.close();
    }
  });
});
