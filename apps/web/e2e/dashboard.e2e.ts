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
const nida = () => `19${Array.from({ length: 18 }, () => randomInt(10)).join('')}`;
const phone = () => `2557${Array.from({ length: 8 }, () => randomInt(10)).join('')}`;

let browser: Browser;
let unionUser: { email: string; password: string };
let northClerk: { email: string; password: string };
let north: { id: string; name: string };
let south: { id: string; name: string };

/** The season holding today, opened, with cashew in it (idempotent: other e2e files may share it). */
async function openSeasonWithCashew(token: string) {
  const today = new Date().toISOString().slice(0, 10);
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
    const created = await api<{ data: { id: string; name: string; status: string } }>(
      'POST',
      '/settings/collection/seasons',
      { name, startDate: `${first}-10-01`, endDate: `${first + 1}-09-30` },
      token,
    );
    season = created.body.data;
  }
  if (season.status === 'planned') {
    await api('PATCH', `/settings/collection/seasons/${season.id}`, { status: 'open' }, token);
  }
  const crops = await api<Listed<{ id: string; code: string; grades: { id: string }[] }>>(
    'GET',
    '/settings/collection/crops',
    undefined,
    token,
  );
  const cashew = crops.body.data.find((c) => c.code === 'CASHEW');
  const query = `/settings/collection/season-crops?season_id=${season.id}&crop_id=${cashew?.id}`;
  let existing = await api<Listed<{ id: string }>>('GET', query, undefined, token);
  if (existing.body.data.length === 0) {
    await api(
      'POST',
      '/settings/collection/season-crops',
      {
        seasonId: season.id,
        cropId: cashew?.id,
        indicativePrice: '2600',
        standardBagKg: '80',
        maxMoisture: '10',
        moisturePolicy: 'refuse',
      },
      token,
    );
    existing = await api<Listed<{ id: string }>>('GET', query, undefined, token);
  }
  return { seasonCropId: existing.body.data[0]?.id ?? '', gradeId: cashew?.grades[0]?.id ?? '' };
}

/** A society with one farmer and the given collections (net kg = gross - 2.000 tare), recorded via the API. */
async function societyWithCollections(
  token: string,
  crop: { seasonCropId: string; gradeId: string },
  name: string,
  grossKgs: string[],
) {
  const society = await createAmcos(token, `${name} ${randomUUID().slice(0, 4)}`);
  const farmer = await api<{ data: { farmerNo: string } }>(
    'POST',
    '/collections/farmers',
    {
      amcosId: society.id,
      firstName: 'Asha',
      lastName: 'Mkulima',
      gender: 'Female',
      nationalId: nida(),
      phone: phone(),
    },
    token,
  );
  for (const grossKg of grossKgs) {
    const r = await api(
      'POST',
      '/collections/receipts',
      {
        farmerNo: farmer.body.data.farmerNo,
        seasonCropId: crop.seasonCropId,
        gradeId: crop.gradeId,
        bags: 1,
        grossKg,
        tareKg: '2.000',
        moisture: '8.00',
      },
      token,
    );
    if (r.status !== 201) throw new Error(`collection failed: ${r.status} ${JSON.stringify(r.body)}`);
  }
  return society;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  const crop = await openSeasonWithCashew(token);
  // North: 100.250 + 50.000 = 150.250 kg; South: 75.500 kg.
  north = await societyWithCollections(token, crop, 'Dashibodi North AMCOS', ['102.250', '52.000']);
  south = await societyWithCollections(token, crop, 'Dashibodi South AMCOS', ['77.500']);
  unionUser = await createUser(token, 'Crop Officer');
  northClerk = await createUser(token, 'AMCOS Clerk', north.id);
});
afterAll(() => browser.close());

async function amcosRows(page: Page) {
  // The shared machine can be slow: the season figures get longer than the default 15 s.
  await page.getByTestId('kg-by-amcos').waitFor({ timeout: 30_000 });
  return page.getByTestId('kg-by-amcos-row').allInnerTexts();
}

describe('season dashboard', () => {
  it('shows a union user every society’s exact kg', async () => {
    const page = await newPage(browser);
    await signInThroughBrowser(page, unionUser.email, unionUser.password);
    await page.goto('/');
    const rows = await amcosRows(page);
    expect(rows.find((r) => r.includes(north.name))).toContain('150.250 kg');
    expect(rows.find((r) => r.includes(south.name))).toContain('75.500 kg');
    await page.getByTestId('stat-collected-value').waitFor();
    await page.close();
  });

  it('shows an AMCOS user their own society only', async () => {
    const page = await newPage(browser);
    await signInThroughBrowser(page, northClerk.email, northClerk.password);
    await page.goto('/');
    const rows = await amcosRows(page);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(north.name);
    expect(rows[0]).toContain('150.250 kg');
    expect(await page.getByTestId('stat-collected-value').innerText()).toBe('150.250 kg');
    expect(await page.getByTestId('stat-stock-value').innerText()).toBe('150.250 kg');
    expect(await page.getByTestId('season-dashboard').innerText()).not.toContain(south.name);
    await page.close();
  });
});
