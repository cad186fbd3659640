import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashewSeasonCrop, createFarmer, type Farmer, phone } from './crop-flow-fixtures.ts';
import { clerkCollections, offlinePhone, weighOffline } from './offline-fixtures.ts';
import {
  adminToken,
  createAmcos,
  createUser,
  launchBrowser,
  newPage,
  signInThroughBrowser,
} from './support.ts';

/**
 * The installed buying-post app's own page (#29): the manifest's start page, /buying-post, is the
 * weighing device with no office menus. A clerk on a phone opens it, registers the device, loses
 * the network, opens it again from the service worker, weighs, reads it in Swahili and dark, is
 * warned at sign-out, and the receipt syncs once the network returns; the office is a click away.
 * Signed-out visitors go to the sign-in screen, union staff see that the device is a society's.
 */

let browser: Browser;
let context: BrowserContext;
let farmer: Farmer;
let clerk: { email: string; password: string };
let accountant: { email: string; password: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  await cashewSeasonCrop(token);
  const society = await createAmcos(token, 'Kituoni AMCOS');
  farmer = await createFarmer(token, {
    amcosId: society.id,
    firstName: 'Halima',
    lastName: 'Mizani',
    phone: phone(),
  });
  clerk = await createUser(token, 'AMCOS Clerk', society.id);
  accountant = await createUser(token, 'Accountant');
  context = await offlinePhone(browser);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const label = (page: Page) => page.getByTestId('audience-label').textContent();
const waiting = (page: Page) => page.getByTestId('offline-waiting').textContent();

describe('the buying-post app at its start page (#29)', () => {
  it('opens the device alone, offline from the service worker, in Swahili and dark, and syncs once', async () => {
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    // Not signed in: the sign-in screen.
    await page.goto('/buying-post');
    await page.waitForURL(/\/login$/);

    await signInThroughBrowser(page, clerk.email, clerk.password);
    await page.goto('/buying-post');
    await page.getByTestId('device-label').fill('Mizani ya kituo');
    await page.getByTestId('device-register').click();
    await page.getByTestId('offline-weigh-form').waitFor();
    expect(await label(page)).toBe('Buying post');
    expect(await page.title()).toBe('Buying post · Ushirika Sales Admin');
    // No office shell: no menu button, no sidebar.
    expect(await page.getByTestId('navbar-toggle').count()).toBe(0);
    const start = await page.evaluate(async () => {
      const href = document.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? '';
      return ((await (await fetch(href)).json()) as { start_url: string }).start_url;
    });
    expect(start).toBe('/buying-post');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 60_000,
    });

    // No network: the app opens again from the phone, as its own page, and weighs.
    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await page.getByTestId('offline-weigh-form').waitFor();
    expect(await label(page)).toBe('Buying post');
    await expect.poll(() => page.getByTestId('offline-online').textContent()).toBe('Offline');
    await weighOffline(page, farmer, '2', '140', '2');
    await expect.poll(() => waiting(page)).toBe('1 receipt waiting');
    const receiptNo = (await page.getByTestId('offline-receipt-no').textContent())?.trim() ?? '';
    expect(receiptNo).toMatch(/-D01-\d{4}-000001$/);

    // Swahili from the page's own switch (its texts come from the phone too), then dark.
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-sw').click();
    await expect.poll(() => label(page)).toBe('Kituo cha ununuzi');
    await expect.poll(() => waiting(page)).toBe('Stakabadhi 1 inasubiri');
    await page.getByTestId('theme-switch').click();
    await page.getByTestId('theme-option-dark').click();
    expect(
      await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')),
    ).toBe('dark');

    // Signing out warns that the receipt has not synced; the clerk stays.
    await page.getByTestId('sign-out').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Stakabadhi 1 bado haijatumwa', { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/buying-post');

    // The network returns: the receipt is stored once.
    await context.setOffline(false);
    await expect.poll(() => waiting(page), { timeout: 30_000 }).toBe('Stakabadhi 0 zinasubiri');
    expect((await clerkCollections(clerk)).map((c) => c.receiptNo)).toEqual([receiptNo]);

    // The office's screens are one click away.
    await page.getByTestId('office-link').click();
    await page.getByTestId('navbar-toggle').waitFor();
    await page.close();
  });

  it("shows union staff that a weighing device is a society's", async () => {
    const page = await newPage(browser);
    await signInThroughBrowser(page, accountant.email, accountant.password);
    await page.goto('/buying-post');
    await page.getByTestId('no-access').waitFor();
    expect(await page.getByTestId('offline-weigh-form').count()).toBe(0);
    await page.close();
  });
});
