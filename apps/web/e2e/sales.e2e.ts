import { randomInt } from 'node:crypto';
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
 * Sales, the buyer half, in the browser: a lot goes the whole way through the API (collection,
 * delivery note, lot, auction closed -> invoice), then the officer records a part payment and a
 * full payment, issues the release note of the paid lot and reads the buyer aged report.
 */
type Listed<T> = { data: T[] };
const tag = () => Array.from({ length: 5 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ'[randomInt(24)]).join('');
const nida = () => `19${Array.from({ length: 18 }, () => randomInt(10)).join('')}`;
const today = new Date().toISOString().slice(0, 10);

let browser: Browser;
let token: string;
let buyer: { id: string; name: string };
let lot: { id: string; lotNo: string };
let auctionInvoice: { id: string; invoiceNo: string; total: string };
let openInvoice: { id: string; invoiceNo: string };

async function must<T>(reply: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const r = await reply;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** The season holding today, open, with cashew (idempotent: other e2e files share it). */
async function cashewSeasonCrop(): Promise<{ seasonCropId: string; gradeId: string }> {
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
    season = (
      await must(
        api<{ data: { id: string; name: string; status: string } }>(
          'POST',
          '/settings/collection/seasons',
          { name, startDate: `${first}-10-01`, endDate: `${first + 1}-09-30` },
          token,
        ),
        'season',
      )
    ).data;
  }
  if (season.status === 'planned')
    await api('PATCH', `/settings/collection/seasons/${season.id}`, { status: 'open' }, token);
  const crops = await api<Listed<{ id: string; code: string; grades: { id: string }[] }>>(
    'GET',
    '/settings/collection/crops',
    undefined,
    token,
  );
  const cashew = crops.body.data.find((c) => c.code === 'CASHEW');
  if (!cashew) throw new Error('no cashew');
  const existing = await api<Listed<{ id: string }>>(
    'GET',
    `/settings/collection/season-crops?season_id=${season.id}&crop_id=${cashew.id}`,
    undefined,
    token,
  );
  let seasonCropId = existing.body.data[0]?.id;
  if (!seasonCropId) {
    seasonCropId = (
      await must(
        api<{ data: { id: string } }>(
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
        ),
        'season crop',
      )
    ).data.id;
  }
  return { seasonCropId, gradeId: cashew.grades[0]?.id ?? '' };
}

/** One lot of 1,000 kg sold to the buyer at 2,500/kg through a closed auction. */
async function soldLot(): Promise<void> {
  const { seasonCropId, gradeId } = await cashewSeasonCrop();
  const society = await createAmcos(token, `Sales AMCOS ${tag()}`);
  const farmer = await must(
    api<{ data: { farmerNo: string } }>(
      'POST',
      '/collections/farmers',
      {
        amcosId: society.id,
        firstName: 'Rehema',
        lastName: `Mauzo ${tag()}`,
        gender: 'Female',
        nationalId: nida(),
      },
      token,
    ),
    'farmer',
  );
  const clerk = await createUser(token, 'AMCOS Clerk', society.id);
  const clerkToken = await apiSignIn(clerk.email, clerk.password);
  const collection = await must(
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
  const transporter = await must(
    api<{ data: { id: string; vehicles: { id: string }[] } }>(
      'POST',
      '/settings/collection/transporters',
      {
        name: `Sales Haulage ${tag()}`,
        rateBasis: 'per_kg',
        rate: '50.00',
        vehicles: [{ plateNo: `T ${100 + randomInt(800)} ${tag().slice(0, 3)}` }],
      },
      token,
    ),
    'transporter',
  );
  const warehouse = await must(
    api<{ data: { id: string } }>(
      'POST',
      '/settings/collection/warehouses',
      { name: `Sales Warehouse ${tag()}`, operator: 'Mtwara Warehouses Ltd', licenceNo: `WRRB/${tag()}` },
      token,
    ),
    'warehouse',
  );
  const note = await must(
    api<{ data: { id: string; bags: number; netKg: string } }>(
      'POST',
      '/collections/delivery-notes',
      {
        seasonCropId,
        warehouseId: warehouse.data.id,
        transporterId: transporter.data.id,
        vehicleId: transporter.data.vehicles[0]?.id ?? null,
        driverName: 'Juma Dereva',
        driverPhone: '0754123456',
        selection: { mode: 'explicit', collectionIds: [collection.data.id] },
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
      { receivedBags: 12, receivedKg: '1000.000', confirm_over: true },
      token,
    ),
    'receive',
  );
  const lots = await must(
    api<{ data: { id: string; lotNo: string }[] }>(
      'POST',
      '/collections/lots',
      {
        deliveryNoteIds: [note.data.id],
        gradeId,
        lots: [{ bags: 12, netKg: '1000.000', certificateNo: `QC-${tag()}` }],
      },
      token,
    ),
    'lots',
  );
  const issued = lots.data[0];
  if (!issued) throw new Error('no lot issued');
  lot = issued;
  const auction = await must(
    api<{ data: { id: string } }>(
      'POST',
      '/sales/auctions',
      { seasonCropId, auctionDate: today, platform: 'tmx_online' },
      token,
    ),
    'auction',
  );
  const id = auction.data.id;
  await must(
    api('POST', `/sales/auctions/${id}/lots`, { lots: [{ lotId: lot.id, reservePrice: '2000.00' }] }, token),
    'catalogue',
  );
  await must(api('PATCH', `/sales/auctions/${id}/publish`, undefined, token), 'publish');
  await must(
    api(
      'PUT',
      `/sales/auctions/${id}/results`,
      { results: [{ lotId: lot.id, buyerId: buyer.id, pricePerKg: '2500.00' }] },
      token,
    ),
    'results',
  );
  await must(
    api(
      'PUT',
      `/sales/auctions/${id}/decisions`,
      { decisions: [{ lotId: lot.id, decision: 'accept', formRef: 'F-E2E' }] },
      token,
    ),
    'decisions',
  );
  const closed = await must(
    api<{ data: { invoices: { id: string; invoiceNo: string; total: string }[] } }>(
      'PATCH',
      `/sales/auctions/${id}/close`,
      undefined,
      token,
    ),
    'close',
  );
  const invoice = closed.data.invoices[0];
  if (!invoice) throw new Error('the close made no invoice');
  auctionInvoice = invoice;
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  buyer = (
    await must(
      api<{ data: { id: string; name: string } }>(
        'POST',
        '/sales/buyers',
        {
          name: `Korosho Exporters ${tag()}`,
          licenceNo: `CBT/${tag()}`,
          bidCode: `K${tag()}`,
          licenceExpiresOn: '2099-12-31',
        },
        token,
      ),
      'buyer',
    )
  ).data;
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
    const page = await newPage(browser);
    await signInThroughBrowser(page, inject('adminEmail'), inject('adminPassword'));
    await page.waitForURL((u) => !u.pathname.includes('verify-otp'));

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
    const page = await newPage(browser);
    await signInThroughBrowser(page, inject('adminEmail'), inject('adminPassword'));
    await page.waitForURL((u) => !u.pathname.includes('verify-otp'));
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
    const other = await newPage(browser);
    await signInThroughBrowser(other, officer.email, officer.password);
    await other.waitForURL(/\/(change-password|home)/);
    await other.goto('/collections/sales/invoices/list');
    await other.getByTestId('invoices-table').waitFor();
    await expect(other.getByRole('button', { name: 'Sales settings' }).count()).resolves.toBe(0);
    await other.close();
    await api('PUT', '/sales/settings', { invoiceDueDays: before }, token);
  }, 120_000);
});
