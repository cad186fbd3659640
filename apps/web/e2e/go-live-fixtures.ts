import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { api, must, signedIn } from './support.ts';

/**
 * What the going-live browser specs (#36) share: the go-live date (the first of this month) and
 * the opening position's date (the day before), the opening-balances accounts, a sheet as a file,
 * and the go-live screen's steps: set a book's date and account, check and import a sheet, go live.
 */
export const goLiveDate = `${new Date().toISOString().slice(0, 7)}-01`;
/** The opening position's date: every old invoice and loan is dated then. */
export const openingDate = (() => {
  const d = new Date(`${goLiveDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
})();

export type Book = 'operation' | 'collection';
export type Sheet = { name: string; mimeType: string; buffer: Buffer };
type Check = { data: { checks: { key: string; controlBalance: string; difference: string }[] } };

/** A sheet as the CSV file a user would pick. */
export const csv = (name: string, lines: string[]): Sheet => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`${lines.join('\r\n')}\r\n`),
});

/** A book's opening trial balance as the CSV file, its header row first. */
export const trialBalance = (book: Book, rows: string[]): Sheet =>
  csv(`${book}-tb.csv`, ['account_code,account_name,debit,credit', ...rows]);

/** Account 3190 "Opening balances" under group 31 in both books. */
export async function createOpeningAccounts(token: string) {
  const groups = await api<{ data: { id: string; code: string }[] }>(
    'GET',
    '/accounts/groups?per_page=200',
    undefined,
    token,
  );
  const group = groups.body.data.find((g) => g.code === '31');
  for (const book of ['operation', 'collection'] as const) {
    await must(
      api('POST', '/accounts', { code: '3190', name: 'Opening balances', book, groupId: group?.id }, token),
      `opening account ${book}`,
    );
  }
}

/** Sets a book's go-live date and opening-balances account, and waits for the book's check. */
export async function setGoLive(page: Page, book: Book) {
  const card = page.getByTestId(`go-live-${book}`);
  await card.getByTestId('go-live-date').fill(goLiveDate);
  await card.getByTestId('go-live-account').click();
  await page.getByRole('option', { name: /^3190 Opening balances/ }).click();
  const saved = page.waitForResponse((r) => r.url().endsWith(`/accounts/opening/books/${book}`));
  await card.getByTestId('go-live-save').click();
  expect((await saved).status()).toBe(200);
  // The book's check comes once the go-live is read back; the page is settled from then on.
  await card.getByTestId('go-live-check').waitFor();
}

/** The user on the go-live screen, the book's go-live date and account set. */
export async function openGoLive(browser: Browser, user: { email: string; password: string }, book: Book) {
  const page = await signedIn(browser, user);
  await page.goto('/account/settings/go-live');
  await setGoLive(page, book);
  return page;
}

/** Picks the sheet's kind; the list is opened again if something took focus before its options showed. */
async function pickKind(page: Page, kind: RegExp) {
  const panel = page.getByTestId('opening-import');
  if (kind.test(await panel.getByTestId('opening-kind').inputValue())) return;
  const option = page.getByRole('option', { name: kind });
  for (let attempt = 1; ; attempt++) {
    await panel.getByTestId('opening-kind').click();
    const shown = await option.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (shown) break;
    if (attempt === 3) throw new Error(`the kind list never offered ${kind}`);
  }
  await option.click();
}

/** Checks a sheet (no row refused), imports it after the confirmation and waits for the panel to clear. */
export async function importSheet(page: Page, kind: RegExp, file: Sheet, book?: RegExp) {
  const panel = page.getByTestId('opening-import');
  await pickKind(page, kind);
  if (book) await panel.getByTestId('opening-book').getByText(book).click();
  await panel.locator('input[type=file]').setInputFiles(file);
  await panel.getByTestId('opening-check').click();
  await panel.getByTestId('opening-summary').waitFor();
  expect(await panel.getByTestId('opening-problem').count()).toBe(0);
  await panel.getByTestId('opening-save').click();
  const imported = page.waitForResponse((r) => /\/accounts\/opening\/\w+\/import/.test(r.url()));
  await page.getByTestId('confirm-action').click();
  expect((await imported).status()).toBe(200);
  // Settled once the dialog has gone and the panel is cleared: the dialog hands focus back as it
  // closes, which would close a dropdown the next sheet opened too early.
  await page.getByTestId('confirm-action').waitFor({ state: 'detached' });
  await panel.getByTestId('opening-summary').waitFor({ state: 'detached' });
}

/** Confirms going live once the book's check allows it. */
export async function goLive(page: Page, book: Book) {
  const card = page.getByTestId(`go-live-${book}`);
  await expect.poll(() => card.getByTestId('go-live-confirm').isEnabled(), { timeout: 15_000 }).toBe(true);
  await card.getByTestId('go-live-confirm').click();
  await page.getByTestId('confirm-action').click();
  await card.getByTestId('go-live-done').waitFor();
}

/** The book's go-live check as the API reads it. */
export async function checkOf(token: string, book: Book) {
  return (await api<Check>('GET', `/accounts/opening/books/${book}/check`, undefined, token)).body.data
    .checks;
}
