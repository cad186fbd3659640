import { handTokensToWorker } from '../../../lib/api.ts';
import { OUTBOX_SYNC_TAG } from './offline-sync.ts';

/** The part of a service worker registration that Background Sync adds (Chromium browsers only). */
type WithSync = ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } };

/**
 * Asks the browser for a Background Sync of the outbox (#29): where it has one (Chrome, Edge,
 * Android), the app's service worker sends the waiting receipts when the network returns even if
 * the clerk closed the tab; the worker gets the session first (lib/token-handoff.ts). Where it has
 * none (Firefox, Safari), or no worker controls the app, nothing happens here and the page's own
 * sync (on opening, on the network's return, Sync now) stays the way. Answers whether it asked.
 */
export async function askBackgroundSync(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  const registration = (await navigator.serviceWorker.getRegistration().catch(() => undefined)) as
    | WithSync
    | undefined;
  if (!registration?.active || !registration.sync) return false;
  try {
    await handTokensToWorker();
    await registration.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}
