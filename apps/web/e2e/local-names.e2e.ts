import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  amcosWithClerk,
  cashewSeasonCrop,
  createFarmer,
  deliveredLot,
  type Lot,
  tag,
  weighCollection,
} from './crop-flow-fixtures.ts';
import { createBuyer, sellLot } from './sales-fixtures.ts';
import { adminToken, adminUser, launchBrowser, signedIn } from './support.ts';

/**
 * Crop and grade names the server joins into its answers (stock, lots, auction reports, the lots
 * export, the invoice lines the auction close writes) read in Swahili on Swahili screens (#20): the default cashew crop is "Korosho", its
 * Standard grade "Daraja la kawaida". Switching language shows them without a reload: answers are
 * cached per language.
 */

const CASHEW = { en: 'Cashew nuts', sw: 'Korosho' };
const STANDARD = { en: 'Standard', sw: 'Daraja la kawaida' };

let browser: Browser;
let society: { id: string; name: string };
let lot: Lot;
let invoiceId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  const crop = await cashewSeasonCrop(token);
  const made = await amcosWithClerk(token, `Mnazi AMCOS ${tag()}`);
  society = made.society;
  const farmer = await createFarmer(token, { amcosId: society.id, firstName: 'Zawadi', lastName: 'Mnazi' });
  const weighing = {
    farmerNo: farmer.farmerNo,
    bags: 3,
    grossKg: '303.000',
    tareKg: '3.000',
    moisture: '8.00',
  };
  const collectionId = await weighCollection(made.clerkToken, crop, weighing);
  lot = await deliveredLot(token, made.clerkToken, crop, {
    prefix: 'Majina',
    collectionIds: [collectionId],
    bags: 3,
    netKg: '300.000',
  });
  const buyer = await createBuyer(token, 'Majina Traders');
  const invoice = await sellLot(token, {
    seasonCropId: crop.seasonCropId,
    lotId: lot.id,
    buyerId: buyer.id,
    pricePerKg: '2500.00',
  });
  invoiceId = invoice.id;
});
afterAll(() => browser.close());

async function toSwahili(page: Page) {
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-option-sw').click();
}

describe('crop and grade names on Swahili screens', () => {
  it('shows the Swahili names on the stock, lots, auction report and sales invoice screens and in the lots export', async () => {
    const page = await signedIn(browser, adminUser());

    // Lots: English first, then the same screen in Swahili without a reload.
    await page.goto(`/collections/auction-warehouse?l_amcos_id=${society.id}`);
    const lotRow = page.getByTestId('lots-table').getByRole('row').filter({ hasText: lot.lotNo });
    await lotRow.getByRole('cell', { name: STANDARD.en, exact: true }).waitFor();
    await toSwahili(page);
    await lotRow.getByRole('cell', { name: STANDARD.sw, exact: true }).waitFor();
    expect(await lotRow.innerText()).not.toContain(STANDARD.en);

    // The lots export in Swahili: the season crop and the grade by their Swahili names.
    const download = page.waitForEvent('download');
    await page.getByTestId('lots-table').getByTestId('table-export').click();
    const workbook = new ExcelJS.Workbook();
    const bytes = await readFile((await (await download).path()) ?? '');
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const rows: string[][] = [];
    workbook.worksheets[0]?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')));
    });
    const exported = rows.find((r) => r.includes(lot.lotNo));
    expect(exported).toBeDefined();
    expect(exported?.some((v) => v.endsWith(` ${CASHEW.sw}`))).toBe(true);
    expect(exported).toContain(STANDARD.sw);

    // Collections (the union's view), stock tab: the society's season crop and grade.
    await page.goto('/collections/crop_collections');
    await page.getByTestId('stock-tab').click();
    // (The society column shows only when several societies have stock.)
    const stockRow = page
      .getByTestId('stock-table')
      .getByRole('row')
      .filter({ hasText: `STD · ${STANDARD.sw}` })
      .first();
    await stockRow.getByText(`· ${CASHEW.sw}`).waitFor();
    expect(await page.getByTestId('stock-table').innerText()).not.toContain(CASHEW.en);

    // Auction details report: the sold lot's grade.
    await page.goto('/reports/auction/auction-details');
    // Lot numbers repeat across societies: the row is this society's lot.
    const reportRow = page
      .getByTestId('auction-report')
      .getByRole('row')
      .filter({ hasText: lot.lotNo })
      .filter({ hasText: society.name });
    await reportRow.getByRole('cell', { name: STANDARD.sw, exact: true }).waitFor();
    // Its season crop filter lists the crop by its Swahili name.
    await page.getByRole('combobox', { name: 'Zao la msimu' }).click();
    await page
      .getByRole('option', { name: new RegExp(`· ${CASHEW.sw}$`) })
      .first()
      .waitFor();

    // The sales invoice the auction close wrote: its lot line in Swahili ("loti …, Daraja la
    // kawaida"), stored in both languages at the close.
    await page.goto(`/collections/sales/invoices/${invoiceId}/details`);
    const line = page.getByRole('cell', { name: new RegExp(` loti ${lot.lotNo} \\(WHR `) });
    await line.waitFor();
    expect(await line.innerText()).toMatch(new RegExp(`, ${STANDARD.sw}$`));
    expect(await page.getByTestId('invoice-lines').innerText()).not.toContain(` lot ${lot.lotNo} (WHR `);
    await page.context().close();
  });
});
