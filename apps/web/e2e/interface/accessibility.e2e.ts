import { createRequire } from 'node:module';
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
import { openWithData } from './link-walk.ts';

/**
 * axe-core over the main screens (issue #20), in both colour schemes and both languages: no
 * serious or critical WCAG 2.1 A/AA violation. AMCOS screens are checked at phone width.
 */

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Credentials = { email: string; password: string };
type Violation = {
  id: string;
  impact: string | null;
  help: string;
  /** failureSummary names the colours measured, so a contrast failure can be read from the log. */
  nodes: { target: string[]; html: string; failureSummary?: string }[];
};

let browser: Browser;
let accountant: Credentials;
let clerk: Credentials;
let officer: Credentials;
let buyer: Credentials;
let records: ClerkRecords;
beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  const society = await createAmcos(token, 'Axe Check AMCOS');
  accountant = await createUser(token, 'Accountant');
  clerk = await createUser(token, 'AMCOS Clerk', society.id);
  officer = await createUser(token, 'Crop Officer');
  buyer = await createUser(token, 'Procurement Officer');
  records = await clerkRecords(token, society, clerk);
}, 180_000);
afterAll(() => browser.close());

const UNION_SCREENS = [
  '/home',
  '/account/operation/accounts/collection',
  '/account/operation/journal-entry',
  '/collections/sales/invoices/list',
  '/collections/crop-DNs/list',
  '/collections/payments/whr',
  '/amcos/list',
  '/settings/collection/season-crops',
  '/reports/financial/trial-balance',
  '/reports/financial/financial-position',
  '/reports/financial/changes-in-funds',
  '/account/settings/statement-lines',
  '/profile',
];
/** Purchasing's forms, with their tables of lines (a new order once failed aria-required-children). */
const PURCHASE_SCREENS = [
  '/purchase/orders/list',
  '/purchase/orders/create',
  '/purchase/invoices/create',
  '/purchase/payments/create',
];
const AMCOS_SCREENS = [
  '/home',
  '/collections/receips/list',
  '/amcos/amcos-farmers',
  '/collections/sales/auctions',
];

/** Farmer inputs: requests and distributions, lists, forms and details (union and AMCOS). */
const inputsScreens = () => [
  '/collections/farmer-requests/list',
  '/collections/farmer-requests/create',
  `/collections/farmer-requests/${records.issuedRequestId}/details`,
  `/collections/farmer-requests/${records.approvedRequestId}/details`,
  '/collections/distributions/list',
  `/collections/distributions/create?request=${records.approvedRequestId}`,
  `/collections/distributions/${records.distributionId}/details`,
];
/** The clerk's delivery notes and the farmers' loans, beside the inputs screens. */
const amcosCropScreens = () => [
  ...inputsScreens(),
  '/collections/crop-DNs/list',
  '/collections/crop-DNs/create',
  `/collections/crop-DNs/${records.deliveryNoteId}/details`,
  '/collections/loans',
];

/** A page whose context admits axe's injected script despite the server's Content-Security-Policy. */
async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    ...contextOptions(),
    bypassCSP: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** The serious and critical violations on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Measured once the page has painted its settled styles: a theme's CSS variables are rewritten
  // when the language's texts arrive, and axe once caught the frame in between (black headings on
  // the dark background of the sign-in page, in one CI run out of many).
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as { axe: { run: (...a: unknown[]) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations;
  }, WCAG_TAGS);
  return (violations as Violation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`).join(', ')}`,
    );
}

/** Loads a page and waits until its data is shown and the layout's loader has gone. */
async function loaded(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('#main-content, main').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByTestId('main-loader').waitFor({ state: 'detached' });
}

/** Opens a screen of the signed-in app as a click on its link would, and waits for its data. */
const settled = openWithData;

async function signedInPage(user: Credentials, scheme: 'light' | 'dark', locale: 'en' | 'sw', phone = false) {
  const page = await newPage(browser);
  if (phone) await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughBrowser(page, user.email, user.password);
  await page.evaluate(
    ({ theme, lang }) => {
      window.localStorage.setItem('theme', theme);
      window.localStorage.setItem('i18n_locale', lang);
    },
    { theme: scheme, lang: locale },
  );
  // Loaded once with the stored theme and language; every screen is then opened in the app.
  await loaded(page, '/home');
  return page;
}

