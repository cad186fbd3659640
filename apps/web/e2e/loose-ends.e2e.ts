import { todayInTanzania } from '@ushirika/domain';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationAccount } from './accounts-fixtures.ts';
import {
  adminToken,
  api,
  apiSignIn,
  createAmcos,
  createUser,
  launchBrowser,
  must,
  signedIn,
} from './support.ts';

/**
 * Loose ends seen trying the product as a new user (issue #37): the AMCOS manager's Inventories
 * menu, the state of an entry recorded from a bank statement line, and date fields inside dialogs.
 */

type Credentials = { email: string; password: string };
let browser: Browser;
let token: string;
let accountant: Credentials;
let manager: Credentials;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  accountant = await createUser(token, 'Accountant');
  manager = await createUser(token, 'Finance Manager');
}, 120_000);
afterAll(() => browser.close());

const today = todayInTanzania();

describe("an AMCOS manager's menu", () => {
  it('Inventories opens the transfers their store counts and receives', async () => {
    const society = await createAmcos(token, 'Menu Check AMCOS');
    const amcosManager = await createUser(token, 'AMCOS Manager', society.id);
    const page = await signedIn(browser, amcosManager);
    await page.goto('/home');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Inventories' })
      .click();
    await page.waitForURL((url) => url.pathname === '/inventory/transfers/list');
    await page.context().close();
  });
});

type Account = { id: string; code: string; groupId: string };

/** A new bank account with one imported statement line, a charge, recorded as a draft entry. */
async function bankChargeRecorded() {
  const makerToken = await apiSignIn(accountant.email, accountant.password);
  const find = (code: string) => operationAccount<Account>(token, code);
  const [bankTemplate, fees] = [await find('1101'), await find('5301')];
  const stamp = Date.now().toString().slice(-6);
  const bank = (
    await must(
      api<{ data: Account }>(
        'POST',
        '/accounts',
        {
          book: 'operation',
          code: `12${stamp}`,
          name: `E2E charges bank ${stamp}`,
          groupId: bankTemplate.groupId,
          isBankOrCash: true,
        },
        token,
      ),
      'bank account',
    )
  ).data;
  await must(
    api(
      'POST',
      '/accounts/bank-reconciliation/statements',
      {
        accountId: bank.id,
        format: 'csv',
        content: ['Date,Ref,Details,Amount', `${today},CHG-37,Ledger fees,-7500.00`].join('\n'),
        mapping: { date: 'Date', reference: 'Ref', description: 'Details', amount: 'Amount' },
      },
      makerToken,
    ),
    'statement',
  );
  const lines = await must(
    api<{ data: { statementLines: { id: string }[] } }>(
      'GET',
      `/accounts/bank-reconciliation/accounts/${bank.id}/lines`,
      undefined,
      makerToken,
    ),
    'lines',
  );
  const entry = await must(
    api<{ data: { id: string; number: string } }>(
      'POST',
      '/accounts/bank-reconciliation/entries',
      { statementLineId: lines.data.statementLines[0]?.id, counterAccountId: fees.id },
      makerToken,
    ),
    'entry',
  );
  return { bank, entry: entry.data };
}

describe('an entry recorded from a bank statement line', () => {
  it('shows the journal state in the journal word, Draft then Posted once approved, without a reload', async () => {
    const { bank, entry } = await bankChargeRecorded();
    const page = await signedIn(browser, manager);
    await page.goto(`/account/operation/bank-reconciliation?account=${bank.id}`);
    const recorded = page.getByTestId('recon-recorded-entry');
    await recorded.getByText(entry.number).waitFor();
    expect(await recorded.locator('[data-status]').getAttribute('data-status')).toBe('draft');
    expect(await recorded.locator('[data-status]').textContent()).toBe('Draft');

    // The journal lists it with the same word.
    await recorded.getByRole('link', { name: `Open journal entry ${entry.number}` }).click();
    await page.waitForURL((url) => url.searchParams.get('entry') === entry.id);
    const drawer = page.getByRole('dialog');
    await drawer.getByText('Draft', { exact: true }).first().waitFor();
    // Approved here (another person than the accountant who recorded it).
    await drawer.getByTestId('approve-entry').click();
    // Asked first, with the entry's amount (#37).
    expect(await page.getByTestId('confirm-amount').innerText()).toBe('Amount: TZS 7,500.00');
    const approved = page.waitForResponse((r) => r.url().endsWith(`/journal-entries/${entry.id}/approve`));
    await page.getByTestId('confirm-action').click();
    expect((await approved).status()).toBe(200);

    // Back on the reconciliation (no reload): the line says Posted.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/account/operation/bank-reconciliation');
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="recon-recorded-entry"] [data-status]')
          ?.getAttribute('data-status') === 'posted',
    );
    expect(await recorded.locator('[data-status]').textContent()).toBe('Posted');
    await page.context().close();
  });
});

/**
 * Opens the date field's calendar and says whether it is on top: the element at the middle of
 * the calendar belongs to the calendar, not to the dialog over it.
 */
async function calendarOnTop(page: Page, field: Locator): Promise<boolean> {
  await field.click();
  const dropdown = page.locator('[data-dates-dropdown]');
  await dropdown.waitFor();
  const box = await dropdown.boundingBox();
  if (!box) return false;
  return page.evaluate(
    ({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('[data-dates-dropdown]')),
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
}

describe('a date field inside a dialog', () => {
  it('opens its calendar above the dialog (new reconciliation, journal entry, voucher, bank transfer)', async () => {
    const { bank } = await bankChargeRecorded();
    const page = await signedIn(browser, accountant);
    const found: Record<string, boolean> = {};

    await page.goto(`/account/operation/bank-reconciliation?account=${bank.id}`);
    await page.getByTestId('recon-tab-reconciliations').click();
    await page.getByTestId('recon-new').click();
    const reconciliation = page.getByTestId('recon-open-form');
    found['new reconciliation'] = await calendarOnTop(
      page,
      reconciliation.locator('[data-dates-input]').first(),
    );
    // A day is picked by a click, as a user would: the calendar takes it.
    await page.locator('[data-dates-dropdown] button[data-today]').first().click();
    expect(await reconciliation.locator('[data-dates-input]').first().inputValue()).not.toBe('');
    await page.keyboard.press('Escape');

    await page.goto('/account/operation/journal-entry');
    await page.getByTestId('journal-table-create').click();
    found['journal entry'] = await calendarOnTop(
      page,
      page.getByTestId('journal-form').locator('[data-dates-input]').first(),
    );

    for (const [name, path, table, form] of [
      ['payment voucher', '/account/operation/payments-and-receipts', 'vouchers-table', 'voucher-form'],
      ['bank transfer', '/account/operation/bank-transfer', 'transfers-table', 'transfer-form'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId(`${table}-create`).click();
      found[name] = await calendarOnTop(page, page.getByTestId(form).locator('[data-dates-input]').first());
    }
    expect(found).toEqual({
      'new reconciliation': true,
      'journal entry': true,
      'payment voucher': true,
      'bank transfer': true,
    });
    await page.context().close();
  });
});
