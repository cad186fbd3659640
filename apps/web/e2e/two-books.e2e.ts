import { dec, todayInTanzania, toGroupedMoney } from '@ushirika/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFarmer, phone, tag } from './crop-flow-fixtures.ts';
import {
  adminToken,
  api,
  createAmcos,
  createUser,
  type Listed,
  launchBrowser,
  pickFarmer,
  signedIn,
} from './support.ts';

/**
 * The two books joined (#16) in the browser: a cash advance is entered as a draft naming the bank
 * it is paid from, approved by another person after a confirmation (in Swahili), and the control
 * accounts report opens from the financial reports.
 */
let browser: Browser;
let token: string;
let officer: { email: string; password: string };
let finance: { email: string; password: string };
let farmer: { id: string; farmerNo: string };

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  officer = await createUser(token, 'Settlement Officer');
  finance = await createUser(token, 'Finance Manager');
  const society = await createAmcos(token, `Advance AMCOS ${tag()}`);
  farmer = await createFarmer(token, {
    amcosId: society.id,
    firstName: 'Zuhura',
    lastName: `Mkopo ${tag()}`,
    phone: phone(),
  });
}, 120_000);
afterAll(() => browser.close());

/** The collection bank's posted book balance (trial balance of the collection book, today). */
async function collectionBankBalance(): Promise<string> {
  const today = todayInTanzania();
  const tb = await api<{ data: { rows: { code: string; closingDebit: string; closingCredit: string }[] } }>(
    'GET',
    `/reports/trial-balance?book=collection&as_at=${today}`,
    undefined,
    token,
  );
  const row = tb.body.data.rows.find((r) => r.code === '1101');
  return row ? dec(row.closingDebit).minus(row.closingCredit).toFixed(2) : '0.00';
}

