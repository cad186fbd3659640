import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cashewSeasonCrop,
  deliveredLot,
  type Lot,
  tag,
  thousandKgCollections,
  today,
} from './crop-flow-fixtures.ts';
import { type Buyer, createBuyer, type Invoice, sellLot } from './sales-fixtures.ts';
import { adminToken, adminUser, api, createUser, launchBrowser, must, signedIn } from './support.ts';

/**
 * Sales, the buyer half, in the browser: a lot goes the whole way through the API (collection,
 * delivery note, lot, auction closed -> invoice), then the officer records a part payment and a
 * full payment, issues the release note of the paid lot and reads the buyer aged report.
 */
let browser: Browser;
let token: string;
let buyer: Buyer;
let lot: Lot;
let auctionInvoice: Invoice;
let openInvoice: { id: string; invoiceNo: string };

/** One lot of 1,000 kg sold to the buyer at 2,500/kg through a closed auction. */
async function soldLot(): Promise<void> {
  const crop = await cashewSeasonCrop(token);
  const { clerkToken, collectionIds } = await thousandKgCollections(token, crop, {
    society: `Sales AMCOS ${tag()}`,
    firstName: 'Rehema',
    lastName: `Mauzo ${tag()}`,
    count: 1,
  });
  lot = await deliveredLot(token, clerkToken, crop, {
    prefix: 'Sales',
    collectionIds,
    bags: 12,
    netKg: '1000.000',
  });
  const sale = { seasonCropId: crop.seasonCropId, lotId: lot.id, buyerId: buyer.id, pricePerKg: '2500.00' };
  auctionInvoice = await sellLot(token, sale);
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  buyer = await createBuyer(token, 'Korosho Exporters');
  await soldLot();
  // A manual invoice that stays open, for the aged report.
  openInvoice = (
    await must(
      api<{ data: { id: string; invoiceNo: string } }>(
        'POST',
        '/sales/invoices',
        {
          buyerId: buyer.id,
          invoiceDate: today,
          lines: [{ description: 'Empty bags', kg: '1200', pricePerKg: '250' }],
        },
        token,
      ),
      'manual invoice',
    )
  ).data;
}, 120_000);
afterAll(() => browser.close());

async function chooseOption(
  page: Page,
  scope: ReturnType<Page['getByRole']>,
  label: RegExp,
  option: string | RegExp,
) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

async function recordReceipt(page: Page, amount: string) {
  await page.goto('/collections/sales/receipts/list');
  await page.getByTestId('receipts-table-create').click();
  const dialog = page.getByRole('dialog');
  await chooseOption(page, dialog, /^Buyer/, new RegExp(buyer.name));
  const bank = dialog.getByRole('combobox', { name: /^Bank account/ });
  if (!(await bank.inputValue()))
    await chooseOption(page, dialog, /^Bank account/, /Crop collection bank account/);
  await dialog.getByRole('textbox', { name: 'Amount (TZS)', exact: true }).fill(amount);
  await dialog.getByLabel(/^Reference/).fill(`TT-${tag()}`);
  await dialog.getByTestId('allocation-table').waitFor();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/sales/receipts') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  // A receipt posts at once: asked first, with its amount (#37).
  expect(await page.getByTestId('confirm-amount').innerText()).toMatch(/^Amount: TZS /);
  await page.getByTestId('confirm-action').click();
  expect((await saved).status()).toBe(201);
  await page.waitForURL(/\/collections\/sales\/receipts\/[0-9a-f-]+\/details/);
}

const invoiceStatus = async (page: Page, id: string) => {
  await page.goto(`/collections/sales/invoices/${id}/details`);
  const badge = page.getByTestId('invoice-status');
  await badge.waitFor();
  return badge.getAttribute('data-status');
};

