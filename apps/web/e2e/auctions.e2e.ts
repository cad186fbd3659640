import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cashewSeasonCrop,
  deliverToWarehouse,
  issueLots,
  type Lot,
  tag,
  thousandKgCollections,
} from './crop-flow-fixtures.ts';
import { type Buyer, createBuyer } from './sales-fixtures.ts';
import { adminToken, adminUser, api, launchBrowser, signedIn } from './support.ts';

/**
 * Auctions in the browser: three lots reach the warehouse through the API (collections, a delivery
 * note, lots); the officer creates an auction, catalogues the lots with the builder, publishes,
 * types the results in the grid by keyboard, records the society's decisions and closes.
 */
let browser: Browser;
let token: string;
let buyer: Buyer;
let warehouseName: string;
let seasonLabel: string;
let lots: Lot[] = [];

/** Three lots of 1,000 kg in store, from three collections on one delivery note. */
async function lotsInStore(): Promise<void> {
  const crop = await cashewSeasonCrop(token);
  seasonLabel = crop.label;
  const { clerkToken, collectionIds } = await thousandKgCollections(token, crop, {
    society: `Auction AMCOS ${tag()}`,
    firstName: 'Asha',
    lastName: `Mnada ${tag()}`,
    count: 3,
  });
  const delivered = await deliverToWarehouse(token, clerkToken, {
    prefix: 'Auction',
    seasonCropId: crop.seasonCropId,
    collectionIds,
    receivedBags: 36,
    receivedKg: '3000.000',
  });
  warehouseName = delivered.warehouseName;
  const lot = { bags: 12, netKg: '1000.000' };
  lots = await issueLots(token, { noteId: delivered.noteId, gradeId: crop.gradeId, lots: [lot, lot, lot] });
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  buyer = await createBuyer(token, 'Mnada Exporters');
  await lotsInStore();
}, 120_000);
afterAll(() => browser.close());

const statusOf = (page: Page) => page.getByTestId('auction-status').getAttribute('data-status');

describe('auctions in the browser', () => {
  it('catalogues lots, captures results by keyboard, records decisions and closes', async () => {
    const page = await signedIn(browser, adminUser());

    // Create the auction.
    await page.goto('/collections/sales/auctions');
    await page.getByTestId('auctions-table-create').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: /^Season crop/ }).click();
    await page.getByRole('option', { name: seasonLabel }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/collections\/sales\/auctions\/[0-9a-f-]+\/details/);
    expect(await statusOf(page)).toBe('draft');

    // Catalogue this warehouse's three lots at a reserve of 2,000/kg.
    const builder = page.getByTestId('catalogue-builder');
    await builder.getByRole('combobox', { name: 'Warehouse' }).click();
    await page.getByRole('option', { name: `${warehouseName} (3)` }).click();
    for (const lot of lots) await builder.getByRole('checkbox', { name: lot.lotNo, exact: true }).check();
    await builder.getByTestId('reserve-price').fill('2000');
    await builder.getByTestId('add-lots').click();
    for (const lot of lots) await page.getByTestId(`catalogue-row-${lot.lotNo}`).waitFor();
    await page.getByTestId('publish-auction').click();
    // Asked first: no lot can be added or removed once the catalogue is out (#37).
    await page.getByTestId('confirm-amount').waitFor();
    await page.getByTestId('confirm-action').click();
    await expect.poll(() => statusOf(page)).toBe('catalogued');

    const grid = page.getByTestId('results-grid');
    const [a, b, c] = lots;
    if (!a || !b || !c) throw new Error('three lots expected');

    // The exchange's sheet: the preview lists the row errors and nothing can be applied.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Results');
    sheet.addRow(['Lot no', 'Bid code', 'Price']);
    sheet.addRow([a.lotNo, buyer.bidCode, '2500']);
    sheet.addRow(['NO-SUCH-LOT', buyer.bidCode, '2500']);
    await grid.getByTestId('import-results').click();
    const modal = page.getByRole('dialog');
    await modal.locator('input[type=file]').setInputFiles({
      name: 'results.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
    });
    await modal.getByRole('button', { name: 'Preview' }).click();
    await modal.getByText("Lot NO-SUCH-LOT is not in this auction's catalogue").waitFor();
    await expect(modal.getByTestId('import-summary').textContent()).resolves.toBe(
      '1 valid row(s), 1 with problems',
    );
    expect(await modal.getByTestId('apply-import').isDisabled()).toBe(true);
    await modal.getByRole('button', { name: 'Cancel' }).click();

    // Results by keyboard: bid code, Enter, price, Enter (next row). The third lot had no bid.
    await grid.getByRole('textbox', { name: `Bid code of lot ${a.lotNo}` }).click();
    await page.keyboard.type(buyer.bidCode);
    await page.keyboard.press('Enter');
    await page.keyboard.type('2500');
    await page.keyboard.press('Enter');
    await page.keyboard.type(buyer.bidCode.toLowerCase());
    await page.keyboard.press('Tab');
    await page.keyboard.type('2450.50');
    await page.keyboard.press('Enter');
    await page.keyboard.type('NB');
    await expect(
      grid.getByTestId(`result-row-${a.lotNo}`).getByTestId('live-amount').textContent(),
    ).resolves.toContain('2,500,000.00');
    await expect(
      grid.getByTestId(`result-row-${b.lotNo}`).getByTestId('live-amount').textContent(),
    ).resolves.toContain('2,450,500.00');
    await grid.getByTestId('save-results').click();
    await expect.poll(() => statusOf(page)).toBe('results');

    // The society's decisions: accept both bids on form F-E2E-1.
    const decisions = page.getByTestId('decisions');
    await decisions.getByRole('checkbox', { name: 'Choose all' }).check();
    await decisions.getByTestId('form-ref').fill('F-E2E-1');
    await decisions.getByTestId('save-decisions').click();
    await decisions.getByText('Accept (F-E2E-1)').first().waitFor();

    // Close, after the confirmation.
    await page.getByTestId('close-auction').click();
    const closed = page.waitForResponse(
      (r) => r.url().endsWith('/close') && r.request().method() === 'PATCH',
    );
    await page.getByTestId('confirm-action').click();
    expect((await closed).status()).toBe(200);
    await expect.poll(() => statusOf(page)).toBe('closed');
    await page.getByTestId('auction-invoices').getByText(buyer.name).waitFor();
    await expect(page.getByTestId('auction-summary').textContent()).resolves.toContain('4,950,500.00');

    const lotStatus = async (id: string) =>
      (await api<{ data: { status: string } }>('GET', `/collections/lots/${id}`, undefined, token)).body.data
        .status;
    expect([await lotStatus(a.id), await lotStatus(b.id), await lotStatus(c.id)]).toEqual([
      'sold',
      'sold',
      'in_store',
    ]);
    await page.close();
  }, 180_000);
});
