import 'fake-indexeddb/auto';
import type { SyncBody } from '@ushirika/contracts';
import { ulid } from 'ulid';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newerInHandoff, readHandoff, writeHandoff } from '../../../lib/token-handoff.ts';
import { receiptPrint, weighingDevice } from './device-fixtures.ts';
import { countWaiting, OFFLINE_DB, openOfflineDb, saveDevice, saveReceipt } from './offline-store.ts';
import { syncOutboxFromWorker } from './worker-sync.ts';

/**
 * The service worker's Background Sync of the outbox (#29), in node over fake-indexeddb with a
 * fake server behind `fetch`: it sends what waits with the session the page handed over, renews an
 * expired session once (the new pair kept for the page), keeps everything waiting when the session
 * is over, and throws with no network so the browser tries again.
 */
const SEASON = '0190a000-0000-7000-8000-000000000001';
const device = weighingDevice({
  blocks: [{ seasonId: SEASON, seasonName: '2026/2027', year: 2026, firstNo: 1, lastNo: 500 }],
});

/** An access token as the server signs it, as far as the app reads it (its session id). */
const access = (sid: string, n: number) =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sid, sub: 'u', typ: 'access' })).replace(/=+$/, '')}.sig${n}`;

type Server = { validAccess: string; refreshes: string[]; synced: string[]; sessionOver: boolean };

/** The API as the worker meets it: sync needs the valid access token; refresh rotates once. */
function fakeServer(server: Server) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (url === '/api/auth/refresh-token') {
      const { refresh } = JSON.parse(String(init?.body)) as { refresh: string };
      server.refreshes.push(refresh);
      if (server.sessionOver || refresh !== 'R1') return json(401, { message: 'Sign in again' });
      server.validAccess = access('s1', 2);
      return json(200, { access: server.validAccess, refresh_token: 'R2' });
    }
    const auth = new Headers(init?.headers).get('Authorization');
    if (auth !== `Bearer ${server.validAccess}`) return json(401, { message: 'Token expired' });
    const body = JSON.parse(String(init?.body)) as SyncBody;
    server.synced.push(...body.receipts.map((r) => r.clientId));
    const results = body.receipts.map((r) => ({
      clientId: r.clientId,
      receiptNo: r.receiptNo,
      outcome: 'stored' as const,
      reasonCode: null,
      reason: null,
      collectionId: null,
    }));
    return json(200, { data: { results, device } });
  });
}

async function deviceWithOneReceipt(): Promise<string> {
  const db = await openOfflineDb();
  await saveDevice(db, { device, clerkId: 'clerk' });
  const receipt = await saveReceipt(
    db,
    {
      clientId: ulid(),
      seasonId: SEASON,
      seasonCropId: SEASON,
      farmerId: SEASON,
      farmerNo: 'MKW01-00001',
      gradeId: SEASON,
      collectedOn: '2026-11-28',
      bags: 2,
      grossKg: '162.500',
      tareKg: '2.500',
      netKg: '160.000',
      moisture: '8.50',
      capturedAt: new Date().toISOString(),
    },
    receiptPrint,
  );
  db.close();
  return receipt.clientId;
}

async function waiting(): Promise<number> {
  const db = await openOfflineDb();
  try {
    return await countWaiting(db);
  } finally {
    db.close();
  }
}

let server: Server;
beforeEach(() => {
  server = { validAccess: access('s1', 1), refreshes: [], synced: [], sessionOver: false };
  vi.stubGlobal('fetch', fakeServer(server));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  indexedDB.deleteDatabase(OFFLINE_DB);
});

describe('the Background Sync of the outbox (service worker)', () => {
  it('sends the waiting receipt with the session the page handed over, once', async () => {
    const clientId = await deviceWithOneReceipt();
    await writeHandoff({ access: access('s1', 1), refresh: 'R1' });
    expect(await syncOutboxFromWorker()).toBe(1);
    expect(server.synced).toEqual([clientId]);
    expect(await waiting()).toBe(0);
    // A second sync event (or the page's sync after it) has nothing left to send.
    expect(await syncOutboxFromWorker()).toBe(0);
    expect(server.synced).toEqual([clientId]);
    expect(server.refreshes).toEqual([]);
  });

  it('renews an expired session once and keeps the new pair for the page', async () => {
    const clientId = await deviceWithOneReceipt();
    server.validAccess = 'not yet';
    await writeHandoff({ access: access('s1', 1), refresh: 'R1' });
    expect(await syncOutboxFromWorker()).toBe(1);
    expect(server.refreshes).toEqual(['R1']);
    expect(server.synced).toEqual([clientId]);
    const kept = await readHandoff();
    expect(kept).toEqual({ access: access('s1', 2), refresh: 'R2' });
    // The page, still holding R1, takes the worker's pair instead of presenting R1 again.
    expect(newerInHandoff({ access: access('s1', 1), refresh: 'R1' }, kept)).toEqual(kept);
  });

  it('keeps the receipt waiting when the session is over, and tells the browser nothing to retry', async () => {
    await deviceWithOneReceipt();
    server.validAccess = 'not yet';
    server.sessionOver = true;
    await writeHandoff({ access: access('s1', 1), refresh: 'R1' });
    expect(await syncOutboxFromWorker()).toBe(0);
    expect(server.synced).toEqual([]);
    expect(await waiting()).toBe(1);
  });

  it('throws with no network (the browser fires the sync again later); the receipt waits', async () => {
    await deviceWithOneReceipt();
    await writeHandoff({ access: access('s1', 1), refresh: 'R1' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(syncOutboxFromWorker()).rejects.toThrow('No network');
    expect(await waiting()).toBe(1);
  });
});

describe('which session the page and the worker use (token handoff)', () => {
  it('the kept pair wins only when it is the same session renewed', () => {
    const page = { access: access('s1', 1), refresh: 'R1' };
    expect(newerInHandoff(page, { access: access('s1', 2), refresh: 'R2' })?.refresh).toBe('R2');
    expect(newerInHandoff(page, page)).toBeNull();
    // Another session kept (the clerk signed in again since): the page's own is the newer.
    expect(newerInHandoff(page, { access: access('s0', 9), refresh: 'R0' })).toBeNull();
    expect(newerInHandoff(null, page)).toBeNull();
    expect(newerInHandoff(page, null)).toBeNull();
  });
});
