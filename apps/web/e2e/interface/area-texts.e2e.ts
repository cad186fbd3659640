import { WEB_ROUTES } from '@ushirika/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/locales/en.json' with { type: 'json' };
import { adminUser, launchBrowser, signedIn } from '../support.ts';

/**
 * The built app loads the interface texts per language and area (#29, #38; apps/web/vite-texts.ts):
 * a screen whose texts did not come would show their keys ("offlineMd.title"). Every screen of the
 * route table without a parameter, opened by the administrator in English and in Swahili, shows
 * no key in its text or in its labels.
 */
const SCREENS = WEB_ROUTES.filter((r) => r.layout === 'app' && !r.path.includes(':'));
const KEY = new RegExp(`\\b(${Object.keys(en).join('|')})\\.[a-zA-Z_][\\w.]*[a-zA-Z_]\\b`, 'g');
/** Every text's key as i18next shows a missing one (plural forms by their base key). */
function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null
      ? keysOf(v, `${prefix}${k}.`)
      : [`${prefix}${k}`.replace(/_(zero|one|two|few|many|other)$/, '')],
  );
}
const KEYS = new Set(keysOf(en));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** The keys a page shows: in its text, or in the labels, placeholders and titles of its elements. */
async function keysShown(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => [
    document.body.innerText,
    document.title,
    ...[...document.querySelectorAll('[aria-label], [placeholder], [title]')].flatMap((el) =>
      ['aria-label', 'placeholder', 'title'].map((a) => el.getAttribute(a) ?? ''),
    ),
  ]);
  // Permission names and the like read as keys too ("history.read"): only texts' keys count.
  return [...new Set(texts.flatMap((t) => t.match(KEY) ?? []))].filter((k) => KEYS.has(k));
}

// One language after the other: two sign-ins of one user at once can refuse one of them.
describe('every screen shows its texts, not their keys', () => {
  for (const locale of ['en', 'sw'] as const) {
    it(`in ${locale === 'en' ? 'English' : 'Swahili'}`, async () => {
      const page = await signedIn(browser, adminUser());
      await page.evaluate((l) => localStorage.setItem('i18n_locale', l), locale);
      const shown: string[] = [];
      for (const route of SCREENS) {
        await page.goto(route.path);
        await page.waitForLoadState('networkidle');
        await page.locator('#main-content').waitFor();
        for (const key of await keysShown(page)) shown.push(`${route.path}: ${key}`);
      }
      expect(shown).toEqual([]);
      await page.context().close();
    }, 900_000);
  }
});
