import { readFile } from 'node:fs/promises';
import { todayInTanzania } from '@ushirika/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, apiSignIn, createUser, launchBrowser, must, signedIn } from './support.ts';

/**
 * The year's accounts in the browser (#28): the auditor reaches the statements from the sidebar,
 * opens a line's accounts and an account's ledger; the statements in Swahili and as files; the
 * auditors' pack; the accountant renames a statement line.
 */
let browser: Browser;
let token: string;
let accountant: { email: string; password: string };
let manager: { email: string; password: string };
let auditor: { email: string; password: string };
const year = todayInTanzania().slice(0, 4);
const today = todayInTanzania();
type Account = { id: string; code: string };

async function accountOf(book: string, code: string): Promise<string> {
  const found = await api<{ data: Account[] }>(
    'GET',
    `/accounts?book=${book}&search=${code}&per_page=50`,
    undefined,
    token,
  );
  const account = found.body.data.find((a) => a.code === code);
  if (!account) throw new Error(`no ${book} account ${code}`);
  return account.id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  [accountant, manager, auditor] = await Promise.all([
    createUser(token, 'Accountant'),
    createUser(token, 'Finance Manager'),
    createUser(token, 'Auditor'),
  ]);
  // New shares of 7,777,000 paid into the operation bank: entered by the accountant, approved by
  // the finance manager (maker-checker).
  const [bank, shares] = await Promise.all([accountOf('operation', '1101'), accountOf('operation', '3101')]);
  const maker = await apiSignIn(accountant.email, accountant.password);
  const draft = await must(
    api<{ data: { id: string } }>(
      'POST',
      '/accounts/journal-entries',
      {
        entryDate: today,
        book: 'operation',
        narration: 'Shares subscribed at the general meeting',
        lines: [
          { accountId: bank, debit: '7777000.00' },
          { accountId: shares, credit: '7777000.00' },
        ],
      },
      maker,
    ),
    'draft entry',
  );
  const checker = await apiSignIn(manager.email, manager.password);
  await must(
    api('PATCH', `/accounts/journal-entries/${draft.data.id}/approve`, undefined, checker),
    'approve',
  );
}, 120_000);
afterAll(() => browser.close());

/** The statements' section tab (Reports › Financial) by its name. */
async function openTab(page: Page, name: string, path: RegExp) {
  await page.getByRole('link', { name, exact: true }).first().click();
  await page.waitForURL(path);
}

describe('the financial statements in the browser', () => {
  it('the auditor opens the statement of financial position from the sidebar and drills a line down to its ledger', async () => {
    const page = await signedIn(browser, auditor);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByTestId('nav-general_ledger').click();
    await openTab(page, 'Financial position', /\/reports\/financial\/financial-position/);
    const table = page.getByTestId('financial-position');
    await table.locator('[data-testid="total-assets"]').waitFor();
    await expect(page.getByTestId('statement-balanced').textContent()).resolves.toBe('Balanced');
    // Expand only once the Operation book's statement has answered: a line opened on the old
    // book's figures closes again when the new ones arrive.
    const operation = page.waitForResponse(
      (r) => r.url().includes('/api/reports/financial-position?') && r.url().includes('book=operation'),
    );
    await page.getByTestId('statement-book').getByText('Operation').click();
    await page.waitForURL(/book=operation/);
    await operation;
    await table.locator('[data-testid="total-assets"]').waitFor();
    await page.getByRole('button', { name: "Show the accounts of Members' share capital" }).click();
    const row = table.locator('[data-account="3101"]');
    const amount = (await row.locator('td').nth(1).textContent()) ?? '';
    expect(amount).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    await row.getByRole('link').click();
    await page.waitForURL(/\/reports\/financial\/general-ledgers\?account_id=/);
    // The ledger's closing balance is the line's account, as a credit (a negative debit balance).
    await expect.poll(() => page.getByTestId('gl-closing').textContent()).toBe(`-${amount}`);
    await page.context().close();
  }, 120_000);

  it('reads income and expenditure in Swahili and downloads it as a workbook', async () => {
    const page = await signedIn(browser, auditor);
    await page.goto('/reports/financial/trial-balance');
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-sw').click();
    await openTab(page, 'Mapato na matumizi', /\/reports\/financial\/income-and-expenditure/);
    await page.getByRole('heading', { name: 'Taarifa ya mapato na matumizi' }).waitFor();
    await page.getByTestId('income-and-expenditure').waitFor();
    await expect(page.getByTestId('statement-from').inputValue()).resolves.toBe(`01/01/${year}`);
    const download = page.waitForEvent('download');
    await page.getByTestId('download-xlsx').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`UNION_INCOME_AND_EXPENDITURE_${year}-01-01_${today}.xlsx`);
    expect((await readFile((await file.path()) ?? '')).subarray(0, 2).toString()).toBe('PK');
    await openTab(page, 'Mtiririko wa fedha', /\/reports\/financial\/cash-flows/);
    await page.getByTestId('cash-closingCash').waitFor();
    await expect(page.getByTestId('statement-balanced').textContent()).resolves.toBe('Inalingana');
    await openTab(page, 'Mabadiliko ya mfuko wa wanachama', /\/reports\/financial\/changes-in-funds/);
    await page.locator('[data-row="closing"]').first().waitFor();
    await page.context().close();
  }, 120_000);

  it("downloads the auditors' pack of the year as one zip", async () => {
    const page = await signedIn(browser, auditor);
    await page.goto('/reports/financial/trial-balance');
    await openTab(page, "Auditors' pack", /\/reports\/financial\/audit-pack/);
    await page.getByTestId('pack-year-open').waitFor();
    await page.getByTestId('pack-threshold').fill('5000000');
    const download = page.waitForEvent('download', { timeout: 90_000 });
    await page.getByTestId('pack-download').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^AUDIT_PACK_.+\.zip$/);
    expect((await readFile((await file.path()) ?? '')).subarray(0, 2).toString()).toBe('PK');
    await page.context().close();
  }, 150_000);

  it('the accountant renames a statement line in Swahili from Settings › Accounts; the statement shows it', async () => {
    const page = await signedIn(browser, accountant);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByTestId('nav-group-settings').click();
    await nav.getByTestId('nav-settings-classes').click();
    await openTab(page, 'Statement lines', /\/account\/settings\/statement-lines/);
    const swName = page.getByRole('textbox', { name: 'Name (Swahili): Reserves' });
    await swName.fill('Akiba za chama (jumla)');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/accounts/statement-lines') && r.request().method() === 'PUT',
    );
    await page.getByTestId('save-mapping').click();
    expect((await saved).status()).toBe(200);
    await page.getByText('Statement lines saved successfully').waitFor();
    const statement = await api<{
      data: { sections: { key: string; lines: { key: string; name: string }[] }[] };
    }>(
      'GET',
      `/reports/financial-position?book=operation&as_at=${today}`,
      undefined,
      await apiSignIn(auditor.email, auditor.password),
    );
    expect(statement.body.data.sections.find((s) => s.key === 'reserves')).toBeDefined();
    const mapping = await api<{ data: { lines: { code: string; nameSw: string }[] } }>(
      'GET',
      '/accounts/statement-lines',
      undefined,
      token,
    );
    expect(mapping.body.data.lines.find((l) => l.code === 'reserves')?.nameSw).toBe('Akiba za chama (jumla)');
    await page.context().close();
  }, 120_000);
});
