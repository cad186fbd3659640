import { readFile } from 'node:fs/promises';
import { todayInTanzania } from '@ushirika/domain';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  api,
  apiSignIn,
  createUser,
  type Listed,
  launchBrowser,
  must,
  signedIn,
} from './support.ts';

/**
 * Swahili as Tanzanian offices write it (#35): a finance manager on a Swahili screen approves and
 * reverses a journal entry, reads its history, the trial balance and its spreadsheet, and finds the
 * list's export button, all in the glossary's words (Tengua, Debiti / Krediti, Urari wa hesabu,
 * Pakua), with none of the false friends the issue found (Geuza, Mkopo / Deni for the sides,
 * Mizania for the trial balance, Hamisha for export). Toasts are whole sentences.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const FALSE_FRIENDS = /Hamisha|Mizania|Geuza|Imegeuzwa|\bMkopo\b|\bDeni\b|Daftari|Rejea/;

/** The book switch, labelled with the glossary's word for a book of accounts. */
const operationBook = (page: Page) =>
  page.getByRole('radiogroup', { name: 'Kitabu cha hesabu' }).getByText('Uendeshaji').click();

async function inSwahili(page: Page, path: string) {
  await page.evaluate(() => window.localStorage.setItem('i18n_locale', 'sw'));
  await page.goto(path);
}

describe('Swahili as Tanzanian offices write it (#35)', () => {
  it('reads a journal entry, its history, the trial balance and the export in the glossary words', async () => {
    const token = await adminToken();
    const accountant = await createUser(token, 'Accountant');
    const manager = await createUser(token, 'Finance Manager');
    const accounts = await must(
      api<Listed<{ id: string; code: string }>>(
        'GET',
        '/accounts?book=operation&per_page=200',
        undefined,
        token,
      ),
      'accounts',
    );
    const idOf = (code: string) => accounts.data.find((a) => a.code === code)?.id;
    const narration = `Kodi ya ofisi ${Date.now()}`;
    const made = await must(
      api<{ data: { id: string; number: string } }>(
        'POST',
        '/accounts/journal-entries',
        {
          entryDate: todayInTanzania(),
          book: 'operation',
          narration,
          reference: 'MKATABA-7',
          lines: [
            { accountId: idOf('5101'), debit: '450000.00' },
            { accountId: idOf('1101'), credit: '450000.00' },
          ],
        },
        await apiSignIn(accountant.email, accountant.password),
      ),
      'journal entry',
    );

    const page = await signedIn(browser, manager);
    await inSwahili(page, '/account/operation/journal-entry');
    await operationBook(page);
    // The export button of the list says Pakua (download), not Hamisha (move).
    const exportButton = page.getByTestId('journal-table').getByTestId('table-export');
    await exportButton.waitFor();
    expect((await exportButton.innerText()).trim()).toBe('Pakua');
    expect(await page.getByRole('button', { name: 'Hamisha' }).count()).toBe(0);

    await page.getByRole('button', { name: made.data.number }).click();
    const details = page.getByTestId('journal-details');
    await details.waitFor();
    const lines = details.getByRole('table', { name: 'Mistari' });
    await lines.getByRole('columnheader', { name: 'Debiti' }).waitFor();
    await lines.getByRole('columnheader', { name: 'Krediti' }).waitFor();
    await details.getByText('Kumbukumbu', { exact: true }).waitFor();

    await page.getByTestId('approve-entry').click();
    await page.getByTestId('confirm-action').click();
    await page.getByText('Ingizo la jarida limeidhinishwa kwa mafanikio').waitFor();
    await details.getByText('Imeingizwa vitabuni').first().waitFor();

    await page.getByTestId('reverse-entry').click();
    const confirm = page.getByRole('dialog', { name: 'Tengua' });
    expect(await confirm.innerText()).toContain('Ingizo pinzani litaingizwa vitabuni');
    await page.getByTestId('confirm-action').click();
    await page.getByText('Ingizo la jarida limetenguliwa kwa mafanikio').waitFor();

    // The reversed entry's history: approved, then reversed, in the glossary's verbs.
    await page.goto('/account/operation/journal-entry');
    await operationBook(page);
    await page.getByRole('button', { name: made.data.number }).click();
    const history = page.getByTestId('journal-details').getByTestId('history-timeline');
    await history.getByText('Imeidhinishwa').first().waitFor();
    await history.getByText('Imetenguliwa').first().waitFor();
    const historyText = await history.innerText();
    expect(historyText).not.toMatch(FALSE_FRIENDS);
    expect(historyText).not.toMatch(/Approved|Reversed|Posted/);

    // The trial balance: Urari wa hesabu, its sides Debiti / Krediti, balanced.
    await page.goto('/reports/financial/trial-balance');
    await operationBook(page);
    await page.getByRole('heading', { name: 'Urari wa hesabu' }).waitFor();
    const tb = page.getByTestId('trial-balance');
    await tb.getByRole('row', { name: /5101 Kodi ya ofisi/ }).waitFor();
    expect(await tb.getByRole('columnheader', { name: 'Debiti' }).count()).toBe(3);
    expect(await tb.getByRole('columnheader', { name: 'Krediti' }).count()).toBe(3);
    expect(await page.getByTestId('tb-totals').innerText()).toMatch(/^Jumla \(zimelingana\)/);
    // The report itself (the section's other links rightly name the balance sheet Mizania).
    expect(await tb.innerText()).not.toMatch(FALSE_FRIENDS);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Urari wa hesabu');

    // Its spreadsheet speaks the same words (the server's headers in the reader's language).
    const download = page.waitForEvent('download');
    await page.getByTestId('download-xlsx').click();
    const workbook = new ExcelJS.Workbook();
    const bytes = await readFile((await (await download).path()) ?? '');
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const cells: string[] = [];
    workbook.worksheets[0]?.eachRow((row) => {
      row.eachCell((cell) => cells.push(String(cell.value)));
    });
    expect(cells).toEqual(
      expect.arrayContaining(['Salio la kufunga (debiti)', 'Salio la kufunga (krediti)', 'Kodi ya ofisi']),
    );
    expect(cells.join(' ')).not.toMatch(FALSE_FRIENDS);
    await page.context().close();
  });
});
