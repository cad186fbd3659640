import { mayOpen, type NavViewer, WEB_ROUTES, type WebRoute } from '@ushirika/contracts';
import type { Page } from 'playwright-core';

/**
 * Walks the app as a new user would (issue #20): the sidebar's links (every group opened) and the
 * header's (brand, user menu) are the first click; every link on the pages they open is the
 * second. Only hrefs of links are followed, never typed addresses.
 */

const APP_ROUTES = WEB_ROUTES.filter((r) => r.layout === 'app');
// Static paths first, as the router ranks them (/amcos/amcos-farmers before /amcos/:id).
const patterns = [...APP_ROUTES]
  .sort((a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')))
  .map((r) => ({ route: r, regex: new RegExp(`^${r.path.replace(/:[a-zA-Z]+/g, '[^/]+')}$`) }));

/** The path of a link's href, without its query or fragment. */
const pathOf = (href: string) => href.split(/[?#]/)[0] ?? href;

export function routeOfHref(href: string): WebRoute | undefined {
  const path = pathOf(href);
  return patterns.find((p) => p.regex.test(path))?.route;
}

/** The signed-in user as the app stored it. */
export async function viewerOf(page: Page): Promise<NavViewer> {
  const user = await page.evaluate(() => window.localStorage.getItem('user'));
  const parsed = JSON.parse(user ?? '{}') as { amcosId?: string | null; permissions?: string[] };
  return { amcosId: parsed.amcosId ?? null, permissions: parsed.permissions ?? [] };
}

async function internalHrefs(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(selector, (links) =>
    links
      .map((a) => a.getAttribute('href') ?? '')
      .filter((href) => href.startsWith('/') && !href.startsWith('/api/')),
  );
}

async function firstClickHrefs(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: /Main navigation|Menyu kuu/ });
  const hrefs = new Set<string>();
  const groups = nav.locator('[data-testid^="nav-group-"]');
  for (let i = 0; i < (await groups.count()); i++) {
    const group = groups.nth(i);
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await page.waitForTimeout(250); // the group's collapse animation
    for (const href of await internalHrefs(page, 'nav[aria-label] a[href]')) hrefs.add(href);
  }
  for (const href of await internalHrefs(page, 'nav[aria-label] a[href], header a[href]')) hrefs.add(href);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menu').waitFor();
  for (const href of await internalHrefs(page, '[role="menu"] a[href]')) hrefs.add(href);
  await page.keyboard.press('Escape');
  return [...hrefs];
}

export interface WalkResult {
  /** Route names reached in one or two clicks. */
  reached: Set<string>;
  /** Screens the user may open (by the route table) and did not reach: the failure list. */
  unreached: string[];
  /** Screens reached that still show the "not available yet" page. */
  notAvailable: string[];
  /** Screens reached, allowed by the table, that show the no-access page. */
  refused: string[];
}

/** Screens a walk must reach: everything the user may open except details pages and create forms. */
export function screensToReach(viewer: NavViewer): WebRoute[] {
  return APP_ROUTES.filter((r) => r.nav.kind === 'screen' && mayOpen(r.nav, viewer));
}

/** Requests a page has sent and not yet seen answered, counted from its first `openWithData`. */
const inFlight = new WeakMap<Page, Set<unknown>>();

function trackRequests(page: Page): Set<unknown> {
  let open = inFlight.get(page);
  if (!open) {
    const requests = new Set<unknown>();
    page.on('request', (r) => requests.add(r));
    page.on('requestfinished', (r) => requests.delete(r));
    page.on('requestfailed', (r) => requests.delete(r));
    inFlight.set(page, requests);
    open = requests;
  }
  return open;
}

/**
 * Opens a screen in the app (`openInApp`) and waits until its data is shown: no request in flight
 * for 250 ms, as Playwright's "networkidle" waits 500 ms after a page load (which an in-app move
 * never fires).
 */
export async function openWithData(page: Page, href: string): Promise<void> {
  const open = trackRequests(page);
  await openInApp(page, href);
  const deadline = Date.now() + 15_000;
  let quietSince = Date.now();
  while (Date.now() - quietSince < 250) {
    if (Date.now() > deadline) throw new Error(`${href}: requests still in flight after 15 s`);
    await page.waitForTimeout(50);
    if (open.size > 0) quietSince = Date.now();
  }
}

/**
 * Shows a screen as the router does on a click on its link, without reloading the app, and waits
 * for the screen's code: its section tabs and links, a refusal or "not available yet" are drawn
 * with it, before its data.
 */
export async function openInApp(page: Page, href: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, href);
  const shown = page.locator(`#main-content[data-path="${pathOf(href)}"]`);
  // A screen holding a form may block leaving it; then load the address the link gave.
  const moved = await shown.waitFor({ timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (!moved) {
    await page.goto(href);
    await shown.waitFor();
  }
  await page.getByTestId('page-loader').waitFor({ state: 'detached' });
}

export async function walk(page: Page): Promise<WalkResult> {
  await page.goto('/home');
  await page.locator('#main-content').waitFor();
  const viewer = await viewerOf(page);
  const reached = new Set<string>();
  const first = await firstClickHrefs(page);
  for (const href of first) {
    const route = routeOfHref(href);
    if (route) reached.add(route.name);
  }
  for (const href of first) {
    await openInApp(page, href);
    for (const second of await internalHrefs(page, 'main a[href]')) {
      const route = routeOfHref(second);
      if (route) reached.add(route.name);
    }
  }
  const expected = screensToReach(viewer);
  const unreached = expected.filter((r) => !reached.has(r.name)).map((r) => r.name);
  const notAvailable: string[] = [];
  const refused: string[] = [];
  for (const route of expected.filter((r) => reached.has(r.name))) {
    await openInApp(page, route.path);
    if ((await page.getByTestId('not-available').count()) > 0) notAvailable.push(route.name);
    if ((await page.getByTestId('no-access').count()) > 0) refused.push(route.name);
  }
  return { reached, unreached, notAvailable, refused };
}
