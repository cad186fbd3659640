import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeItem, makeStore } from './purchase-fixtures.ts';
import { type Server, startServer } from './server.ts';
import { adminToken, api, createUser, launchBrowser, must, signedIn, useOwnServer } from './support.ts';

/**
 * Going live mid-life (#36) in the browser: an accountant sets each book's go-live date and
 * opening-balances account, checks and imports the opening trial balance and the sub-ledgers that
 * tie to it (stock and bank balances in the Operation book, in English; bank balances in the
 * Collection book, in Swahili), reads the go-live check at 0.00 and goes live; the control accounts
 * report then shows 0.00 everywhere. Going live forbids postings before its date for every user, so
 * this file runs on a server of its own.
 */
let server: Server;
let browser: Browser;
let token: string;
let accountant: { email: string; password: string };
const year = new Date().getFullYear();
const goLiveDate = `${year}-${new Date().toISOString().slice(5, 7)}-01`;

beforeAll(async () => {
  server = await startServer();
  useOwnServer(server.baseUrl);
  browser = await launchBrowser();
  token = await adminToken();
  accountant = await createUser(token, 'Accountant');
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
}, 240_000);
afterAll(async () => {
  await browser?.close();
  useOwnServer(null);
  await server?.stop();
});

const csv = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`${lines.join('\r\n')}\r\n`),
});

async function setGoLive(page: Page, book: 'operation' | 'collection', accountLabel: RegExp) {
  const card = page.getByTestId(`go-live-${book}`);
  await card.getByTestId('go-live-date').fill(goLiveDate);
  await card.getByTestId('go-live-account').click();
  await page.getByRole('option', { name: accountLabel }).click();
  const saved = page.waitForResponse((r) => r.url().endsWith(`/accounts/opening/books/${book}`));
  await card.getByTestId('go-live-save').click();
  expect((await saved).status()).toBe(200);
  // The book's check comes once the go-live is read back; the page is settled from then on.
  await card.getByTestId('go-live-check').waitFor();
}

async function importSheet(page: Page, kind: RegExp, file: ReturnType<typeof csv>, book?: RegExp) {
  const panel = page.getByTestId('opening-import');
  if (!kind.test(await panel.getByTestId('opening-kind').inputValue())) {
    await panel.getByTestId('opening-kind').click();
    await page.getByRole('option', { name: kind }).click();
  }
  if (book) await panel.getByTestId('opening-book').getByText(book).click();
  await panel.locator('input[type=file]').setInputFiles(file);
  await panel.getByTestId('opening-check').click();
  await panel.getByTestId('opening-summary').waitFor();
  expect(await panel.getByTestId('opening-problem').count()).toBe(0);
  await panel.getByTestId('opening-save').click();
  const imported = page.waitForResponse((r) => /\/accounts\/opening\/\w+\/import/.test(r.url()));
  await page.getByTestId('confirm-action').click();
  expect((await imported).status()).toBe(200);
}

async function goLive(page: Page, book: 'operation' | 'collection') {
  const card = page.getByTestId(`go-live-${book}`);
  await expect.poll(() => card.getByTestId('go-live-confirm').isEnabled(), { timeout: 15_000 }).toBe(true);
  await card.getByTestId('go-live-confirm').click();
  await page.getByTestId('confirm-action').click();
  await card.getByTestId('go-live-done').waitFor();
}

describe('going live through the screens (#36)', () => {
  it('the Operation book, in English: trial balance, stock and bank balances tie; it goes live', async () => {
    const store = await makeStore(token);
    const storeCode = (
      await api<{ data: { code: string } }>('GET', `/inventory/stores/${store.id}`, undefined, token)
    ).body.data.code;
    const items = [await makeItem(token, 'Opening sulphur'), await makeItem(token, 'Opening bags')];
    const page = await signedIn(browser, accountant);
    await page.goto('/account/settings/go-live');
    await setGoLive(page, 'operation', /^3190 Opening balances/);

    // Bank 7,500,000 + petty cash 250,000 + stock 3,600,000 + 450,000 = 11,800,000 = reserve.
    await importSheet(
      page,
      /^Opening trial balance/,
      csv('operation-tb.csv', [
        'account_code,account_name,debit,credit',
        '1101,Operation bank account,7500000,',
        '1102,Petty cash,250000,',
        '1301,Farm inputs inventory,4050000,',
        '3103,General reserve,,11800000',
      ]),
      /^Operation book/,
    );
    await importSheet(
      page,
      /^Stock on hand/,
      csv('stock.csv', [
        'store_code,item_code,quantity,value',
        `${storeCode},${items[0]?.code},120,3600000`,
        `${storeCode},${items[1]?.code},900,450000`,
      ]),
    );
    await importSheet(
      page,
      /^Bank balances/,
      csv('banks.csv', ['account_code,balance', '1101,7500000', '1102,250000']),
      /^Operation book/,
    );
    const check = page.getByTestId('go-live-operation').getByTestId('go-live-check');
    await check.getByText('4,050,000.00').first().waitFor();
    await goLive(page, 'operation');
    expect(await page.getByTestId('go-live-operation').getByTestId('go-live-status').textContent()).toBe(
      'Live',
    );
    await page.context().close();
  }, 240_000);

  it('the Collection book, in Swahili; then the control accounts show 0.00 everywhere', async () => {
    const page = await signedIn(browser, accountant);
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-sw').click();
    await page.goto('/account/settings/go-live');
    await setGoLive(page, 'collection', /^3190 Opening balances/);
    await importSheet(
      page,
      /^Urari wa hesabu wa kuanzia/,
      csv('collection-tb.csv', [
        'account_code,account_name,debit,credit',
        '1101,Crop collection bank account,2000000,',
        '3101,Collection fund balance,,2000000',
      ]),
      /Makusanyo/,
    );
    await importSheet(
      page,
      /^Salio za benki/,
      csv('collection-banks.csv', ['account_code,balance', '1101,2000000']),
      /Makusanyo/,
    );
    await goLive(page, 'collection');
    expect(await page.getByTestId('go-live-collection').getByTestId('go-live-status').textContent()).toBe(
      'Kimeanza rasmi',
    );
    const report = await api<{ data: { checks: { key: string; difference: string }[] } }>(
      'GET',
      '/reports/control-accounts',
      undefined,
      token,
    );
    expect(report.body.data.checks.length).toBeGreaterThan(0);
    expect(report.body.data.checks.filter((c) => c.difference !== '0.00')).toEqual([]);
    await page.context().close();
  }, 240_000);
});
