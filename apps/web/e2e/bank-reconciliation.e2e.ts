import { readFile } from 'node:fs/promises';
import { todayInTanzania } from '@ushirika/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationAccount } from './accounts-fixtures.ts';
import { adminToken, api, apiSignIn, createUser, launchBrowser, must, signedIn } from './support.ts';

/**
 * Bank reconciliation (#17) in the browser: an accountant imports a statement (mapping its CSV
 * columns), accepts the automatic matches, records the bank charges as a draft entry (approved by
 * the finance manager), matches it, closes a balanced reconciliation and downloads the PDF, in
 * English and in Swahili. Each run uses a new bank account so other specs' postings do not mix in.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const today = todayInTanzania();
type Account = { id: string; code: string; groupId: string };

async function world(label: string) {
  const token = await adminToken();
  const accountant = await createUser(token, 'Accountant');
  const manager = await createUser(token, 'Finance Manager');
  const [makerToken, checkerToken] = [
    await apiSignIn(accountant.email, accountant.password),
    await apiSignIn(manager.email, manager.password),
  ];
  const find = (code: string) => operationAccount<Account>(token, code);
  const [template, levy, rentTemplate] = [await find('1101'), await find('4101'), await find('5101')];
  const stamp = Date.now().toString().slice(-6);
  const newAccount = async (body: Record<string, unknown>) =>
    (
      await must(
        api<{ data: Account }>('POST', '/accounts', { book: 'operation', ...body }, token),
        'account',
      )
    ).data;
  const bank = await newAccount({
    code: `11${stamp}`,
    name: `E2E bank ${label}`,
    groupId: template.groupId,
    isBankOrCash: true,
  });
  // Its own expense account: other specs read 5101 Office rent in the trial balance.
  const rent = await newAccount({
    code: `51${stamp}`,
    name: `E2E rent ${label}`,
    groupId: rentTemplate.groupId,
  });
  const post = async (reference: string, lines: { accountId: string; debit?: string; credit?: string }[]) => {
    const draft = await must(
      api<{ data: { id: string } }>(
        'POST',
        '/accounts/journal-entries',
        { entryDate: today, book: 'operation', narration: reference, reference, lines },
        makerToken,
      ),
      'entry',
    );
    await must(
      api('PATCH', `/accounts/journal-entries/${draft.data.id}/approve`, undefined, checkerToken),
      'approval',
    );
  };
  await post('E2E-R1', [
    { accountId: bank.id, debit: '2000000.00' },
    { accountId: levy.id, credit: '2000000.00' },
  ]);
  await post('E2E-P1', [
    { accountId: rent.id, debit: '300000.00' },
    { accountId: bank.id, credit: '300000.00' },
  ]);
  return { accountant, checkerToken, bank, code: bank.code };
}

const CSV = [
  'Date,Ref,Details,Amount,Balance',
  `${today},E2E-R1,Deposit levy,2000000.00,2000000.00`,
  `${today},E2E-P1,Cheque rent,-300000.00,1700000.00`,
  `${today},CHG-1,Ledger fees,-5000.00,1695000.00`,
].join('\n');

async function pick(page: Page, label: string | RegExp, option: string | RegExp) {
  await page
    .getByRole('dialog')
    .getByLabel(label, { exact: typeof label === 'string' })
    .click();
  await page.getByRole('option', { name: option }).click();
}

for (const language of ['en', 'sw'] as const) {
  const text =
    language === 'en'
      ? {
          tab: 'Reconciliations',
          date: 'Date',
          reference: 'Reference',
          description: 'Description',
          amount: /^Amount/,
          balance: 'Running balance',
        }
      : {
          tab: 'Ulinganisho wa benki',
          date: 'Tarehe',
          reference: 'Kumbukumbu',
          description: 'Maelezo',
          amount: /^Kiasi cha fedha/,
          balance: 'Salio linaloendelea',
        };
  describe(`bank reconciliation (${language})`, () => {
    it('imports, auto-matches, records the bank charges, closes a balanced reconciliation and downloads it', async () => {
      const { accountant, checkerToken, bank, code } = await world(language);
      const page = await signedIn(browser, accountant);
      if (language === 'sw') {
        await page.getByTestId('language-switch').click();
        await page.getByTestId('language-option-sw').click();
      }
      await page.goto('/account/operation/bank-reconciliation');
      await page.getByTestId('recon-account').click();
      await page.getByRole('option', { name: new RegExp(`${code} E2E bank`) }).click();

      // Import with the column-mapping step (the account has no saved mapping yet).
      await page.getByTestId('recon-import').click();
      await page
        .getByRole('dialog')
        .locator('input[type=file]')
        .setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
      await page.getByTestId('recon-mapping').waitFor();
      await pick(page, text.date, 'Date');
      await pick(page, text.reference, 'Ref');
      await pick(page, text.description, 'Details');
      await pick(page, text.amount, 'Amount');
      await pick(page, text.balance, 'Balance');
      const imported = page.waitForResponse((r) => r.url().endsWith('/bank-reconciliation/statements'));
      await page
        .getByTestId('recon-import-form')
        .getByRole('button', {
          name: language === 'en' ? 'Import statement' : 'Ingiza taarifa ya benki kutoka faili',
        })
        .click();
      expect((await imported).status()).toBe(201);
      await page.getByTestId('recon-statement-lines').getByText('CHG-1').waitFor();

      // Automatic matches: the deposit and the cheque, by amount and reference.
      await page.getByTestId('recon-find-matches').click();
      await page.getByTestId('recon-suggestions').waitFor();
      expect(await page.getByTestId('recon-suggestions').locator('tbody tr').count()).toBe(2);
      await page.getByTestId('recon-accept-all').click();
      await page.getByTestId('recon-statement-lines').getByText('E2E-R1').waitFor({ state: 'detached' });

      // The ledger fees: a draft journal entry, approved by another person, then matched.
      await page.getByTestId('recon-record-entry').click();
      await page.getByTestId('recon-counter-account').click();
      await page.getByRole('option', { name: /^5301 / }).click();
      const drafted = page.waitForResponse((r) => r.url().endsWith('/bank-reconciliation/entries'));
      await page
        .getByTestId('recon-entry-form')
        .getByRole('button', { name: language === 'en' ? 'Save' : 'Hifadhi' })
        .click();
      const entry = (await (await drafted).json()) as { data: { id: string; number: string } };
      await page.getByText(entry.data.number, { exact: false }).first().waitFor();
      await must(
        api('PATCH', `/accounts/journal-entries/${entry.data.id}/approve`, undefined, checkerToken),
        'approval',
      );
      await page.getByTestId('recon-find-matches').click();
      await page.getByTestId('recon-accept-all').click();
      await page.getByTestId('recon-statement-lines').waitFor({ state: 'detached' });

      // Reconcile at today: bank 1,695,000.00 = books 2,000,000 - 300,000 - 5,000.
      await page.getByRole('tab', { name: text.tab }).click();
      await page.getByTestId('recon-new').click();
      await page.getByTestId('recon-open-form').locator('input[inputmode=decimal]').fill('1695000.00');
      await page
        .getByTestId('recon-open-form')
        .getByRole('button', { name: language === 'en' ? 'Save' : 'Hifadhi' })
        .click();
      await page.getByTestId('recon-statement').waitFor();
      expect(await page.getByTestId('recon-books').innerText()).toMatch(/^TZS 1\D?695\D?000\D00$/);
      expect(await page.getByTestId('recon-difference').innerText()).toMatch(/^TZS 0\D00$/);
      await page.getByTestId('recon-close').click();
      const closed = page.waitForResponse((r) => r.url().endsWith('/close'));
      await page.getByTestId('confirm-action').click();
      expect((await closed).status()).toBe(200);
      await page.getByTestId('recon-close').waitFor({ state: 'detached' });

      const download = page.waitForEvent('download');
      await page.getByTestId('recon-pdf').click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`BANK_RECONCILIATION_${code}_${today}.pdf`);
      expect((await readFile((await file.path()) ?? '')).subarray(0, 5).toString()).toBe('%PDF-');
      const list = await api<{ data: { status: string; difference: string }[] }>(
        'GET',
        `/accounts/bank-reconciliation/reconciliations?account_id=${bank.id}`,
        undefined,
        checkerToken,
      );
      expect(list.body.data).toMatchObject([{ status: 'closed', difference: '0.00' }]);
      await page.context().close();
    });
  });
}
