import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashewSeasonCrop, createFarmer, type Farmer, phone, typeEach } from './crop-flow-fixtures.ts';
import { adminToken, createAmcos, createUser, launchBrowser, signedIn } from './support.ts';

let browser: Browser;
let clerk: { email: string; password: string };
let unionUser: { email: string; password: string };
const receiptIds: string[] = [];
let firstReceiptNo = '';
const farmers: Farmer[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  await cashewSeasonCrop(token);
  const society = await createAmcos(token, 'Mnazi Mmoja AMCOS');
  for (const firstName of ['Halima', 'Omari', 'Zuhura'])
    farmers.push(
      await createFarmer(token, { amcosId: society.id, firstName, lastName: 'Mpima', phone: phone() }),
    );
  clerk = await createUser(token, 'AMCOS Clerk', society.id);
  unionUser = await createUser(token, 'Crop Officer');
});
afterAll(() => browser.close());

/** One farmer at the scale, keyboard only: number, Enter (picks them), Enter (grade stays), bags... Enter saves. */
async function weigh(
  page: Page,
  farmer: { farmerNo: string; firstName: string },
  bags: string,
  gross: string,
  tare: string,
  moisture: string,
) {
  await page.keyboard.type(farmer.farmerNo);
  await page.keyboard.press('Enter'); // picks the only match -> grade
  await page.getByTestId('farmer-found').filter({ hasText: farmer.firstName }).waitFor();
  await page.keyboard.press('Enter'); // -> bags
  await typeEach(page, [bags, gross, tare]);
  await page.keyboard.type(moisture);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/collections/receipts') && r.request().method() === 'POST',
  );
  await page.keyboard.press('Enter');
  const reply = await saved;
  expect(reply.status()).toBe(201);
  // The form is ready for the next farmer at once: empty, with the cursor on the farmer, and no
  // message on it (an empty box after a save is not an error, #37).
  await page.waitForFunction(
    () =>
      document.activeElement?.getAttribute('data-testid') === 'farmer-no' &&
      (document.activeElement as HTMLInputElement).value === '',
  );
  expect(await page.getByTestId('farmer-no').getAttribute('aria-invalid')).not.toBe('true');
  expect(await page.getByTestId('farmer-no-refusal').count()).toBe(0);
  return ((await reply.json()) as { data: { id: string; receiptNo: string; netKg: string } }).data;
}

describe('collections in the browser', () => {
  it('an AMCOS clerk weighs three farmers with the keyboard, prints a receipt and sees the stock', async () => {
    const page = await signedIn(browser, clerk);
    await page.goto('/collections/receips/list');
    await page.getByTestId('weighing-form').waitFor();
    await page.getByTestId('farmer-no').click();

    // An unknown number says so, and Enter keeps it.
    await page.keyboard.type('NOPE-99999');
    expect(await page.getByTestId('farmer-picker-none').innerText()).toBe('No farmer matches “NOPE-99999”');
    await page.keyboard.press('Enter');
    await page.getByTestId('farmer-no-refusal').waitFor();
    await page.getByTestId('farmer-no').fill('');

    const [a, b, c] = farmers;
    if (!a || !b || !c) throw new Error('farmers missing');
    const first = await weigh(page, a, '2', '162.5', '2.5', '8.5');
    expect(first.netKg).toBe('160.000');
    firstReceiptNo = first.receiptNo;
    await weigh(page, b, '3', '240.25', '3.75', '9');
    // The net is computed as the clerk types.
    await page.keyboard.type(c.farmerNo);
    await page.keyboard.press('Enter');
    await page.getByTestId('farmer-found').waitFor();
    expect(await page.getByTestId('farmer-found').innerText()).toBe(`${c.firstName} ${c.lastName}`);
    await page.getByTestId('farmer-no').fill('');
    await page.getByTestId('farmer-no').focus();
    const third = await weigh(page, c, '1', '80', '1', '7');
    expect(third.netKg).toBe('79.000');

    const tally = (await page.getByTestId('session-tally').textContent()) ?? '';
    expect(tally).toContain('Farmers: 3');
    expect(tally).toContain('475.500 kg');
    expect(await page.getByTestId('last-saved').innerText()).toContain(third.receiptNo);

    // Print the last receipt: the PDF answers 200 application/pdf.
    const pdf = page.waitForResponse((r) =>
      r.url().includes(`/api/collections/receipts/${third.id}/receipt`),
    );
    await page.getByTestId('print-last').click();
    const pdfReply = await pdf;
    expect(pdfReply.status()).toBe(200);
    expect(pdfReply.headers()['content-type']).toBe('application/pdf');

    // The list shows the three receipts; the stock holds their kg.
    await page.getByTestId('collections-table').getByText(first.receiptNo).waitFor();
    await page.getByTestId('stock-tab').click();
    await page.getByTestId('stock-table').waitFor();
    expect(await page.getByTestId('stock-total-kg').innerText()).toBe('475.500 kg');

    // The farmer's page: the season's receipts and their totals (the statement's lines tables).
    await page.goto(`/amcos/amcos-farmers/${a.id}/details?tab=collections`);
    await page.getByTestId('statement-receipts').getByText(first.receiptNo).waitFor();
    expect(await page.getByTestId('statement-grades-total-kg').innerText()).toBe('160.000');
    await page.goto('/collections/receips/list');
    await page.getByTestId('weighing-form').waitFor();

    // Swahili labels.
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-sw').click();
    await page.getByLabel(/^Mkulima/).waitFor();
    await page.getByText('Pima mzigo').waitFor();
    await page.context().close();
    receiptIds.push(first.id, third.id);
  });

  it('the clerk opens a receipt, cancels it with a reason after confirming; the union sees it cancelled', async () => {
    const page = await signedIn(browser, clerk);
    await page.goto(`/collections/receips/${receiptIds[0]}/receips`);
    await page.getByTestId('collection-cancel').click();
    const dialog = page.getByTestId('collection-cancel-form');
    await dialog.getByLabel(/^Reason/).fill('Weighed on the wrong scale');
    await dialog.getByRole('button', { name: 'Cancel collection' }).click();
    const cancelled = page.waitForResponse((r) =>
      r.url().endsWith(`/api/collections/receipts/${receiptIds[0]}/cancel`),
    );
    await page.getByTestId('confirm-action').click();
    expect((await cancelled).status()).toBe(200);
    expect(await page.getByTestId('cancel-reason').innerText()).toContain('Weighed on the wrong scale');
    expect(await page.getByTestId('collection-edit').count()).toBe(0);
    await page.context().close();

    const union = await signedIn(browser, unionUser);
    await union.goto('/collections/crop_collections?status=cancelled');
    await union.getByTestId('collections-table').getByText(firstReceiptNo).waitFor();
    await union.context().close();
  });
});
