import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type Farmer, typeEach } from './crop-flow-fixtures.ts';
import { api, apiSignIn, contextOptions, E2E_PASSWORD, type Listed } from './support.ts';

/**
 * What the offline weighing browser specs (#29) share: a phone that lets the app's service worker
 * in, the device's form filled from the keyboard, and the device's outbox read from its IndexedDB.
 */

/** A phone with the app's service worker allowed (the other files block it). */
export function offlinePhone(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    ...contextOptions(),
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
  });
}

/** One farmer at the scale on the device's form, keyboard only, as online; the last Enter saves. */
export async function weighOffline(page: Page, farmer: Farmer, bags: string, gross: string, tare: string) {
  await page.getByTestId('offline-farmer').click();
  await page.keyboard.type(farmer.farmerNo);
  await page.keyboard.press('Enter'); // picks the only match -> grade
  await page.keyboard.press('Enter'); // grade stays -> bags
  await typeEach(page, [bags, gross, tare, '8.5']);
}

/** The device's registration and whole outbox (each receipt's body), read from its IndexedDB. */
export function deviceOutbox<Body>(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ deviceId: string; receipts: Body[] }>((resolve, reject) => {
        const open = indexedDB.open('ushirika-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['meta', 'receipts'], 'readonly');
          const device = tx.objectStore('meta').get('device');
          const receipts = tx.objectStore('receipts').getAll();
          tx.oncomplete = () =>
            resolve({
              deviceId: (device.result as { device: { id: string } }).device.id,
              receipts: (receipts.result as { body: Body }[]).map((r) => r.body),
            });
        };
      }),
  );
}

export type ClerkCollection = { receiptNo: string; netKg: string; farmerNo?: string };

/** The society's collections as the server holds them (the clerk's own list, the first 100). */
export async function clerkCollections(clerk: { email: string }): Promise<ClerkCollection[]> {
  const clerkToken = await apiSignIn(clerk.email, E2E_PASSWORD);
  const r = await api<Listed<ClerkCollection>>(
    'GET',
    '/collections/receipts?per_page=100',
    undefined,
    clerkToken,
  );
  expect(r.status).toBe(200);
  return r.body.data;
}
