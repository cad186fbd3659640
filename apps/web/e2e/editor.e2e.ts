import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  adminUser,
  baseUrl,
  createAmcos,
  createUser,
  launchBrowser,
  signedIn,
} from './support.ts';

/**
 * The markdown editor (#18) in the browser, in English and Swahili, on the new-circular screen:
 * type, autosave (smde_ key, "Autosaved: "), reload and restore; spell checking from our own
 * dictionary (off in Swahili, said in the status bar); full screen left with Escape; an image
 * uploaded with its description (alt text) and seen in the preview; a refused type and a refused size show SPEC's messages in the
 * status bar. Then the circular goes to an AMCOS clerk's dashboard and comes back as read.
 * Nothing is fetched from another host and the strict CSP reports nothing.
 */

// 1x1 PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const TOO_BIG = Buffer.alloc(2_097_152 + 1);
PNG.copy(TOO_BIG);

const TEXT = {
  en: {
    autosaved: 'Autosaved: ',
    attach: 'Attach images by dragging and dropping or pasting from the clipboard.',
    spell: 'Spell check: English',
    upload: 'Upload an image',
    preview: 'Preview',
    fullscreen: 'Full screen (Escape to leave)',
    typeNotAllowed: 'This image type is not allowed.',
    tooBig: 'Image big.png is too big (2.0 MB). Maximum file size is 2.0 MB.',
    publish: 'Publish',
    publishAll: 'goes to every active AMCOS and cannot be changed after publishing.',
    describeImage: 'What the image shows',
    describeRequired: 'Describe the image before inserting it',
    insertImage: 'Insert the image',
    confirmRead: 'I have read this',
    unreadTitle: 'Circulars to read',
    read: 'Read',
    readers: 'Who has read it',
    typo: 'recieve',
    known: 'farmers',
  },
  sw: {
    autosaved: 'Imehifadhiwa: ',
    attach: 'Ambatisha picha kwa kuiburuta na kuiachia au kuibandika.',
    spell: 'Ukaguzi wa tahajia: Kiswahili',
    upload: 'Pakia picha',
    preview: 'Onyesho la awali',
    fullscreen: 'Skrini nzima (Escape kutoka)',
    typeNotAllowed: 'Aina hii ya picha hairuhusiwi.',
    tooBig: 'Picha big.png ni kubwa mno (2.0 MB). Ukubwa wa juu unaoruhusiwa ni 2.0 MB.',
    publish: 'Tangaza',
    publishAll: 'utapelekwa kwa kila AMCOS hai na hautaweza kubadilishwa baada ya kutangazwa.',
    describeImage: 'Picha inaonyesha nini',
    describeRequired: 'Eleza picha kabla ya kuiweka',
    insertImage: 'Weka picha',
    confirmRead: 'Nimeusoma',
    unreadTitle: 'Nyaraka za kusoma',
    read: 'Umesomwa',
    readers: 'Waliousoma',
    typo: 'mkuliima',
    known: 'wakulima',
  },
} as const;

let browser: Browser;
let clerk: { email: string; password: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  const society = await createAmcos(token, 'Chipingo AMCOS');
  clerk = await createUser(token, 'AMCOS Clerk', society.id);
});
afterAll(() => browser.close());

/** Requests to any other host, and CSP reports on the console, seen by a page. */
function watch(page: Page): { foreign: string[]; csp: string[] } {
  const seen = { foreign: [] as string[], csp: [] as string[] };
  const origin = new URL(baseUrl()).origin;
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'))
      seen.foreign.push(url);
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.csp.push(m.text());
  });
  return seen;
}

const editorValue = (page: Page) =>
  page.evaluate(() =>
    (
      document.querySelector('.CodeMirror') as unknown as { CodeMirror: { getValue(): string } }
    ).CodeMirror.getValue(),
  );
const statusOf = (page: Page, item: string) =>
  page.evaluate(
    (name) =>
      document.querySelector(`.editor-statusbar .${name}`)?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
    item,
  );
