import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  api,
  apiSignIn,
  contextOptions,
  createAmcos,
  createUser,
  launchBrowser,
  signInThroughBrowser,
} from './support.ts';

/**
 * The society's weighing limits (#29): the AMCOS manager reaches them from the sidebar (Collection,
 * then the section's Weighing limits tab) on a phone, sets kg per bag and net kg per receipt, and a
 * zero limit is refused on the field; the clerk reads them in Swahili and has no form; the API then
 * holds what was typed and the device's pack carries it. Its own society and users.
 */

let browser: Browser;
let society: { id: string; name: string };
let manager: { email: string; password: string };
let clerk: { email: string; password: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  society = await createAmcos(token, 'Mizani Limits AMCOS');
  manager = await createUser(token, 'AMCOS Manager', society.id);
  clerk = await createUser(token, 'AMCOS Clerk', society.id);
});
afterAll(async () => {
  await browser?.close();
});

async function phone(user: { email: string; password: string }, locale: 'en' | 'sw'): Promise<Page> {
  const context = await browser.newContext({
    ...contextOptions(),
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await signInThroughBrowser(page, user.email, user.password);
  // The reader's language, chosen after signing in (the sign-in helper reads English labels).
  await page.evaluate((l) => window.localStorage.setItem('i18n_locale', l), locale);
  return page;
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('weighing limits (#29)', () => {
  it('the manager sets them from the sidebar on a phone; a zero limit is refused', async () => {
    const page = await phone(manager, 'en');
    await page.goto('/home');
    await page.getByTestId('navbar-toggle').click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByTestId('nav-group-collections').click();
    await nav.getByTestId('nav-collections-receips').click();
    await page.waitForURL(/\/collections\/receips\/list/);
    await page.getByTestId('tab-weighing_limits').click();
    await page.waitForURL(/\/collections\/weighing-limits/);

    const current = page.getByTestId('weighing-limits-current');
    await expect.poll(() => current.textContent()).toContain('No limit');
    const form = page.getByTestId('weighing-limits-form');
    await form.getByLabel('Most kg per bag').fill('0');
    await form.getByLabel('Most net kg per receipt').fill('1500');
    await page.getByTestId('weighing-limits-save').click();
    await form.getByText('A limit must be more than 0 kg').waitFor();
    const unchanged = await api<{ data: unknown }>(
      'GET',
      '/collections/weighing-limits',
      undefined,
      await apiSignIn(manager.email, manager.password),
    );
    expect(unchanged.body.data).toEqual({ maxKgPerBag: null, maxNetKg: null });

    await form.getByLabel('Most kg per bag').fill('85.5');
    await page.getByTestId('weighing-limits-save').click();
    await page.getByText('Weighing limits saved successfully').waitFor();
    await expect.poll(() => current.textContent()).toContain('85.500 kg');
    expect(await current.textContent()).toContain('1,500.000 kg');
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);

    // What the devices get at their next sync.
    const clerkToken = await apiSignIn(clerk.email, clerk.password);
    const pack = await api<{ data: { limits: unknown } }>(
      'GET',
      '/collections/device-pack',
      undefined,
      clerkToken,
    );
    expect(pack.body.data.limits).toEqual({ maxKgPerBag: '85.500', maxNetKg: '1500.000' });
    await page.context().close();
  });

  it('the clerk reads them in Swahili, with no form', async () => {
    const page = await phone(clerk, 'sw');
    await page.goto('/collections/weighing-limits');
    const current = page.getByTestId('weighing-limits-current');
    await expect.poll(() => current.textContent()).toContain('Kg za juu kwa gunia');
    expect(await current.textContent()).toContain('85.500 kg');
    expect(await page.getByTestId('weighing-limits-form').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Viwango vya upimaji' }).count()).toBeGreaterThan(0);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await page.context().close();
  });
});
