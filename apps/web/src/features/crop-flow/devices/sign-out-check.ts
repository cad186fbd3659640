import { clearSocietyData, countWaiting, OFFLINE_DB, openOfflineDb } from './offline-store.ts';

/**
 * What sign-out must know of this browser's weighing device (#29): null when it was never a
 * device (nothing to ask), else how many receipts wait to sync. The device's database is only
 * opened when it exists, so signing out never creates one.
 */
export async function deviceWaitingCount(): Promise<number | null> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return null;
  const known = await indexedDB.databases().catch(() => []);
  if (!known.some((d) => d.name === OFFLINE_DB)) return null;
  const db = await openOfflineDb();
  try {
    return await countWaiting(db);
  } finally {
    db.close();
  }
}

/**
 * Sign-out's clearing on a device, once the clerk confirmed: the society's farmers and season data
 * leave it; the registration, the numbers and every receipt (waiting ones above all) stay, and
 * sync when a clerk of the society signs in here again.
 */
export async function clearDeviceOnSignOut(): Promise<void> {
  const db = await openOfflineDb();
  try {
    await clearSocietyData(db);
  } finally {
    db.close();
  }
}