async function waitForStatus(page: Page, item: string, text: string): Promise<void> {
  await page.waitForFunction(
    ([name, expected]) =>
      (document.querySelector(`.editor-statusbar .${name}`)?.textContent ?? '')
        .replace(/\s+/g, ' ')
        .includes(expected),
    [item, text] as const,
  );
}

async function chooseFile(
  page: Page,
  buttonName: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: buttonName, exact: true }).click();
  await (await chooser).setFiles(file);
}

describe('the markdown editor and circulars', () => {
  for (const lang of ['en', 'sw'] as const) {
    it(`writes, autosaves, restores, uploads and publishes a circular an AMCOS clerk reads (${lang})`, async () => {
      const text = TEXT[lang];
      const title = `Season opening ${lang} ${Date.now()}`;
      const page = await signedIn(browser, adminUser());
      const seen = watch(page);
      await page.evaluate((l) => {
        window.localStorage.setItem('i18n_locale', l);
        window.localStorage.removeItem('smde_circular-new');
      }, lang);
      await page.goto('/circulars/create');
      const editor = page.locator('.CodeMirror');
      await editor.waitFor();
      expect(await statusOf(page, 'spellcheck')).toBe(text.spell);
      const minHeight = await page.evaluate(
        () => getComputedStyle(document.querySelector('.CodeMirror-scroll') as Element).minHeight,
      );
      expect(minHeight).toBe('300px');

      // Type; the draft is autosaved under smde_circular-new with the "Autosaved: " prefix.
      await editor.click();
      await page.keyboard.type(
        `# Buying opens\n\nBring your farmer card to ${text.typo} your slip. ${text.known}\n`,
      );
      await waitForStatus(page, 'autosave', text.autosaved);
      await page.waitForFunction(() =>
        (localStorage.getItem('smde_circular-new') ?? '').includes('Buying opens'),
      );
      // Spell checking in the screen's language, from our own server's dictionary (Swahili:
      // LibreOffice's sw_TZ, #37): the misspelt word is marked, a known one is not.
      await page.locator('.cm-spell-error', { hasText: text.typo }).first().waitFor();
      expect(await page.locator('.cm-spell-error', { hasText: text.known }).count()).toBe(0);

      // Reload: the draft comes back.
      await page.reload();
      await editor.waitFor();
      await page.waitForFunction(() =>
        (
          document.querySelector('.CodeMirror') as unknown as { CodeMirror: { getValue(): string } } | null
        )?.CodeMirror.getValue().includes('Buying opens'),
      );
      expect(await editorValue(page)).toContain(`Bring your farmer card to ${text.typo} your slip.`);

      // Full screen, left with Escape.
      await page.getByRole('button', { name: text.fullscreen, exact: true }).click();
      await page.locator('.CodeMirror-fullscreen').waitFor();
      await page.keyboard.press('Escape');
      await page.locator('.CodeMirror-fullscreen').waitFor({ state: 'detached' });

      // An image: uploaded, its path inserted, and shown in the preview (fetched signed in).
      await editor.click();
      await page.keyboard.press('Control+End');
      const uploaded = page.waitForResponse(
        (r) => r.url().endsWith('/api/editor/images') && r.request().method() === 'POST',
      );
      await chooseFile(page, text.upload, { name: 'map.png', mimeType: 'image/png', buffer: PNG });
      expect((await uploaded).status()).toBe(200);
      // It goes in with what it shows (its alt text), asked for first; an empty one is refused.
      const describeImage = page.getByTestId('image-description');
      await describeImage.getByRole('button', { name: text.insertImage }).click();
      await describeImage.getByText(text.describeRequired).waitFor();
      await describeImage.getByLabel(text.describeImage).fill('Map of the buying posts');
      await describeImage.getByRole('button', { name: text.insertImage }).click();
      await describeImage.waitFor({ state: 'detached' });
      await page.waitForFunction(() =>
        /!\[Map of the buying posts\]\(\/api\/editor\/images\/[0-9a-f]{64}\.png\)/.test(
          (
            document.querySelector('.CodeMirror') as unknown as { CodeMirror: { getValue(): string } }
          ).CodeMirror.getValue(),
        ),
      );
      await page.getByRole('button', { name: text.preview, exact: true }).click();
      await page.waitForFunction(() => {
        const img = document.querySelector(
          '.editor-preview img[data-editor-image]',
        ) as HTMLImageElement | null;
        return Boolean(
          img?.src.startsWith('blob:') &&
            img.complete &&
            img.naturalWidth === 1 &&
            img.alt === 'Map of the buying posts',
        );
      });
      await page.getByRole('button', { name: text.preview, exact: true }).click();

      // Refused: a text file named .png (by its content), and a file over 2,097,152 bytes.
      await chooseFile(page, text.upload, {
        name: 'notes.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not a picture'),
      });
      await waitForStatus(page, 'upload-image', text.typeNotAllowed);
      // The message stays 10 s, then the bar shows its invitation again: wait for it, so the next
      // message is not cut short by this one's reset.
      await waitForStatus(page, 'upload-image', text.attach);
      await chooseFile(page, text.upload, { name: 'big.png', mimeType: 'image/png', buffer: TOO_BIG });
      await waitForStatus(page, 'upload-image', text.tooBig);

      // Publish to all AMCOS; the draft is forgotten.
      // The editor's work (toolbar, preview, spell check, uploads) broke no CSP rule and fetched nothing
      // from another host.
      expect(seen.csp).toEqual([]);
      expect(seen.foreign).toEqual([]);
      await page.locator('input[name="title"]').fill(title);
      await page.getByRole('button', { name: text.publish, exact: true }).click();
      // Said once: "every active AMCOS" (was "All AMCOS AMCOS").
      const ask = page.getByRole('dialog').filter({ has: page.getByTestId('confirm-action') });
      expect(await ask.innerText()).toContain(`"${title}" ${text.publishAll}`);
      await page.getByTestId('confirm-action').click();
      await page.waitForURL(/\/circulars\/[0-9a-f-]+\/details$/);
      const circularPath = new URL(page.url()).pathname;
      await page.getByTestId('circular-body').getByRole('heading', { name: 'Buying opens' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('smde_circular-new'))).toBeNull();
      expect(seen).toEqual({ foreign: [], csp: [] });

      // The clerk sees it on the dashboard, reads it and confirms.
      const clerkPage = await signedIn(browser, clerk);
      const clerkSeen = watch(clerkPage);
      await clerkPage.evaluate((l) => window.localStorage.setItem('i18n_locale', l), lang);
      await clerkPage.goto('/home');
      const card = clerkPage.getByTestId('unread-circulars');
      await card.getByText(text.unreadTitle).waitFor();
      await card.getByRole('link', { name: title }).click();
      await clerkPage.waitForURL((url) => url.pathname === circularPath);
      await clerkPage.getByTestId('circular-body').getByText('Bring your farmer card').waitFor();
      await clerkPage.waitForFunction(() => {
        const img = document.querySelector('[data-testid="circular-body"] img') as HTMLImageElement | null;
        return Boolean(img?.src.startsWith('blob:') && img.naturalWidth === 1);
      });
      await clerkPage.getByRole('button', { name: text.confirmRead }).click();
      await clerkPage.getByTestId('circular-read-status').getByText(text.read).waitFor();
      await clerkPage.goto('/home');
      await clerkPage.getByTestId('welcome-card').waitFor();
      await clerkPage.waitForLoadState('networkidle');
      expect(await clerkPage.getByRole('link', { name: title }).count()).toBe(0);
      expect(clerkSeen).toEqual({ foreign: [], csp: [] });
      await clerkPage.context().close();

      // Back at the union: the clerk is listed as having read it.
      await page.reload();
      // Show who has read it.
      await page.getByRole('heading', { name: text.readers }).waitFor();
      await page.getByText(text.read, { exact: true }).click();
      // Only the clerk has read it: one row, theirs (the "not read" list held every other AMCOS user).
      await page.waitForFunction((name) => {
        const rows = [...document.querySelectorAll('[data-testid="circular-readers"] tbody tr')];
        return rows.length === 1 && (rows[0]?.textContent ?? '').includes(name);
      }, clerkName);
      await page.context().close();
    });
  }
});

const clerkName = 'Neema Mushi';
