import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClerkRecords, clerkRecords } from '../inputs-fixtures.ts';
import {
  adminToken,
  contextOptions,
  createAmcos,
  createUser,
  launchBrowser,
  signInThroughBrowser,
} from '../support.ts';
import { openWithData, screensToReach, viewerOf } from './link-walk.ts';

/**
 * The AMCOS clerk's and the AMCOS manager's screens on a phone (issues #20, #27; 390 x 844): every screen the route table lets
 * the clerk open (those the link walk must reach from the sidebar) and the forms and details pages
 * their lists open. On each: the page does not scroll sideways (a table may scroll inside its own
 * container), the page's buttons and links lie within the screen, and the sidebar opens from the
 * burger and closes again.
 */

const PHONE = { width: 390, height: 844 };

let browser: Browser;
let clerk: { email: string; password: string };
let manager: { email: string; password: string };
let records: ClerkRecords;
beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  const society = await createAmcos(token, 'Simu AMCOS');
  clerk = await createUser(token, 'AMCOS Clerk', society.id);
  manager = await createUser(token, 'AMCOS Manager', society.id);
  records = await clerkRecords(token, society, clerk);
}, 180_000);
afterAll(() => browser.close());

async function phonePage(user = clerk): Promise<Page> {
  const context = await browser.newContext({
    ...contextOptions(),
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signInThroughBrowser(page, user.email, user.password);
  return page;
}

/**
 * What is wrong with the layout as shown: the page wider than the screen (with the widest
 * elements sticking out), or a button or link of the page outside the screen. Elements inside a
 * container that scrolls sideways on its own (a table's) are left out.
 */
async function layoutFaults(page: Page): Promise<string[]> {
  // The phone's width, not innerWidth: a mobile browser widens its layout viewport to fit a page
  // that is too wide (and zooms out), so innerWidth grows with the fault it should show.
  return page.evaluate((width) => {
    const faults: string[] = [];
    const describe = (el: Element) => {
      const id = el.getAttribute('data-testid');
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id ? ` data-testid="${id}"` : ''}${el.className && typeof el.className === 'string' ? ` class="${el.className.slice(0, 60)}"` : ''}> "${text}"`;
    };
    /** Inside an element that scrolls sideways by itself (or clips what overflows it). */
    const scrolledInside = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const overflowX = getComputedStyle(p).overflowX;
        if (overflowX !== 'visible' && p.scrollWidth > p.clientWidth + 1) return true;
      }
      return false;
    };
    const scrolling = document.scrollingElement ?? document.documentElement;
    if (scrolling.scrollWidth > width + 1) {
      faults.push(`the page is ${scrolling.scrollWidth} px wide on a ${width} px screen`);
      const wide = [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > width + 1 && !scrolledInside(el))
        .filter((el) => el.parentElement && el.parentElement.getBoundingClientRect().right <= width + 1);
      for (const el of wide.slice(0, 5))
        faults.push(`  sticks out to ${Math.round(el.getBoundingClientRect().right)} px: ${describe(el)}`);
    }
    const main = document.getElementById('main-content');
    for (const el of main?.querySelectorAll('button, a[href], [role="button"]') ?? []) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (scrolledInside(el)) continue;
      if (box.left < -1 || box.right > width + 1)
        faults.push(`off screen (${Math.round(box.left)}..${Math.round(box.right)} px): ${describe(el)}`);
    }
    return faults;
  }, PHONE.width);
}

/** Where the sidebar lies now, or null when it is not shown. */
function sidebarBox(page: Page) {
  return page.evaluate(() => {
    const nav = document.querySelector('nav[aria-label="Main navigation"]');
    if (!nav) return null;
    const box = nav.getBoundingClientRect();
    const style = getComputedStyle(nav);
    if (box.width === 0 || style.visibility === 'hidden' || style.display === 'none') return null;
    return { left: box.left, right: box.right };
  });
}

/** The sidebar opens from the burger, within the screen, and closes again. */
async function sidebarFaults(page: Page): Promise<string[]> {
  const burger = page.getByTestId('navbar-toggle');
  if (!(await burger.isVisible())) return ['no burger in the header'];
  const onScreen = async () => {
    const box = await sidebarBox(page);
    return box !== null && box.left >= -1 && box.right <= PHONE.width + 1;
  };
  if (await onScreen()) return ['the sidebar covers the page before the burger is pressed'];
  await burger.click();
  const opened = await expect
    .poll(onScreen, { timeout: 5_000 })
    .toBe(true)
    .then(
      () => true,
      () => false,
    );
  await burger.click();
  await expect.poll(onScreen, { timeout: 5_000 }).toBe(false);
  return opened
    ? []
    : [`the burger does not open the sidebar within the screen: ${JSON.stringify(await sidebarBox(page))}`];
}

/**
 * The layout faults of every screen the user may open from the sidebar, and of `more` (the forms
 * and details pages their lists open), each opened in the app as a click on its link would.
 */
async function faultsOfScreens(page: Page, more: string[]): Promise<string[]> {
  await page.goto('/home');
  await page.locator('#main-content').waitFor();
  await page.getByTestId('main-loader').waitFor({ state: 'detached' });
  const viewer = await viewerOf(page);
  const paths = [...screensToReach(viewer).map((r) => r.path), ...more];
  console.info(`phone layout over ${paths.length} screens: ${paths.join(', ')}`);
  const found: string[] = [];
  for (const path of paths) {
    await openWithData(page, path);
    for (const f of await layoutFaults(page)) found.push(`${path}: ${f}`);
    for (const f of await sidebarFaults(page)) found.push(`${path}: ${f}`);
  }
  return found;
}

describe('AMCOS clerk screens at phone width (390 x 844)', () => {
  it('no sideways scrolling, buttons on screen, the sidebar opens from the burger', async () => {
    const page = await phonePage();
    const found = await faultsOfScreens(page, [
      '/collections/farmer-requests/create',
      `/collections/farmer-requests/${records.issuedRequestId}/details`,
      `/collections/distributions/create?request=${records.approvedRequestId}`,
      `/collections/distributions/${records.distributionId}/details`,
      '/collections/crop-DNs/create',
      `/collections/crop-DNs/${records.deliveryNoteId}/details`,
      `/amcos/amcos-farmers/${records.farmerId}/details`,
    ]);
    expect(found).toEqual([]);
    await page.context().close();
  }, 600_000);

  it('the AMCOS manager’s screens too (#27): what waits for them, requests to approve, the farmer’s page', async () => {
    const page = await phonePage(manager);
    const found = await faultsOfScreens(page, [
      `/collections/farmer-requests/${records.pendingRequestId}/details`,
      `/collections/distributions/${records.distributionId}/details`,
      `/amcos/amcos-farmers/${records.farmerId}/details`,
      `/amcos/amcos-farmers/${records.farmerId}/details?tab=loans`,
      `/amcos/amcos-farmers/${records.farmerId}/details?tab=collections`,
    ]);
    expect(found).toEqual([]);
    await page.context().close();
  }, 600_000);

  it('a document’s lines scroll sideways in their own region, which the keyboard reaches', async () => {
    const page = await phonePage();
    await page.goto('/home');
    await page.getByTestId('main-loader').waitFor({ state: 'detached' });
    await openWithData(page, `/collections/crop-DNs/${records.deliveryNoteId}/details`);
    // LinesTable: narrower than its columns, the lines scroll inside a named region that takes focus.
    const region = page.getByRole('region', { name: 'Collections on the note' });
    await region.waitFor();
    expect(await region.getAttribute('tabindex')).toBe('0');
    expect(await region.locator('[data-testid="dn-collections"]').count()).toBe(1);
    await region.focus();
    const scrolled = () => region.evaluate((el) => el.scrollLeft);
    expect(await scrolled()).toBe(0);
    await page.keyboard.press('ArrowRight');
    await expect.poll(scrolled).toBeGreaterThan(0);
    await page.context().close();
  });
});
