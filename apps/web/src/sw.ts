/// <reference lib="webworker" />
import { BUYING_POST_PATH } from '@ushirika/contracts';
import { cleanupOutdatedCaches, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { OUTBOX_SYNC_TAG } from './features/crop-flow/devices/offline-sync.ts';
import { syncOutboxFromWorker } from './features/crop-flow/devices/worker-sync.ts';

/**
 * The service worker of the installable app (#29), built by vite-plugin-pwa (injectManifest) with
 * Workbox: the app's built files (scripts, styles, fonts, icons, the language chunks) are
 * precached by content hash, so a clerk who opened the app once online opens the buying-post
 * screen with no network. The pages themselves are not precached: the server writes a fresh CSP
 * style nonce into every copy, so a navigation goes to the network first and the last copy the
 * server sent is kept only as the offline fallback (served with its own CSP header, whose nonce it
 * matches). Two pages are kept: the office's (every office address) and the installed app's own at
 * its start address (device.html). Nothing under /api is touched: API answers are never cached.
 *
 * Background Sync: a weighing device's waiting receipts are sent from here when the network
 * returns, even with the tab closed (features/crop-flow/devices/worker-sync.ts; the page asks for
 * the sync while receipts wait). Not through workbox-background-sync: its queue replays stored
 * requests with the headers they had, while the outbox is the device's own IndexedDB queue, read by
 * the page's sync too, and the session may need renewing before it is sent.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };
/** The event Background Sync fires (Chromium browsers; not in TypeScript's worker types). */
type SyncEvent = ExtendableEvent & { tag: string; lastChance: boolean };

const SHELL_CACHE = 'ushirika-app-shell';
/** Where each page's last copy is kept: the installed app's start address has a page of its own. */
const shellKey = (pathname: string) =>
  pathname === BUYING_POST_PATH ? '/__buying-post-shell' : '/__app-shell';
/** A weak network that has not answered a page in this long gets the kept page instead. */
const SLOW_PAGE_MS = 4_000;

// The manifest is never precached (vite-plugin-pwa always lists it): the server writes the
// union's own name into it, so the browser reads it from the network when it installs the app.
precacheAndRoute(
  self.__WB_MANIFEST.filter(
    (entry) => !(typeof entry === 'string' ? entry : entry.url).endsWith('.webmanifest'),
  ),
);
cleanupOutdatedCaches();

async function keepShell(key: string, response: Response): Promise<void> {
  if (!response.ok || !response.headers.get('content-type')?.includes('text/html')) return;
  const cache = await caches.open(SHELL_CACHE);
  await cache.put(key, response);
}

const keptShell = async (key: string) => (await caches.open(SHELL_CACHE)).match(key);

self.addEventListener('install', (event) => {
  // The page that registered this worker was loaded before it: keep a copy of both pages now, for
  // the first offline opening.
  event.waitUntil(
    Promise.all(
      ['/', BUYING_POST_PATH].map((path) =>
        fetch(path, { cache: 'no-store' }).then((response) => keepShell(shellKey(path), response)),
      ),
    ),
  );
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

registerRoute(
  new NavigationRoute(
    async ({ request, url, event }) => {
      const key = shellKey(url.pathname);
      const network = fetch(request).then((response) => {
        (event as FetchEvent).waitUntil(keepShell(key, response.clone()));
        return response;
      });
      const kept = await keptShell(key);
      if (!kept) return network;
      const slow = new Promise<Response>((resolve) => setTimeout(() => resolve(kept), SLOW_PAGE_MS));
      return Promise.race([network.catch(() => kept), slow]);
    },
    { denylist: [/^\/api(\/|$)/] },
  ),
);

self.addEventListener('sync', (event: Event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    syncOutboxFromWorker().then(async (answered) => {
      if (answered === 0) return;
      for (const client of await self.clients.matchAll({ type: 'window' }))
        client.postMessage({ type: OUTBOX_SYNC_TAG });
    }),
  );
});
