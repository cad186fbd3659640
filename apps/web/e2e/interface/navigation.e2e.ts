import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createAmcos, createUser, launchBrowser, signedIn } from '../support.ts';
import { walk } from './link-walk.ts';

type Credentials = { email: string; password: string };
let browser: Browser;
const users: Record<string, Credentials> = {};
const WALKED_ROLES = ['Accountant', 'Crop Officer', 'Settlement Officer', 'AMCOS Clerk'] as const;

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  const society = await createAmcos(token, 'Link Walk AMCOS');
  for (const role of WALKED_ROLES) {
    users[role] = await createUser(token, role, role.startsWith('AMCOS') ? society.id : null);
  }
});
afterAll(() => browser.close());

/** The document title once the screen has set it (it follows the URL by one render). */
async function titleOf(page: Page, expected: string): Promise<string> {
  await page.waitForFunction((t) => document.title === t, expected).catch(() => undefined);
  return page.title();
}

async function home(role: string): Promise<Page> {
  const page = await signedIn(browser, users[role] as Credentials);
  await page.goto('/home');
  await page.getByTestId('welcome-card').waitFor();
  return page;
}

// The four walks run side by side: each mostly waits for its pages' network to go quiet.
describe.concurrent('every screen reachable from the sidebar by links alone (issue #20)', () => {
  for (const role of WALKED_ROLES) {
    it(`${role}: every screen they may open is one or two clicks from the sidebar`, async () => {
      const page = await home(role);
      const result = await walk(page);
      // Screens still showing "not available yet" are reported (reached, but not built).
      console.info(
        `${role}: ${result.reached.size} screens reached; not built yet: ${result.notAvailable.join(', ') || 'none'}`,
      );
      expect(result.unreached, `${role} cannot reach`).toEqual([]);
      expect(result.refused, `${role} is refused by a screen the route table lets them open`).toEqual([]);
      await page.context().close();
    }, 600_000);
  }
});

describe('where the user is', () => {
  it('breadcrumb, tabs, highlighted sidebar item and document title on a nested page', async () => {
    const page = await home('Accountant');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const crumbs = page.getByTestId('breadcrumb');
    /** The breadcrumb once the page it belongs to is shown, separators as " / ". */
    const trail = async (last: string) => {
      await crumbs.filter({ hasText: last }).waitFor();
      return (await crumbs.innerText()).replace(/\s*\n\s*/g, ' ');
    };
    await nav.getByTestId('nav-group-accounts').click();
    await nav.getByTestId('nav-accounts-collection').click();
    expect(await trail('Collection accounts')).toBe('Accounts / Collection accounts');
    expect(await titleOf(page, 'Collection accounts · Ushirika Sales Admin')).toBe(
      'Collection accounts · Ushirika Sales Admin',
    );
    await page.getByTestId('tab-journal_entries').click();
    expect(await trail('Journal entries')).toBe('Accounts / Journal entries');
    expect(await titleOf(page, 'Journal entries · Ushirika Sales Admin')).toBe(
      'Journal entries · Ushirika Sales Admin',
    );
    // The book chosen in the sidebar stays highlighted on the section's other screens.
    expect(await nav.locator('[aria-current="page"]').innerText()).toBe('Collections');

    await nav.getByTestId('nav-group-settings').click();
    await nav.getByTestId('nav-settings-season_crops').click();
    expect(await trail('Season crops')).toBe('Settings / Collections / Season crops');

    await nav.getByTestId('nav-group-inventory').click();
    await nav.getByTestId('nav-inventory-stores').click();
    expect(await titleOf(page, 'Stores · Ushirika Sales Admin')).toBe('Stores · Ushirika Sales Admin');
    await page.getByRole('heading', { level: 1, name: 'Stores' }).waitFor();
    await page.context().close();
  });

  it('the skip link is the first Tab stop and moves focus to the page content', async () => {
    const page = await home('Accountant');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    expect(focused).toBe('skip-link');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await page.context().close();
  });
});