/**
 * Each group of screens runs in two of the four theme x language pairings, one group in light/en and
 * dark/sw, the other in light/sw and dark/en: every theme, every language and every pairing is
 * checked, in half the runs of all four for each group.
 */
const PAIRS = [
  ['light', 'en'],
  ['dark', 'sw'],
] as const;
const CROSSED_PAIRS = [
  ['light', 'sw'],
  ['dark', 'en'],
] as const;

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  for (const [scheme, locale] of PAIRS) {
    it(`union screens, ${scheme} theme, ${locale}`, async () => {
      const page = await signedInPage(accountant, scheme, locale);
      const found: string[] = [];
      for (const path of UNION_SCREENS) {
        await settled(page, path);
        for (const v of await seriousViolations(page)) found.push(`${path}: ${v}`);
      }
      // A form in a dialog: the new journal entry, with its table of lines.
      await settled(page, '/account/operation/journal-entry');
      await page.getByTestId('journal-table-create').click();
      await page.getByTestId('balance-state').waitFor();
      for (const v of await seriousViolations(page)) found.push(`journal entry dialog: ${v}`);
      expect(found).toEqual([]);
      await page.context().close();
    }, 300_000);

    it(`purchasing forms, ${scheme} theme, ${locale}`, async () => {
      const page = await signedInPage(buyer, scheme, locale);
      const found: string[] = [];
      for (const path of PURCHASE_SCREENS) {
        await settled(page, path);
        for (const v of await seriousViolations(page)) found.push(`${path}: ${v}`);
      }
      expect(found).toEqual([]);
      await page.context().close();
    }, 300_000);

    it(`AMCOS screens at phone width, ${scheme} theme, ${locale}`, async () => {
      const page = await signedInPage(clerk, scheme, locale, true);
      const found: string[] = [];
      for (const path of AMCOS_SCREENS) {
        await settled(page, path);
        for (const v of await seriousViolations(page)) found.push(`${path}: ${v}`);
      }
      expect(found).toEqual([]);
      await page.context().close();
    }, 300_000);
  }

  // The inputs, delivery-note and loans screens, in the other two pairings.
  for (const [scheme, locale] of CROSSED_PAIRS) {
    it(`union inputs screens, ${scheme} theme, ${locale}`, async () => {
      const page = await signedInPage(officer, scheme, locale);
      const found: string[] = [];
      for (const path of inputsScreens()) {
        await settled(page, path);
        for (const v of await seriousViolations(page)) found.push(`${path}: ${v}`);
      }
      // A dialog: the reason asked before cancelling the distribution (the page is its details).
      await page.getByTestId('distribution-cancel').click();
      await page.getByRole('dialog').waitFor();
      for (const v of await seriousViolations(page)) found.push(`cancel distribution dialog: ${v}`);
      await page.keyboard.press('Escape');
      // The confirmation every irreversible action asks (components/ConfirmAction.ts).
      await settled(page, `/collections/farmer-requests/${records.pendingRequestId}/details`);
      await page.getByTestId('request-approve').click();
      await page.getByTestId('confirm-action').waitFor();
      for (const v of await seriousViolations(page)) found.push(`approve request confirmation: ${v}`);
      expect(found).toEqual([]);
      await page.context().close();
    }, 300_000);

    it(`AMCOS inputs, delivery notes and loans at phone width, ${scheme} theme, ${locale}`, async () => {
      const page = await signedInPage(clerk, scheme, locale, true);
      const found: string[] = [];
      for (const path of amcosCropScreens()) {
        await settled(page, path);
        for (const v of await seriousViolations(page)) found.push(`${path}: ${v}`);
      }
      expect(found).toEqual([]);
      await page.context().close();
    }, 300_000);
  }

  it('sign-in and code screens, both themes', async () => {
    const found: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      const page = await newPage(browser);
      await page.goto('/login');
      await page.evaluate((theme) => window.localStorage.setItem('theme', theme), scheme);
      await loaded(page, '/login');
      for (const v of await seriousViolations(page)) found.push(`/login ${scheme}: ${v}`);
      await page.context().close();
    }
    expect(found).toEqual([]);
  });
});
