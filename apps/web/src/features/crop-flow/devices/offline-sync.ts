import {
  type DevicePack,
  devicePackReply,
  SYNC_BATCH,
  type SyncBody,
  type SyncResult,
  syncReply,
  type WeighingDevice,
} from '@ushirika/contracts';
import {
  applyResults,
  countWaiting,
  nextNumbers,
  type OfflineDb,
  readDevice,
  saveDevice,
  waitingReceipts,
} from './offline-store.ts';

/** One sync request and the server's answer (the HTTP call in the app, a model in the tests). */
export type SyncSend = (body: SyncBody) => Promise<{ results: SyncResult[]; device: WeighingDevice }>;

/**
 * Sends the queue (#29): the waiting receipts, oldest first, in batches; each answer takes the
 * receipts it answered for out of the queue, and the device's blocks as the server now has them.
 * A failure (no network, a lost reply, a session to renew) leaves the rest waiting: sending them
 * again is safe, the server keeps each receipt once by its ULID.
 */
export async function syncQueue(db: OfflineDb, send: SyncSend, batch = SYNC_BATCH): Promise<number> {
  let answered = 0;
  for (;;) {
    const receipts = await waitingReceipts(db, batch);
    const waiting = (await countWaiting(db)) - receipts.length;
    const reply = await send({
      waiting,
      nextNumbers: await nextNumbers(db),
      receipts: receipts.map((r) => r.body),
    });
    await applyResults(db, reply.results);
    const meta = await readDevice(db);
    if (meta) await saveDevice(db, { ...meta, device: reply.device });
    answered += reply.results.length;
    if (receipts.length < batch || reply.results.length === 0) return answered;
  }
}

/** The tag of the Background Sync that sends the outbox from the service worker. */
export const OUTBOX_SYNC_TAG = 'ushirika-outbox';

/**
 * Runs a sync of the outbox while holding this origin's one outbox lock (Web Locks, shared by the
 * pages and the service worker): the page's sync and the worker's never send at the same time, so
 * a receipt is never on its way from two paths at once (the server would still keep it once by its
 * ULID). Without Web Locks (old browsers, which have no Background Sync either) it just runs.
 */
export function withOutboxLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? locks.request(OUTBOX_SYNC_TAG, work) : work();
}

/** Why a call to the server did not go through. */
export class OfflineCallError extends Error {
  constructor(
    readonly kind: 'offline' | 'sign-in' | 'refused' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

/**
 * How the page or the service worker reaches the server: the access token, and a renewal when it
 * has expired (the worker reads both from the token handoff, lib/token-handoff.ts).
 */
export type Credentials = {
  token: () => string | null | Promise<string | null>;
  refresh: () => Promise<boolean>;
};

async function call(credentials: Credentials, path: string, init: RequestInit = {}): Promise<unknown> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const token = await credentials.token();
    let response: Response;
    try {
      response = await fetch(`/api/${path}`, {
        ...init,
        headers: {
          Accept: 'application/json',
          ...(init.body ? { 'Content-Type': 'application/json' } : {}),
          Authorization: `Bearer ${token ?? ''}`,
        },
      });
    } catch {
      throw new OfflineCallError('offline', 'No network');
    }
    if (response.ok) return response.json();
    // An expired session offline never stopped the weighing; online, it asks for a sign-in.
    if (response.status === 401 && attempt === 0 && (await credentials.refresh())) continue;
    const body = (await response.json().catch(() => ({}))) as { message?: unknown };
    const message = typeof body.message === 'string' ? body.message : `HTTP ${response.status}`;
    if (response.status === 401) throw new OfflineCallError('sign-in', message);
    if (response.status === 403) throw new OfflineCallError('refused', message);
    throw new OfflineCallError('failed', message);
  }
  throw new OfflineCallError('sign-in', 'Sign in again');
}

/** The sync request over HTTP, for one device. */
export const httpSend =
  (credentials: Credentials, deviceId: string): SyncSend =>
  async (body) =>
    syncReply.parse(
      await call(credentials, `collections/devices/${deviceId}/sync`, {
        method: 'POST',
        body: JSON.stringify(body),
      }),
    ).data;

/** The society's pack, fresh from the server. */
export async function fetchPack(credentials: Credentials): Promise<DevicePack> {
  return devicePackReply.parse(await call(credentials, 'collections/device-pack')).data;
}