/** A figure as the screens group it: 1,234,567.50 (a minus kept in front). */
describe('advances and control accounts in the browser', () => {
  it('enters an advance paid from the collection bank; another person approves it in Swahili', async () => {
    let page = await signedIn(browser, officer);
    await page.goto('/collections/loans');
    await page.getByTestId('loans-table-create').click();
    const dialog = page.getByRole('dialog');
    await pickFarmer(page, 'loan-farmer', farmer.farmerNo, farmer.farmerNo);
    // More than the collection bank holds in the books, so its approval takes it below zero (#37).
    const held = await collectionBankBalance();
    const amount = dec(held).gt(0) ? dec(held).plus(150000).toFixed(2) : '150000.00';
    await dialog.getByRole('textbox', { name: /^Amount/ }).fill(amount);
    await dialog.getByRole('combobox', { name: /^Paid from/ }).click();
    await page.getByRole('option', { name: 'Collection · 1101 Crop collection bank account' }).click();
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('School fees advance');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/payments/loans') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    const reply = await created;
    expect(reply.status()).toBe(201);
    const loan = ((await reply.json()) as { data: { id: string; loanNo: string } }).data;
    const row = page.getByTestId('loans-table').getByRole('row', { name: new RegExp(loan.loanNo) });
    await row.locator('[data-status="draft"]').waitFor();
    await expect(row.textContent()).resolves.toContain('1101 Crop collection bank account');
    await page.context().close();

    page = await signedIn(browser, finance);
    await page.goto('/collections/loans');
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-sw').click();
    await page.getByRole('columnheader', { name: 'Imelipwa kutoka' }).waitFor();
    await page.getByTestId(`loan-approve-${loan.loanNo}`).click();
    await page
      .getByRole('dialog')
      .getByText(/Hauwezi kutenguliwa/)
      .waitFor();
    // The confirmation says what the bank holds in the books now and after, and that it goes below zero.
    const balance = await collectionBankBalance();
    const cover = page.getByRole('dialog').getByTestId('bank-cover');
    await expect(cover.textContent()).resolves.toBe(
      `1101 Crop collection bank account ina TZS ${toGroupedMoney(balance)} vitabuni; baada ya malipo haya: TZS ${toGroupedMoney(dec(balance).minus(amount).toFixed(2))}.` +
        'Salio la vitabuni halitoshi malipo haya: kuidhinisha kutashusha akaunti chini ya sifuri.',
    );
    const approved = page.waitForResponse((r) => r.url().includes(`/api/payments/loans/${loan.id}/approve`));
    await page.getByTestId('confirm-action').click();
    expect((await approved).status()).toBe(200);
    // Approved all the same (the union's settings warn), and the screen says so after the success.
    await page
      .getByText(/^Imeidhinishwa, lakini salio la vitabuni la akaunti ya benki halikutosha/)
      .waitFor();
    await page
      .getByTestId('loans-table')
      .getByRole('row', { name: new RegExp(loan.loanNo) })
      .locator('[data-status="approved"]')
      .waitFor();
    await page.context().close();

    const after = await api<Listed<{ id: string; status: string; journalEntryId: string | null }>>(
      'GET',
      `/payments/loans?farmer_id=${farmer.id}`,
      undefined,
      token,
    );
    expect(after.body.data.map((l) => [l.status, l.journalEntryId !== null])).toEqual([['active', true]]);
  }, 120_000);

  it('marks a beneficiary as the union’s own income from the beneficiaries list', async () => {
    const admin = await createUser(token, 'Administrator');
    const name = `E2E Union fee ${tag()}`;
    const made = await api<{ data: { id: string } }>(
      'POST',
      '/settings/collection/beneficiaries',
      { name, kind: 'other' },
      token,
    );
    expect(made.status).toBe(201);
    const page = await signedIn(browser, admin);
    // A new beneficiary of kind Union is the union's own income unless turned off, as the form says.
    await page.goto('/settings/collection/beneficiaries');
    await page.getByRole('button', { name: 'Add beneficiary' }).click();
    const form = page.getByRole('dialog');
    const income = form.getByRole('switch', { name: /Union's own income/ });
    await expect(income.isChecked()).resolves.toBe(false);
    await form.getByRole('combobox', { name: /^Kind/ }).click();
    await page.getByRole('option', { name: 'Union', exact: true }).click();
    await expect(income.isChecked()).resolves.toBe(true);
    await form
      .getByText('On for the union itself (kind Union) unless you turn it off.', { exact: false })
      .waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.goto(`/settings/collection/beneficiaries?search=${encodeURIComponent(name)}`);
    const row = page.getByTestId('beneficiaries-table').getByRole('row', { name: new RegExp(name) });
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    const unionIncome = dialog.getByRole('switch', { name: /Union's own income/ });
    await dialog.locator('.mantine-Switch-track').click();
    await expect(unionIncome.isChecked()).resolves.toBe(true);
    const saved = page.waitForResponse((r) =>
      r.url().includes(`/api/settings/collection/beneficiaries/${made.body.data.id}`),
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await row.getByText('Union income').waitFor();
    const after = await api<{ data: { unionIncome: boolean } }>(
      'GET',
      `/settings/collection/beneficiaries/${made.body.data.id}`,
      undefined,
      token,
    );
    expect(after.body.data.unionIncome).toBe(true);
    await page.close();
  }, 60_000);

  it('opens the control accounts report from the financial reports', async () => {
    const page = await signedIn(browser, finance);
    await page.goto('/reports/financial/trial-balance');
    await page.getByRole('link', { name: 'Control accounts' }).first().click();
    await page.waitForURL(/\/reports\/financial\/control-accounts$/);
    const table = page.getByTestId('control-accounts');
    await table.locator('[data-check="farmer_loans"]').waitFor();
    await table.locator('[data-check="due_between_books"]').waitFor();
    await page.getByTestId('control-accounts-verdict').waitFor();
    await page.close();
  }, 60_000);
});
