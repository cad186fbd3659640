import { randomInt } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  adminToken,
  api,
  apiSignIn,
  createAmcos,
  createUser,
  launchBrowser,
  newPage,
  signInThroughBrowser,
} from './support.ts';

/**
 * Auctions in the browser: three lots reach the warehouse through the API (collections, a delivery
 * note, lots); the officer creates an auction, catalogues the lots with the builder, publishes,
 * types the results in the grid by keyboard, records the society's decisions and closes.
 */
type Listed<T> = { data: T[] };
const tag = () => Array.from({ length: 5 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ'[randomInt(24)]).join('');
const nida = () => `19${Array.from({ length: 18 }, () => randomInt(10)).join('')}`;
const today = new Date().toISOString().slice(0, 10);

let browser: Browser;
let token: string;
let buyer: { id: string; name: string; bidCode: string };
let warehouseName: string;
let seasonLabel: string;
let lots: { id: string; lotNo: string }[] = [];

async function must<T>(reply: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const r = await reply;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** The season holding today, open, with cashew (idempotent: other e2e files share it). */
async function cashewSeasonCrop(): Promise<{ seasonCropId: string; gradeId: string; label: string }> {
  const year = Number(today.slice(0, 4));
  const first = Number(today.slice(5, 7)) >= 10 ? year : year - 1;
  const name = `${first}/${first + 1}`;
  const seasons = await api<Listed<{ id: string; name: string; status: string }>>(
    'GET',
    `/settings/collection/seasons?search=${encodeURIComponent(name)}`,
    undefined,
    token,
  );
  let season = seasons.body.data.find((s) => s.name === name);
  if (!season) {
    const made = await api<{ data: { id: string; name: string; status: string } }>(
      'POST',
      '/settings/collection/seasons',
      { name, startDate: `${first}-10-01`, endDate: `${first + 1}-09-30` },
      token,
    );
    // Another e2e file may have made it in the meantime.
    season =
      made.status < 300
        ? made.body.data
        : (
            await api<Listed<{ id: string; name: string; status: string }>>(
              'GET',
              `/settings/collection/seasons?search=${encodeURIComponent(name)}`,
              undefined,
              token,
            )
          ).body.data.find((s) => s.name === name);
  }
  if (!season) throw new Error('no season');
  if (season.status === 'planned')
    await api('PATCH', `/settings/collection/seasons/${season.id}`, { status: 'open' }, token);
  const crops = await api<Listed<{ id: string; code: string; name: string; grades: { id: string }[] }>>(
    'GET',
    '/settings/collection/crops',
    undefined,
    token,
  );
  const cashew = crops.body.data.find((c) => c.code === 'CASHEW');
  if (!cashew) throw new Error('no cashew');
  const find = async () =>
    (
      await api<Listed<{ id: string }>>(
        'GET',
        `/settings/collection/season-crops?season_id=${season.id}&crop_id=${cashew.id}`,
        undefined,
        token,
      )
    ).body.data[0]?.id;
  let seasonCropId = await find();
  if (!seasonCropId) {
    await api(
      'POST',
      '/settings/collection/season-crops',
      {
        seasonId: season.id,
        cropId: cashew.id,
        indicativePrice: '2600',
        standardBagKg: '80',
        maxMoisture: '10',
        moisturePolicy: 'refuse',
      },
      token,
    );
    seasonCropId = await find();
  }
  if (!seasonCropId) throw new Error('no season crop');
  return { seasonCropId, gradeId: cashew.grades[0]?.id ?? '', label: `${name} · ${cashew.name}` };
}

/** Three lots of 1,000 kg in store, from three collections on one delivery note. */
async function lotsInStore(): Promise<void> {
  const { seasonCropId, gradeId, label } = await cashewSeasonCrop();
  seasonLabel = label;
  const society = await createAmcos(token, `Auction AMCOS ${tag()}`);
  const farmer = await must(
    api<{ data: { farmerNo: string } }>(
      'POST',
      '/collections/farmers',
      {
        amcosId: society.id,
        firstName: 'Asha',
        lastName: `Mnada ${tag()}`,
        gender: 'Female',
        nationalId: nida(),
      },
      token,
    ),
    'farmer',
  );
  const clerk = await createUser(token, 'AMCOS Clerk', society.id);
  const clerkToken = await apiSignIn(clerk.email, clerk.password);
  const collectionIds: string[] = [];
  for (let i = 0; i < 3; i++) {
    const c = await must(
      api<{ data: { id: string } }>(
        'POST',
        '/collections/receipts',
        {
          farmerNo: farmer.data.farmerNo,
          seasonCropId,
          gradeId,
          bags: 12,
          grossKg: '1012.000',
          tareKg: '12.000',
          moisture: '8.00',
        },
        clerkToken,
      ),
      'collection',
    );
    collectionIds.push(c.data.id);
  }
  const transporter = await must(
    api<{ data: { id: string; vehicles: { id: string }[] } }>(
      'POST',
      '/settings/collection/transporters',
      {
        name: `Auction Haulage ${tag()}`,
        rateBasis: 'per_kg',
        rate: '50.00',
        vehicles: [{ plateNo: `T ${100 + randomInt(800)} ${tag().slice(0, 3)}` }],
      },
      token,
    ),
    'transporter',
  );
  warehouseName = `Auction Warehouse ${tag()}`;
  const warehouse = await must(
    api<{ data: { id: string } }>(
      'POST',
      '/settings/collection/warehouses',
      { name: warehouseName, operator: 'Mtwara Warehouses Ltd', licenceNo: `WRRB/${tag()}` },
      token,
    ),
    'warehouse',
  );
  const note = await must(
    api<{ data: { id: string } }>(
      'POST',
      '/collections/delivery-notes',
      {
        seasonCropId,
        warehouseId: warehouse.data.id,
        transporterId: transporter.data.id,
        vehicleId: transporter.data.vehicles[0]?.id ?? null,
        driverName: 'Juma Dereva',
        driverPhone: '0754123456',
        selection: { mode: 'explicit', collectionIds },
      },
      clerkToken,
    ),
    'delivery note',
  );
  await must(
    api('PATCH', `/collections/delivery-notes/${note.data.id}/dispatch`, undefined, clerkToken),
    'dispatch',
  );
  await must(
    api(
      'PATCH',
      `/collections/delivery-notes/${note.data.id}/receive`,
      { receivedBags: 36, receivedKg: '3000.000', confirm_over: true },
      token,
    ),
    'receive',
  );
  const issued = await must(
    api<{ data: { id: string; lotNo: string }[] }>(
      'POST',
      '/collections/lots',
      {
        deliveryNoteIds: [note.data.id],
        gradeId,
        lots: [1, 2, 3].map((n) => ({ bags: 12, netKg: '1000.000', certificateNo: `QC-${tag()}-${n}` })),
      },
      token,
    ),
    'lots',
  );
  lots = [...issued.data].sort((a, b) => a.lotNo.localeCompare(b.lotNo));
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  const bidCode = `A${tag()}`;
  const made = await must(
    api<{ data: { id: string; name: string } }>(
      'POST',
      '/sales/buyers',
      {
        name: `Mnada Exporters ${tag()}`,
        licenceNo: `CBT/${tag()}`,
        bidCode,
        licenceExpiresOn: '2099-12-31',
      },
      token,
    ),
    'buyer',
  );
  buyer = { ...made.data, bidCode };
  await lotsInStore();
}, 120_000);
afterAll(() => browser.close());

const statusOf = (page: Page) => page.getByTestId('auction-status').getAttribute('data-status');

describe('auctions in the browser', () => {
  it('catalogues lots, captures results by keyboard, records decisions and closes', async () => {
    const page = await newPage(browser);
    await signInThroughBrowser(page, inject('adminEmail'), inject('adminPassword'));
    await page.waitForURL((u) => !u.pathname.includes('verify-otp'));

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
