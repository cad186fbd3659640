import { readFile } from 'node:fs/promises';
import { todayInTanzania } from '@ushirika/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, createUser, launchBrowser, signedIn } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const operationBook = (page: Page) => page.getByText('Operation', { exact: true }).click();

describe('accounting', () => {
  it('an accountant enters a journal entry, a finance manager approves it, it shows in the trial balance and ledger, and the accounts export', async () => {
    const token = await adminToken();
    const accountant = await createUser(token, 'Accountant');
    const manager = await createUser(token, 'Finance Manager');

    const page = await signedIn(browser, accountant);
    await page.goto('/account/operation/journal-entry');
    await operationBook(page);
    await page.getByTestId('journal-table-create').click();
    const dialog = page.getByRole('dialog');
    const narration = `Office rent ${Date.now()}`;
    await dialog.getByLabel('Narration').fill(narration);
    await page.getByTestId('line-account-0').click();
    await page.getByRole('option', { name: /^5101 Office rent/ }).click();
    await page.getByTestId('line-debit-0').fill('1250000.50');
    await page.getByTestId('line-account-1').click();
    await page.getByRole('option', { name: /^1101 Operation bank account/ }).click();
    await page.getByTestId('line-credit-1').fill('1250000');
    // Live totals from packages/domain; an unbalanced entry is refused before it is sent.
    expect(await page.getByTestId('total-debit').innerText()).toBe('1,250,000.50');
    expect(await page.getByTestId('balance-state').innerText()).toBe('Debits and credits differ by 0.50');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('lines-error').waitFor();
    await page.getByTestId('line-credit-1').fill('1250000.50');
    expect(await page.getByTestId('balance-state').innerText()).toBe('Debits equal credits');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/accounts/journal-entries') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    const createdBody = (await (await created).json()) as { data: { id: string; number: string } };
    await page.getByText('Journal entry created successfully').waitFor();
    await page.getByRole('button', { name: createdBody.data.number }).click();
    await page.getByTestId('journal-details').waitFor();
    expect(await page.getByTestId('approve-entry').count()).toBe(0); // the maker cannot approve
    await page.context().close();

    const checker = await signedIn(browser, manager);
    await checker.goto('/account/operation/journal-entry');
    await operationBook(checker);
    await checker.getByRole('button', { name: createdBody.data.number }).click();
    await checker.getByTestId('approve-entry').click();
    // Approving posts to the books: it asks first (issue #20).
    await checker.getByTestId('confirm-action').click();
    await checker.getByText('Journal entry approved successfully').waitFor();
    const entry = await api<{ data: { status: string } }>(
      'GET',
      `/accounts/journal-entries/${createdBody.data.id}`,
      undefined,
      token,
    );
    expect(entry.body.data.status).toBe('posted');

    await checker.goto('/reports/financial/trial-balance');
    await operationBook(checker);
    const rent = checker.getByTestId('trial-balance').getByRole('row', { name: /5101 Office rent/ });
    await rent.waitFor();
    expect(await rent.innerText()).toContain('1,250,000.50');
    expect(await checker.getByTestId('tb-totals').innerText()).toMatch(/^Totals \(balanced\)/);

    await checker.goto('/reports/financial/general-ledgers');
    await operationBook(checker);
    await checker.getByTestId('gl-account').click();
    await checker.getByRole('option', { name: /^5101 Office rent/ }).click();
    const line = checker
      .getByTestId('general-ledger')
      .getByRole('row', { name: new RegExp(createdBody.data.number) });
    await line.waitFor();
    expect(await line.innerText()).toContain(narration);
    expect(await checker.getByTestId('gl-closing').innerText()).toBe('1,250,000.50');

    await checker.goto('/account/operation/accounts/operation');
    await checker.getByTestId('accounts-table').waitFor();
    // One export button on the accounts page (#20: two gave the same sheet under two names).
    expect(await checker.getByRole('button', { name: /export/i }).count()).toBe(1);
    const download = checker.waitForEvent('download');
    await checker.getByTestId('table-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`OPERATION_ACCOUNTS_${todayInTanzania()}.xlsx`);
    const bytes = await readFile((await file.path()) ?? '');
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    await checker.context().close();
  });

  it('an accountant maps retained earnings to another account in the settings and it is saved', async () => {
    const token = await adminToken();
    const accountant = await createUser(token, 'Accountant');
    type Mapping = { key: string; accountId: string; accountCode: string };
    const mappings = async () =>
      (await api<{ data: Mapping[] }>('GET', '/accounts/mappings', undefined, token)).body.data;
    const before = (await mappings()).find((m) => m.key === 'operation_retained_earnings');
    const page = await signedIn(browser, accountant);
    await page.goto('/account/settings/classes?tab=mappings');
    const picker = page.getByTestId('mapping-operation_retained_earnings');
    await picker.waitFor({ timeout: 45_000 });
    await picker.click();
    await page.getByRole('option', { name: /^3103 General reserve/ }).click();
    await page.getByTestId('mappings-form').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Account mappings updated successfully').waitFor();
    const saved = (await mappings()).find((m) => m.key === 'operation_retained_earnings');
    expect(saved?.accountCode).toBe('3103');
    await page.reload();
    await expect
      .poll(() => page.getByTestId('mapping-operation_retained_earnings').inputValue(), { timeout: 45_000 })
      .toBe('3103 General reserve');
    await page.context().close();
    // Put it back for the other tests.
    await api(
      'PUT',
      '/accounts/mappings',
      { mappings: [{ key: 'operation_retained_earnings', accountId: before?.accountId }] },
      token,
    );
  });
});
