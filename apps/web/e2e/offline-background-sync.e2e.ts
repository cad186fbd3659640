import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashewSeasonCrop, createFarmer, type Farmer, phone } from './crop-flow-fixtures.ts';
import { clerkCollections, offlinePhone } from './offline-fixtures.ts';
import {
  adminToken,
  baseUrl,
  createAmcos,
  createUser,
  launchBrowser,
  signInThroughBrowser,
} from './support.ts';

/**
 * Background Sync of a weighing device's outbox (#29): a clerk weighs with no network and closes
 * the app; when the network returns, the app's service worker sends the receipt without the app
 * being opened again, and the server stores it once. The session the worker used had expired (its
 * access token is spoiled here, as 15 minutes offline would leave it): the worker renews it, and the
 * app opened afterwards takes up the renewed session instead of presenting the old refresh token
 * again (which would end the session). Headless Chromium does not fire `sync` by itself when the
 * emulated network returns (it follows the machine's real network, which never went), so the test
 * fires it as the browser would, through the DevTools protocol (ServiceWorker.dispatchSyncEvent),
 * from a blank tab that runs none of the app. Its own society, farmer, clerk and device.
 */

const TAG = 'ushirika-outbox';
let browser: Browser;
let context: BrowserContext;
let clerk: { email: string; password: string };
let farmer: Farmer;

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  await cashewSeasonCrop(token);
  const society = await createAmcos(token, 'Mwanzo AMCOS');
  farmer = await createFarmer(token, {
    amcosId: society.id,
    firstName: 'Zawadi',
    lastName: 'Mizani',
    phone: phone(),
  });
  clerk = await createUser(token, 'AMCOS Clerk', society.id);
  context = await offlinePhone(browser);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function societyReceipts(): Promise<string[]> {
  return (await clerkCollections(clerk)).map((c) => c.receiptNo);
}

/** An access token of the same session whose signature the server refuses (as an expired one). */
function spoilAccessTokens(page: Page) {
  return page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const spoil = (token: string) => `${token.split('.').slice(0, 2).join('.')}.spoiled`;
        const own = window.localStorage.getItem('access_token') ?? '';
        window.localStorage.setItem('access_token', spoil(own));
        const open = indexedDB.open('ushirika-handoff');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('tokens', 'readwrite');
          const store = tx.objectStore('tokens');
          const kept = store.get('session');
          kept.onsuccess = () => {
            const pair = kept.result as { access: string; refresh: string };
            store.put({ ...pair, access: spoil(pair.access) }, 'session');
          };
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

/** Fires the service worker's Background Sync as the browser does when the network returns. */
async function fireBackgroundSync(): Promise<void> {
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const origin = new URL(baseUrl()).origin;
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin,
    registrationId: await registrationId,
    tag: TAG,
    lastChance: false,
  });
  await cdp.detach();
  await blank.close();
}

describe('Background Sync of the weighing device (#29)', () => {
  it('sends a receipt weighed offline after the app was closed, once, renewing the session', async () => {
    let page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signInThroughBrowser(page, clerk.email, clerk.password);
    await page.goto('/collections/offline-weighing');
    await page.getByTestId('device-label').fill('Mizani ya mlango');
    await page.getByTestId('device-register').click();
    await page.getByTestId('offline-weigh-form').waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 60_000,
    });

    // No network: one farmer weighed, the receipt kept on the phone, a Background Sync asked for.
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('offline-online').textContent()).toBe('Offline');
    await page.getByTestId('offline-farmer').click();
    await page.keyboard.type(farmer.farmerNo);
    for (const typed of ['', '', '3', '241.5', '3.5', '8.5']) {
      if (typed) await page.keyboard.type(typed);
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => page.getByTestId('offline-waiting').textContent()).toBe('1 receipt waiting');
    const receiptNo = (await page.getByTestId('offline-receipt-no').textContent())?.trim() ?? '';
    expect(receiptNo).toMatch(/-D01-\d{4}-000001$/);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
            sync: { getTags: () => Promise<string[]> };
          };
          return registration.sync.getTags();
        }),
      )
      .toContain(TAG);

    // Offline long enough for the session's access token to expire; then the clerk closes the app.
    await spoilAccessTokens(page);
    await page.close();
    expect(await societyReceipts()).toEqual([]);

    // The network returns with no page of the app open: the service worker sends the receipt.
    await context.setOffline(false);
    expect(context.pages()).toEqual([]);
    await fireBackgroundSync();
    await expect.poll(() => societyReceipts(), { timeout: 30_000 }).toEqual([receiptNo]);
    // Fired again (the browser retries, another event): nothing is sent twice.
    await fireBackgroundSync();
    expect(await societyReceipts()).toEqual([receiptNo]);

    // The app opened again: the receipt is no longer waiting, and the clerk is still signed in on
    // the session the worker renewed (presenting the old refresh token would have ended it).
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto('/collections/offline-weighing');
    await page.getByTestId('offline-weigh-form').waitFor();
    await expect.poll(() => page.getByTestId('offline-waiting').textContent()).toBe('0 receipts waiting');
    await expect.poll(() => page.getByTestId('offline-online').textContent()).toBe('Online');
    // The sync the page ran as it opened may still be on its first try, with the access token
    // spoilt above (401, then renewed and sent again): the sync that counts is the one answered.
    const synced = page.waitForResponse(
      (r) => r.url().endsWith('/sync') && r.request().method() === 'POST' && r.status() !== 401,
    );
    await page.getByTestId('offline-sync').click();
    expect((await synced).status()).toBe(200);
    expect(await page.getByTestId('offline-problem').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/collections/offline-weighing');
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).not.toMatch(/\.spoiled$/);
    expect(await societyReceipts()).toEqual([receiptNo]);
    await page.close();
  });
});
