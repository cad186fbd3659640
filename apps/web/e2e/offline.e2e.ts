import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashewSeasonCrop, createFarmer, type Farmer, phone } from './crop-flow-fixtures.ts';
import { clerkCollections, deviceOutbox, offlinePhone, weighOffline } from './offline-fixtures.ts';
import {
  adminToken,
  api,
  apiSignIn,
  createAmcos,
  createUser,
  E2E_PASSWORD,
  launchBrowser,
  signInThroughBrowser,
} from './support.ts';

/**
 * The buying post without a network (#29): an AMCOS clerk on a phone opens the weighing device
 * screen once online (the app's service worker installs), loses the network, weighs, reloads the
 * app with no network (it comes from the service worker, in Swahili), weighs again, and when the
 * network returns the receipts sync by themselves: each is one collection, once, even when the
 * device sends its queue again. Signing out with receipts waiting warns first. Everything here is made by this file (its own society, farmers,
 * clerk and device), so it depends on no other file.
 */

let browser: Browser;
let context: BrowserContext;
let token = '';
let society: { id: string; name: string };
let clerk: { email: string; password: string };
const farmers: Farmer[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  await cashewSeasonCrop(token);
  society = await createAmcos(token, 'Kijiweni AMCOS');
  for (const firstName of ['Rehema', 'Juma'])
    farmers.push(
      await createFarmer(token, { amcosId: society.id, firstName, lastName: 'Mizani', phone: phone() }),
    );
  clerk = await createUser(token, 'AMCOS Clerk', society.id);
  // A phone, with the app's service worker allowed (the other files block it).
  context = await offlinePhone(browser);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const waitingBadge = (page: Page) => page.getByTestId('offline-waiting');

describe('weighing at a buying post with no network (#29)', () => {
  it('weighs offline, opens again from the service worker in Swahili, and syncs each receipt once', async () => {
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signInThroughBrowser(page, clerk.email, clerk.password);
    await page.goto('/collections/offline-weighing');

    // Registering the phone once, online: its code, numbers and the society's farmers.
    await page.getByTestId('device-label').fill('Mizani ya kwanza');
    await page.getByTestId('device-register').click();
    await page.getByTestId('offline-weigh-form').waitFor();
    await expect.poll(() => page.getByTestId('offline-online').textContent()).toBe('Online');

    // The service worker installed (the app's files precached) and controls the page.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 60_000,
    });

    // The network goes.
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('offline-online').textContent()).toBe('Offline');
    const [rehema, juma] = farmers;
    if (!rehema || !juma) throw new Error('no farmers');
    await weighOffline(page, rehema, '2', '162.5', '2.5');
    await expect.poll(() => waitingBadge(page).textContent()).toBe('1 receipt waiting');
    const firstNo = (await page.getByTestId('offline-receipt-no').textContent())?.trim() ?? '';
    expect(firstNo).toMatch(/^E[0-9A-F]{6}-D01-\d{4}-000001$/);

    // Still with no network, the clerk reads Swahili and the app is opened again: it comes from
    // the service worker, with the receipt still waiting on the device.
    await page.evaluate(() => window.localStorage.setItem('i18n_locale', 'sw'));
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await page.getByTestId('offline-weigh-form').waitFor();
    expect(new URL(page.url()).pathname).toBe('/collections/offline-weighing');
    await expect.poll(() => page.getByTestId('offline-online').textContent()).toBe('Nje ya mtandao');
    await expect.poll(() => waitingBadge(page).textContent()).toBe('Stakabadhi 1 inasubiri');
    await weighOffline(page, juma, '1', '81', '1');
    await expect.poll(() => waitingBadge(page).textContent()).toBe('Stakabadhi 2 zinasubiri');
    expect(await clerkCollections(clerk)).toEqual([]);
    // Signing out now warns that two receipts have not synced; the clerk stays.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Stakabadhi 2 bado hazijatumwa', { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/collections/offline-weighing');

    // The network returns: the device syncs by itself, and both receipts are stored.
    await context.setOffline(false);
    await expect
      .poll(() => waitingBadge(page).textContent(), { timeout: 30_000 })
      .toBe('Stakabadhi 0 zinasubiri');
    const stored = await clerkCollections(clerk);
    expect(stored.map((c) => c.receiptNo).sort()).toEqual([firstNo, firstNo.replace(/000001$/, '000002')]);

    // The device's whole outbox sent again (a lost reply, a second tab): nothing is stored twice.
    const outbox = await deviceOutbox<unknown>(page);
    expect(outbox.receipts).toHaveLength(2);
    const clerkToken = await apiSignIn(clerk.email, E2E_PASSWORD);
    const replay = await api<{ data: { results: { outcome: string }[] } }>(
      'POST',
      `/collections/devices/${outbox.deviceId}/sync`,
      { waiting: 0, receipts: outbox.receipts },
      clerkToken,
    );
    expect(replay.status).toBe(200);
    expect(replay.body.data.results.map((r) => r.outcome)).toEqual(['already_stored', 'already_stored']);
    const again = await clerkCollections(clerk);
    expect(again.map((c) => c.receiptNo).sort()).toEqual(stored.map((c) => c.receiptNo).sort());
    // The service worker keeps the app's files and the last page, never an API answer.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached.length).toBeGreaterThan(10);
    expect(cached.filter((u) => u.startsWith('/api'))).toEqual([]);
    // The installed app carries the union's own name, from its profile (so never precached).
    expect(cached.filter((u) => u.endsWith('.webmanifest'))).toEqual([]);
    const union = await api<{ data: { name: string } }>('GET', '/cooperative/union', undefined, token);
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? '';
      return (await fetch(href)).json() as Promise<{ name: string; short_name: string }>;
    });
    expect(manifest.name).toBe(`${union.body.data.name}: buying post`);
    expect(manifest.short_name.length).toBeGreaterThan(0);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    await page.close();
  });
});
