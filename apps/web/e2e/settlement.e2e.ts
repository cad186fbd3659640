import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * Settlement and payments in the browser. Through the API: two farmers' collections go into one lot
 * (delivery note, lot, auction closed -> invoice) and the buyer pays the invoice in full. In the
 * browser: the settlement officer settles the society's paid lots, the finance manager approves,
 * the batch is approved, the mobile-money file is exported, the batch is marked paid with one line
 * refused, and that line is paid again in a retry batch.
 */
type Listed<T> = { data: T[] };
const tag = () => Array.from({ length: 5 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ'[randomInt(24)]).join('');
const nida = () => `19${Array.from({ length: 18 }, () => randomInt(10)).join('')}`;
const phone = () => `2557${Array.from({ length: 8 }, () => randomInt(10)).join('')}`;
const today = new Date().toISOString().slice(0, 10);

let browser: Browser;
let token: string;
let society: { id: string; name: string };
let officer: { email: string; password: string };
let finance: { email: string; password: string };
let admin: { email: string; password: string };
const farmerNames: string[] = [];

async function must<T>(reply: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const r = await reply;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

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

/** Two farmers (600 kg and 400 kg) in one lot, sold at 2,500/kg and paid for in full. */
async function paidLot(): Promise<void> {
  const { seasonCropId, gradeId } = await cashewSeasonCrop();
  society = await createAmcos(token, `Settle AMCOS ${tag()}`);
  const clerk = await createUser(token, 'AMCOS Clerk', society.id);
  const clerkToken = await apiSignIn(clerk.email, clerk.password);
  const collectionIds: string[] = [];
  for (const [first, kg] of [
    ['Asha', 600],
    ['Baraka', 400],
  ] as const) {
    const lastName = `Malipo ${tag()}`;
    const farmer = await must(
      api<{ data: { farmerNo: string } }>(
        'POST',
        '/collections/farmers',
        {
          amcosId: society.id,
          firstName: first,
          lastName,
          gender: 'Female',
          nationalId: nida(),
          phone: phone(),
        },
        token,
      ),
      'farmer',
    );
    farmerNames.push(`${first} ${lastName}`);
    const collection = await must(
      api<{ data: { id: string } }>(
        'POST',
        '/collections/receipts',
        {
          farmerNo: farmer.data.farmerNo,
          seasonCropId,
          gradeId,
          bags: 5,
          grossKg: `${kg + 5}.000`,
          tareKg: '5.000',
          moisture: '8.00',
        },
        clerkToken,
      ),
      'collection',
    );
    collectionIds.push(collection.data.id);
  }
  const transporter = await must(
    api<{ data: { id: string; vehicles: { id: string }[] } }>(
      'POST',
      '/settings/collection/transporters',
      {
        name: `Settle Haulage ${tag()}`,
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
      { name: `Settle Warehouse ${tag()}`, operator: 'Mtwara Warehouses Ltd', licenceNo: `WRRB/${tag()}` },
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
      { receivedBags: 10, receivedKg: '1000.000', confirm_over: true },
      token,
    ),
    'receive',
  );
  const lots = await must(
    api<{ data: { id: string }[] }>(
      'POST',
      '/collections/lots',
      {
        deliveryNoteIds: [note.data.id],
        gradeId,
        lots: [{ bags: 10, netKg: '1000.000', certificateNo: `QC-${tag()}` }],
      },
      token,
    ),
    'lots',
  );
  const lotId = lots.data[0]?.id ?? '';
  const buyer = await must(
    api<{ data: { id: string } }>(
      'POST',
      '/sales/buyers',
      {
        name: `Settle Exporters ${tag()}`,
        licenceNo: `CBT/${tag()}`,
        bidCode: `S${tag()}`,
        licenceExpiresOn: '2099-12-31',
      },
      token,
    ),
    'buyer',
  );
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
    api('POST', `/sales/auctions/${id}/lots`, { lots: [{ lotId, reservePrice: '2000.00' }] }, token),
    'lots',
  );
  await must(api('PATCH', `/sales/auctions/${id}/publish`, undefined, token), 'publish');
  await must(
    api(
      'PUT',
      `/sales/auctions/${id}/results`,
      { results: [{ lotId, buyerId: buyer.data.id, pricePerKg: '2500.00' }] },
      token,
    ),
    'results',
  );
  await must(
    api(
      'PUT',
      `/sales/auctions/${id}/decisions`,
      { decisions: [{ lotId, decision: 'accept', formRef: 'F-E2E' }] },
      token,
    ),
    'decisions',
  );
  const closed = await must(
    api<{ data: { invoices: { id: string; total: string }[] } }>(
      'PATCH',
      `/sales/auctions/${id}/close`,
      undefined,
      token,
    ),
    'close',
  );
  const invoice = closed.data.invoices[0];
  if (!invoice) throw new Error('no invoice');
  const mappings = await must(
    api<{ data: { key: string; accountId: string | null }[] }>('GET', '/accounts/mappings', undefined, token),
    'mappings',
  );
  const bankAccountId = mappings.data.find((m) => m.key === 'collection_bank')?.accountId;
  await must(
    api(
      'POST',
      '/sales/receipts',
      {
        buyerId: buyer.data.id,
        receiptDate: today,
        bankAccountId,
        amount: invoice.total,
        reference: `TT-${tag()}`,
        allocations: [{ invoiceId: invoice.id, amount: invoice.total }],
      },
      token,
    ),
    'receipt',
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  officer = await createUser(token, 'Settlement Officer');
  finance = await createUser(token, 'Finance Manager');
  admin = await createUser(token, 'Administrator');
  await paidLot();
}, 180_000);
afterAll(() => browser.close());

async function signedIn(user: { email: string; password: string }): Promise<Page> {
  const page = await newPage(browser);
  await signInThroughBrowser(page, user.email, user.password);
  await page.waitForURL((u) => !u.pathname.includes('verify-otp') && !u.pathname.includes('login'));
  return page;
}

async function batchOf(settlementId: string, party = 'farmer') {
  const list = await api<Listed<{ id: string; batchNo: string; status: string; isRetry: boolean }>>(
    'GET',
    `/payments/batches?settlement_id=${settlementId}&party_type=${party}`,
    undefined,
    token,
  );
  return list.body.data;
}

async function approveBatchIn(page: Page, batchId: string) {
  await page.goto(`/collections/farmer_payments?batch=${batchId}`);
  await page.getByTestId('batch-approve').click();
  const approved = page.waitForResponse((r) => r.url().includes(`/api/payments/batches/${batchId}/approve`));
  await page.getByTestId('confirm-action').click();
  expect((await approved).status()).toBe(200);
}

async function exportMobile(page: Page, batchId: string): Promise<string> {
  await page.goto(`/collections/farmer_payments?batch=${batchId}`);
  await page.getByTestId('batch-export').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('batch-export-mobile-csv').click();
  const file = await download;
  const path = await file.path();
  const { readFile } = await import('node:fs/promises');
  return readFile(path, 'utf8');
}

describe('settlement and payments in the browser', () => {
  it('settles, approves, exports the farmer file, marks paid with one failed line and retries it', async () => {
    // The officer settles the society's paid lots: preview first, then the draft.
    let page = await signedIn(officer);
    await page.goto('/collections/payments/whr');
    await page.getByTestId('settlements-table-create').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'AMCOS' }).click();
    await page.getByRole('option', { name: society.name }).click();
    await dialog.getByTestId('settle-preview').click();
    const preview = dialog.getByTestId('settle-preview-result');
    await preview.waitFor();
    await expect(preview.textContent()).resolves.toContain('Lots: 1, farmers: 2');
    await expect(preview.textContent()).resolves.toContain('2,500,000.00');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/payments/settlements') && r.request().method() === 'POST',
    );
    await dialog.getByTestId('settle-save').click();
    const reply = await created;
    expect(reply.status()).toBe(201);
    const settlementId = ((await reply.json()) as { data: { id: string } }).data.id;
    await page.waitForURL(/\/collections\/payments\/whr\/[0-9a-f-]+\/details/);
    await page.getByTestId('lots-split').waitFor();
    await page.context().close();

    // The finance manager approves it.
    page = await signedIn(finance);
    await page.goto(`/collections/payments/whr/${settlementId}/details`);
    await page.getByTestId('settlement-approve').click();
    const approved = page.waitForResponse((r) =>
      r.url().includes(`/api/payments/settlements/${settlementId}/approve`),
    );
    await page.getByTestId('confirm-action').click();
    expect((await approved).status()).toBe(200);
    await page.locator('[data-status="approved"]').first().waitFor();
    await page.context().close();

    // Someone other than the batch's maker approves the farmers' batch; the officer exports it.
    const [batch] = await batchOf(settlementId);
    if (!batch) throw new Error('no farmer batch');
    page = await signedIn(admin);
    await approveBatchIn(page, batch.id);
    await page.context().close();
    page = await signedIn(officer);
    const csv = await exportMobile(page, batch.id);
    expect(csv.split('\r\n')[0]).toBe('Phone,Amount,Name,Reference,Note');
    for (const name of farmerNames) expect(csv).toContain(name);

    // Mark paid: Baraka's mobile-money payment was refused.
    await page.goto(`/collections/farmer_payments?batch=${batch.id}`);
    await page.getByTestId('batch-mark-paid').click();
    const form = page.getByRole('dialog');
    await form.getByRole('textbox', { name: /^Bank reference/ }).fill(`NMB-${tag()}`);
    await form.getByTestId('failed-line-pick').click();
    await page.getByRole('option', { name: new RegExp(farmerNames[1] ?? '') }).click();
    await form.getByTestId('failed-reason-0').fill('Wrong mobile money number');
    const paid = page.waitForResponse((r) => r.url().includes(`/api/payments/batches/${batch.id}/paid`));
    await form.getByRole('button', { name: 'Mark paid' }).click();
    expect((await paid).status()).toBe(200);
    const lines = page.getByTestId('batch-lines');
    await lines.getByText('Wrong mobile money number').waitFor();

    // Retry the failed line in a new batch.
    await lines.getByRole('checkbox', { name: `Choose ${farmerNames[1]}` }).check();
    const retried = page.waitForResponse((r) => r.url().endsWith('/api/payments/batches/retry'));
    await page.getByTestId('batch-retry').click();
    expect((await retried).status()).toBe(201);
    await page.context().close();

    const retryBatch = (await batchOf(settlementId)).find((b) => b.isRetry);
    if (!retryBatch) throw new Error('no retry batch');
    page = await signedIn(finance);
    await approveBatchIn(page, retryBatch.id);
    await page.context().close();
    page = await signedIn(officer);
    const again = await exportMobile(page, retryBatch.id);
    expect(again).toContain(farmerNames[1]);
    expect(again).not.toContain(farmerNames[0]);
    await page.goto(`/collections/farmer_payments?batch=${retryBatch.id}`);
    await page.getByTestId('batch-mark-paid').click();
    await page
      .getByRole('dialog')
      .getByRole('textbox', { name: /^Bank reference/ })
      .fill(`MPESA-${tag()}`);
    const paidAgain = page.waitForResponse((r) =>
      r.url().includes(`/api/payments/batches/${retryBatch.id}/paid`),
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Mark paid' }).click();
    expect((await paidAgain).status()).toBe(200);
    await page.getByTestId('batch-title').waitFor();

    const all = await api<Listed<{ payeeName: string; status: string }>>(
      'GET',
      `/payments/lines?party_type=farmer&per_page=200`,
      undefined,
      token,
    );
    const mine = all.body.data.filter((l) => farmerNames.includes(l.payeeName));
    expect(mine.map((l) => `${l.payeeName}:${l.status}`).sort()).toEqual(
      [`${farmerNames[0]}:paid`, `${farmerNames[1]}:paid`, `${farmerNames[1]}:retried`].sort(),
    );
    await page.close();
  }, 240_000);
});
