import { readHandoff, renewKeptPair } from '../../../lib/token-handoff.ts';
import { countWaiting, openOfflineDb, readDevice } from './offline-store.ts';
import { type Credentials, httpSend, OfflineCallError, syncQueue, withOutboxLock } from './offline-sync.ts';

/** The worker's way to the server: the session the page handed over, renewed when it expired. */
const workerCredentials: Credentials = {
  token: async () => (await readHandoff())?.access ?? null,
  refresh: renewKeptPair,
};

/**
 * The Background Sync of the outbox (#29), in the service worker: the same queue, the same sync
 * and the same outbox lock as the page, so a receipt waiting when the clerk closed the tab is sent
 * once the network returns, exactly once (the page's sync and this one never run together, and
 * the server keeps a receipt once by its ULID). No network yet: it throws, and the browser tries
 * again later. The session over (signed out, expired) or the server refusing: the receipts stay
 * waiting, for the page's sync after the next sign-in; nothing is lost. Answers how many receipts
 * the server answered for.
 */
export async function syncOutboxFromWorker(): Promise<number> {
  const db = await openOfflineDb();
  try {
    return await withOutboxLock(async () => {
      const meta = await readDevice(db);
      if (!meta || (await countWaiting(db)) === 0) return 0;
      return syncQueue(db, httpSend(workerCredentials, meta.device.id));
    });
  } catch (error) {
    if (error instanceof OfflineCallError && error.kind !== 'offline') return 0;
    throw error;
  } finally {
    db.close();
  }
}
