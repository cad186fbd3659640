import { randomInt, randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  api,
  createAmcos,
  createUser,
  launchBrowser,
  newPage,
  signInThroughBrowser,
} from './support.ts';

type Listed<T> = { data: T[] };
const tag = () => randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase();
const nida = () => `19${Array.from({ length: 18 }, () => randomInt(10)).join('')}`;

let browser: Browser;
let clerk: { email: string; password: string };
let officer: { email: string; password: string };
let seasonCropLabel: string;
let warehouseName: string;
let transporterName: string;
let plate: string;
let societyId: string;
let token: string;

/** The season holding today, opened, with cashew (idempotent: other E2E files may share it). */
async function openSeasonWithCashew(): Promise<string> {
  const today = new Date().toISOString().slice(0, 10);
  const year = Number(today.slice(0, 4));
  const first = Number(today.slice(5, 7)) >= 10 ? year : year - 1;
  const name = `${first}/${first + 1}`;
  const found = await api<Listed<{ id: string; name: string; status: string }>>(
    'GET',
    `/settings/collection/seasons?search=${encodeURIComponent(name)}`,
    undefined,
    token,
  );
  let season = found.body.data.find((s) => s.name === name);
  if (!season) {
    season = (
      await api<{ data: { id: string; name: string; status: string } }>(
        'POST',
        '/settings/collection/seasons',
        { name, startDate: `${first}-10-01`, endDate: `${first + 1}-09-30` },
        token,
      )
    ).body.data;
  }
  if (season.status === 'planned') {
    await api('PATCH', `/settings/collection/seasons/${season.id}`, { status: 'open' }, token);
  }
  const crops = await api<Listed<{ id: string; code: string }>>(
    'GET',
    '/settings/collection/crops',
    undefined,
    token,
  );
  const cashew = crops.body.data.find((c) => c.code === 'CASHEW');
  const existing = await api<Listed<{ id: string }>>(
    'GET',
    `/settings/collection/season-crops?season_id=${season.id}&crop_id=${cashew?.id}`,
    undefined,
    token,
  );
  let seasonCropId = existing.body.data[0]?.id;
  if (!seasonCropId) {
    const created = await api<{ data: { id: string } }>(
      'POST',
      '/settings/collection/season-crops',
      {
        seasonId: season.id,
        cropId: cashew?.id,
        indicativePrice: '2600',
        standardBagKg: '80',
        maxMoisture: '10',
      },
      token,
    );
    seasonCropId = created.body.data.id;
  }
  seasonCropLabel = `${name} · Cashew nuts`;
  return seasonCropId;
}

async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  const seasonCropId = await openSeasonWithCashew();
  const society = await createAmcos(token, `Chikundi AMCOS ${tag()}`);
  societyId = society.id;
  // Three farmers deliver 400, 250 and 350 kg (net) of Standard cashew, recorded through the API.
  const crops = await api<Listed<{ code: string; grades: { id: string; code: string }[] }>>(
    'GET',
    '/settings/collection/crops',
    undefined,
    token,
  );
  const standard = crops.body.data.find((c) => c.code === 'CASHEW')?.grades.find((g) => g.code === 'STD');
  for (const [i, net] of ['400', '250', '350'].entries()) {
    const farmer = await api<{ data: { farmerNo: string } }>(
      'POST',
      '/collections/farmers',
      {
        amcosId: society.id,
        firstName: ['Halima', 'Omari', 'Zuhura'][i],
        lastName: 'Msafiri',
        gender: 'Female',
        nationalId: nida(),
      },
      token,
    );
    const saved = await api(
      'POST',
      '/collections/receipts',
      {
        farmerNo: farmer.body.data.farmerNo,
        seasonCropId,
        gradeId: standard?.id,
        bags: 4,
        grossKg: String(Number(net) + 2),
        tareKg: '2',
        moisture: '8.5',
      },
      token,
    );
    if (saved.status !== 201) throw new Error(`collection: ${JSON.stringify(saved.body)}`);
  }
  plate = `T ${randomInt(100, 999)} DNE`;
  transporterName = `Kusini Malori ${tag()}`;
  await api(
    'POST',
    '/settings/collection/transporters',
    { name: transporterName, rateBasis: 'per_kg', rate: '40.00', vehicles: [{ plateNo: plate }] },
    token,
  );
  warehouseName = `Tandahimba Warehouse ${tag()}`;
  await api(
    'POST',
    '/settings/collection/warehouses',
    { name: warehouseName, operator: 'TANECU', licenceNo: `WRRB/${tag()}` },
    token,
  );
  clerk = await createUser(token, 'AMCOS Clerk', society.id);
  officer = await createUser(token, 'Crop Officer');
});
afterAll(() => browser.close());

async function signedIn(user: { email: string; password: string }): Promise<Page> {
  const page = await newPage(browser);
  await signInThroughBrowser(page, user.email, user.password);
  await page.waitForURL(/\/(change-password|home)/);
  return page;
}