describe('sales in the browser', () => {
  it('records a part payment and a full payment, releases the paid lot, reads the aged report', async () => {
    const page = await signedIn(browser, adminUser());

    // Part payment: 1,000,000 of the auction invoice (the oldest open one is filled first).
    await recordReceipt(page, '1000000');
    expect(await invoiceStatus(page, auctionInvoice.id)).toBe('part_paid');
    await expect(page.getByTestId('invoice-balance').textContent()).resolves.not.toBe('0.00');

    // The lot of a part-paid invoice is not offered for release.
    await page.goto('/collections/sales/release-notes');
    await page.getByTestId('release-notes-table-create').click();
    let dialog = page.getByRole('dialog');
    await chooseOption(page, dialog, /^Buyer/, new RegExp(buyer.name));
    await dialog.getByText('No fully paid lot of this buyer is waiting for release').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Full payment: the rest of the auction invoice.
    const rest = (
      await api<{ data: { balance: string } }>(
        'GET',
        `/sales/invoices/${auctionInvoice.id}`,
        undefined,
        token,
      )
    ).body.data.balance;
    await recordReceipt(page, rest);
    expect(await invoiceStatus(page, auctionInvoice.id)).toBe('paid');
    expect(await invoiceStatus(page, openInvoice.id)).toBe('issued');

    // Release note of the paid lot.
    await page.goto('/collections/sales/release-notes');
    await page.getByTestId('release-notes-table-create').click();
    dialog = page.getByRole('dialog');
    await chooseOption(page, dialog, /^Buyer/, new RegExp(buyer.name));
    await dialog.getByLabel(`Lot ${lot.lotNo}`).check();
    await dialog.getByLabel(/^Collected by/).fill('Juma Mnunuzi');
    await dialog.getByRole('button', { name: 'Release' }).click();
    const released = page.waitForResponse(
      (r) => r.url().endsWith('/api/sales/release-notes') && r.request().method() === 'POST',
    );
    await page.getByTestId('confirm-action').click();
    expect((await released).status()).toBe(201);
    await page.getByTestId('release-notes-table').getByText(buyer.name).first().waitFor();
    const lotNow = await api<{ data: { status: string } }>(
      'GET',
      `/collections/lots/${lot.id}`,
      undefined,
      token,
    );
    expect(lotNow.body.data.status).toBe('released');

    // The aged report: the open manual invoice (300,000.00) in 0-30 days.
    await page.goto('/reports/buyer/buyer-aged-summary');
    const row = page.getByTestId('aged-summary').getByRole('row', { name: new RegExp(buyer.name) });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('300,000.00');
    await page.locator('label', { hasText: /^Details$/ }).click();
    await page.waitForURL(/buyer-aged-details/);
    await page.getByTestId('aged-details').getByText(openInvoice.invoiceNo).waitFor();
    await page.close();
  }, 180_000);

  it('sets the invoice due days from the invoices list; only those who may change them see it', async () => {
    const before = (
      await api<{ data: { invoiceDueDays: number } }>('GET', '/sales/settings', undefined, token)
    ).body.data.invoiceDueDays;
    const page = await signedIn(browser, adminUser());
    await page.goto('/collections/sales/invoices/list');
    await page.getByRole('button', { name: 'Sales settings' }).click();
    const dialog = page.getByRole('dialog');
    const days = dialog.getByRole('textbox', { name: /^Days to pay an invoice/ });
    await expect(days.inputValue()).resolves.toBe(String(before));
    // The field has the focus: type a value out of range, Enter shows the error on the field.
    await page.keyboard.press('Control+A');
    await page.keyboard.type('400');
    await page.keyboard.press('Enter');
    await dialog.getByText(/365/).waitFor();
    await days.fill('21');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/sales/settings') && r.request().method() === 'PUT',
    );
    await days.press('Enter');
    expect((await saved).status()).toBe(200);
    await dialog.waitFor({ state: 'detached' });
    const now = await api<{ data: { invoiceDueDays: number } }>('GET', '/sales/settings', undefined, token);
    expect(now.body.data.invoiceDueDays).toBe(21);
    // A new invoice without a due date is due 21 days after its date.
    const inv = await api<{ data: { id: string; dueDate: string } }>(
      'POST',
      '/sales/invoices',
      {
        buyerId: buyer.id,
        invoiceDate: '2026-03-01',
        lines: [{ description: 'Bags', kg: '1', pricePerKg: '1' }],
      },
      token,
    );
    expect(inv.body.data.dueDate).toBe('2026-03-22');
    await page.goto('/collections/sales/invoices/create');
    await page.getByText('Empty: the invoice date plus 21 days (sales settings)').waitFor();

    // Cancel it: a reason is required, then a confirmation.
    await page.goto(`/collections/sales/invoices/${inv.body.data.id}/details`);
    await page.getByTestId('cancel-invoice').click();
    const cancelForm = page.getByTestId('cancel-invoice-form');
    await cancelForm.getByRole('button', { name: 'Cancel invoice' }).click();
    await expect(cancelForm.getByLabel(/^Reason for cancelling/).getAttribute('aria-invalid')).resolves.toBe(
      'true',
    );
    await cancelForm.getByLabel(/^Reason for cancelling/).fill('Entered twice');
    await cancelForm.getByRole('button', { name: 'Cancel invoice' }).click();
    await page.getByTestId('confirm-action').click();
    await expect.poll(() => page.getByTestId('invoice-status').getAttribute('data-status')).toBe('cancelled');
    await page.close();

    // A settlement officer issues invoices but does not change the settings: no button.
    const officer = await createUser(token, 'Settlement Officer');
    const other = await signedIn(browser, officer);
    await other.goto('/collections/sales/invoices/list');
    await other.getByTestId('invoices-table').waitFor();
    await expect(other.getByRole('button', { name: 'Sales settings' }).count()).resolves.toBe(0);
    await other.close();
    await api('PUT', '/sales/settings', { invoiceDueDays: before }, token);
  }, 120_000);
});
