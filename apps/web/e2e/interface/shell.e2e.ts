import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, createAmcos, createUser, launchBrowser, signedIn } from '../support.ts';

let browser: Browser;
let union: { email: string; password: string };
let amcosUser: { email: string; password: string };
let society: { id: string; name: string };
beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  society = await createAmcos(token, 'Mnazi Mmoja AMCOS');
  union = await createUser(token, 'Accountant');
  amcosUser = await createUser(token, 'AMCOS Clerk', society.id);
});
afterAll(() => browser.close());

/** A page signed in as the user, on the home screen. */
async function atHome(user: { email: string; password: string }): Promise<Page> {
  const page = await signedIn(browser, user);
  await page.goto('/home');
  await page.getByTestId('welcome-card').waitFor();
  return page;
}

const nav = (page: Page) => page.getByRole('navigation', { name: /Main navigation|Menyu kuu/ });

async function topLevelLabels(page: Page): Promise<string[]> {
  const texts = await nav(page).locator('[data-testid^="nav-"]').allInnerTexts();
  return texts.map((s) => s.trim()).filter(Boolean);
}

describe('the app shell', () => {
  it('a union user sees the full union menu and "Union" under the logo', async () => {
    const page = await atHome(union);
    expect(await page.getByTestId('audience-label').innerText()).toBe('Union');
    const labels = await topLevelLabels(page);
    for (const label of [
      'Dashboard',
      'Accounts',
      'Purchase',
      'Collections',
      'Inventory',
      'AMCOS',
      'Settings',
      'Reports',
    ]) {
      expect(labels).toContain(label);
    }
    expect(labels).not.toContain('Farmers');
    await page.context().close();
  });

  it('an AMCOS user sees the reduced menu, with AMCOS details linking to their own society', async () => {
    const page = await atHome(amcosUser);
    expect(await page.getByTestId('audience-label').innerText()).toBe('AMCOS');
    const labels = await topLevelLabels(page);
    for (const label of ['Dashboard', 'Collections', 'AMCOS details', 'Farmers', 'Inventories', 'Reports']) {
      expect(labels).toContain(label);
    }
    for (const label of ['Accounts', 'Purchase', 'Settings']) expect(labels).not.toContain(label);
    const details = nav(page).getByRole('link', { name: 'AMCOS details' });
    expect(await details.getAttribute('href')).toContain(society.id);
    await page.context().close();
  });

  it('an AMCOS user gets 403 from a union-only endpoint and a no-access page for the users screen', async () => {
    const page = await atHome(amcosUser);
    const token = await page.evaluate(() => window.localStorage.getItem('access_token'));
    const reply = await api<{ message: string }>('GET', '/users', undefined, token ?? '');
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe('This is for union staff only');
    await page.goto('/users/all');
    await page.getByTestId('no-access').waitFor();
    await page.context().close();
  });

  it('switching to Swahili changes the menu, and the choice is remembered', async () => {
    const page = await atHome(union);
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-sw').click();
    await nav(page).getByText('Dashibodi').waitFor();
    const labels = await topLevelLabels(page);
    expect(labels).toEqual(
      expect.arrayContaining(['Dashibodi', 'Akaunti', 'Ununuzi', 'Mipangilio', 'Ripoti']),
    );
    await page.reload();
    await nav(page).getByText('Dashibodi').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('i18n_locale'))).toBe('sw');
    await page.context().close();
  });

  it('dark theme applies to the page', async () => {
    const page = await atHome(union);
    await page.getByTestId('theme-switch').click();
    await page.getByTestId('theme-option-dark').click();
    expect(
      await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')),
    ).toBe('dark');
    await page.context().close();
  });

  it('every SPEC route opens inside the shell: a built screen or an honest "not available yet"', async () => {
    const page = await atHome(union);
    for (const path of [
      '/purchase/orders/list',
      '/inventory/stores',
      '/reports/auction/auction-price',
      '/collections/loans',
    ]) {
      await page.goto(path);
      await page
        .locator('[data-testid="not-available"], [data-testid="no-access"], main h1, main h2')
        .first()
        .waitFor();
      expect(await page.getByTestId('error-not_found').count()).toBe(0);
    }
    await page.goto('/no-such-page');
    await page.getByTestId('error-not_found').waitFor();
    await page.context().close();
  });
});