describe('crop delivery notes and lots in the browser', () => {
  let dnUrl: string;
  let dnNo: string;

  it('an AMCOS clerk makes a delivery note of pending collections, dispatches it and prints it', async () => {
    const page = await signedIn(clerk);
    await page.goto('/collections/crop-DNs/create');
    await page.getByTestId('dn-form').waitFor();
    await choose(page, /^Season crop/, seasonCropLabel);
    await choose(page, /^Warehouse/, warehouseName);
    await choose(page, /^Transporter/, transporterName);
    await choose(page, /^Vehicle/, plate);
    await page.getByLabel(/^Driver \*?$/).fill('Bakari Dereva');
    await page.getByTestId('dn-pending').waitFor();
    await page.getByLabel('Choose all').check();
    expect(await page.getByTestId('dn-chosen').innerText()).toBe('3 collections, 12 bags, 1,000.000 kg');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/collections\/crop-DNs\/[0-9a-f-]+\/details$/);
    dnUrl = new URL(page.url()).pathname;
    await page.locator('[data-status="draft"]').first().waitFor();
    const heading = page.getByRole('heading', { name: /^Delivery note DN-/ });
    dnNo = ((await heading.innerText()).split(' ').at(-1) ?? '').trim();
    expect(dnNo).toMatch(/^DN-\d{4}-\d{6}$/);

    await page.getByTestId('dn-dispatch').click();
    await page.getByTestId('confirm-action').click();
    await page.locator('[data-status="dispatched"]').first().waitFor();
    // 1,000 kg x 40.00 TZS/kg
    await page.getByTestId('dn-fields').getByText('TZS 40,000.00').waitFor();
    const pdf = page.waitForResponse(
      (r) => r.url().includes('/api/collections/delivery-notes/') && r.url().endsWith('/pdf'),
    );
    await page.getByTestId('dn-print').click();
    const reply = await pdf;
    expect(reply.status()).toBe(200);
    expect(reply.headers()['content-type']).toBe('application/pdf');
    // A clerk cannot receive at the warehouse.
    expect(await page.getByTestId('dn-receive').count()).toBe(0);
    await page.context().close();
  });

  it('a union officer receives it with a variance and issues two lots; Swahili labels', async () => {
    const page = await signedIn(officer);
    await page.goto(dnUrl);
    await page.getByTestId('dn-receive').click();
    const form = page.getByTestId('dn-receive-form');
    await form.getByLabel(/^Kg received/).fill('990');
    expect(await page.getByTestId('dn-variance').innerText()).toContain('-10.000 kg');
    await form.getByRole('button', { name: 'Receive' }).click();
    await page.locator('[data-status="received"]').first().waitFor();
    await page.getByTestId('dn-fields').getByText('-10.000 kg').waitFor();

    await page.goto('/collections/auction-warehouse');
    await page.getByTestId('awaiting-lots').waitFor();
    await page.getByLabel(`${dnNo} Standard`).check();
    await page.getByTestId('issue-lots').click();
    const lotsForm = page.getByTestId('issue-lots-form');
    await lotsForm.getByLabel('Bags 1').fill('6');
    await lotsForm.getByLabel('Warehouse kg 1').fill('495');
    await lotsForm.getByLabel('Certificate no 1').fill('QC-E2E-1');
    await page.getByTestId('lot-add-line').click();
    await lotsForm.getByLabel('Bags 2').fill('6');
    await lotsForm.getByLabel('Warehouse kg 2').fill('495');
    const issued = page.waitForResponse(
      (r) => r.url().endsWith('/api/collections/lots') && r.request().method() === 'POST',
    );
    await lotsForm.getByRole('button', { name: 'Issue lots' }).click();
    expect((await issued).status()).toBe(201);
    await lotsForm.waitFor({ state: 'detached' });

    const lots = await api<Listed<{ whrNo: string; netKg: string; collectedKg: string; id: string }>>(
      'GET',
      `/collections/lots?amcos_id=${societyId}`,
      undefined,
      token,
    );
    expect(lots.body.data.map((l) => [l.netKg, l.collectedKg]).sort()).toEqual([
      ['495.000', '400.000'],
      ['495.000', '600.000'],
    ]);
    const table = page.getByTestId('lots-table');
    for (const l of lots.body.data) await table.getByText(l.whrNo).waitFor();
    await table.getByText(lots.body.data[0]?.whrNo ?? '').click();
    await page.getByTestId('lot-collections').waitFor();
    const pdf = page.waitForResponse(
      (r) => r.url().includes('/api/collections/lots/') && r.url().endsWith('/pdf'),
    );
    await page.getByTestId('lot-print').click();
    expect((await pdf).headers()['content-type']).toBe('application/pdf');
    await page.keyboard.press('Escape');

    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-sw').click();
    await page.getByRole('heading', { name: 'Ghala la mnada' }).waitFor();
    await page.getByRole('columnheader', { name: 'Kilo za wakulima' }).waitFor();
    await page.context().close();
  });
});
