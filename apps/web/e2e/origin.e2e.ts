import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  amcosWithClerk,
  cashewSeasonCrop,
  createFarmer,
  deliveredLot,
  deliverToWarehouse,
  type Lot,
  tag,
  weighCollection,
} from './crop-flow-fixtures.ts';
import { adminToken, adminUser, api, launchBrowser, must, signedIn } from './support.ts';

/**
 * A lot's origin (#33) on screen: two farmers delivered into the lot (one farm with a boundary, one
 * 6 ha farm recorded as a point), a third farmer of the society did not. The union's user opens the
 * lot, reads the two farms on the map and in the table, the blocking point listed, downloads the
 * draft geolocation file (the two farms exactly) and reads it all again in Swahili, then on a phone
 * in the dark theme.
 */
let browser: Browser;
let lot: Lot;
const suffix = tag();
const names = {
  boundary: `Shamba Mpaka ${suffix}`,
  point: `Shamba Kubwa ${suffix}`,
  idle: `Shamba Mgeni ${suffix}`,
};

const RING = [
  [40.1, -10.3],
  [40.1015, -10.3],
  [40.1015, -10.298],
  [40.1, -10.298],
  [40.1, -10.3],
];

async function farm(token: string, farmerId: string, body: Record<string, unknown>) {
  await must(api('POST', `/collections/farmers/${farmerId}/farms`, body, token), 'farm');
}

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  const crop = await cashewSeasonCrop(token);
  const { society, clerkToken } = await amcosWithClerk(token, `Origin AMCOS ${suffix}`);
  const [a, b, c] = await Promise.all(
    ['Amina', 'Bakari', 'Chausiku'].map((firstName) =>
      createFarmer(token, { amcosId: society.id, firstName, lastName: `Asili ${suffix}` }),
    ),
  );
  if (!a || !b || !c) throw new Error('farmers missing');
  await farm(token, a.id, {
    name: names.boundary,
    acres: '8.20',
    boundary: { type: 'Polygon', coordinates: [RING] },
  });
  await farm(token, b.id, { name: names.point, acres: '14.83', location: { lat: -10.31, lng: 40.11 } });
  await farm(token, c.id, { name: names.idle, acres: '2.00', location: { lat: -10.32, lng: 40.12 } });
  const weighing = { bags: 2, grossKg: '202.000', tareKg: '2.000', moisture: '8.00' };
  const collectionIds = [
    await weighCollection(clerkToken, crop, { ...weighing, farmerNo: a.farmerNo }),
    await weighCollection(clerkToken, crop, { ...weighing, farmerNo: b.farmerNo }),
  ];
  lot = await deliveredLot(token, clerkToken, crop, {
    prefix: 'Origin',
    collectionIds,
    bags: 4,
    netKg: '400.000',
  });
  // A received note still waiting for its lots (the idle farmer's, not in the lot), so the page
  // under the drawer shows its widest table too: on a phone it must scroll in its own region.
  const waiting = await weighCollection(clerkToken, crop, { ...weighing, farmerNo: c.farmerNo });
  await deliverToWarehouse(token, clerkToken, {
    prefix: 'Origin waiting',
    seasonCropId: crop.seasonCropId,
    collectionIds: [waiting],
    receivedBags: 2,
    receivedKg: '200.000',
  });
}, 120_000);
afterAll(() => browser?.close());

describe("a lot's origin (#33)", () => {
  it('shows the delivering farms on the map and in the table, the blocking point, and downloads the draft file', async () => {
    const page = await signedIn(browser, adminUser());
    await page.goto(`/collections/auction-warehouse?lot=${lot.id}`);
    const drawer = page.getByTestId('lot-drawer');
    await drawer.getByTestId('origin-open').click();
    const farms = drawer.getByTestId('origin-farms');
    await farms.getByText(names.boundary).waitFor();
    await farms.getByText(names.point).waitFor();
    expect(await farms.getByText(names.idle).count()).toBe(0);
    expect(await drawer.getByTestId('origin-summary').innerText()).toBe(
      '2 farmers · 2 farms · 2 receipts · 400.000 kg',
    );
    const validation = drawer.getByTestId('origin-validation');
    await validation.getByText('1 farm blocks the geolocation file').waitFor();
    expect(await validation.getByTestId('origin-issue').innerText()).toContain(
      '6.0015 ha recorded as a point: a plot over 4 ha needs its boundary.',
    );
    // One point (the 6 ha farm) and one polygon drawn by Leaflet.
    const map = drawer.getByTestId('origin-map');
    expect(await map.getAttribute('data-points')).toBe('1');
    expect(await map.locator('path.leaflet-interactive').count()).toBe(2);
    const download = page.waitForEvent('download');
    await drawer.getByRole('button', { name: 'Download draft GeoJSON' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^GEOLOCATION_WHR-\d{4}-\d{6}_DRAFT\.geojson$/);
    const geo = JSON.parse(await readFile((await file.path()) ?? '', 'utf8')) as {
      features: {
        geometry: { type: string };
        properties: { ProducerName: string; ProducerCountry: string };
      }[];
    };
    expect(
      geo.features
        .map((f) => [f.geometry.type, f.properties.ProducerName, f.properties.ProducerCountry])
        .sort(),
    ).toEqual([
      ['Point', `Bakari Asili ${suffix}`, 'TZ'],
      ['Polygon', `Amina Asili ${suffix}`, 'TZ'],
    ]);

    await page.evaluate(() => window.localStorage.setItem('i18n_locale', 'sw'));
    await page.reload();
    await drawer.getByRole('button', { name: 'Onyesha asili' }).click();
    await drawer.getByText('Shamba 1 linazuia faili la mahali').waitFor();
    await drawer.getByRole('heading', { name: 'Mashamba' }).waitFor();
    await drawer.getByText('Zaidi ya hekta 4 kama alama').waitFor();
    expect(await drawer.getByTestId('origin-summary').innerText()).toBe(
      'Wakulima 2 · mashamba 2 · stakabadhi 2 · 400.000 kg',
    );
    await drawer.getByRole('button', { name: 'Pakua rasimu ya GeoJSON' }).waitFor();
    await page.context().close();
  });

  it('reads on a phone in the dark theme', async () => {
    const page = await signedIn(browser, adminUser());
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => {
      window.localStorage.setItem('i18n_locale', 'en');
      window.localStorage.setItem('theme', 'dark');
    });
    await page.goto(`/collections/auction-warehouse?lot=${lot.id}`);
    const drawer = page.getByTestId('lot-drawer');
    await drawer.getByTestId('origin-open').waitFor();
    expect(
      await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')),
    ).toBe('dark');
    await drawer.getByTestId('origin-open').click();
    await drawer.getByTestId('origin-farms').getByText(names.point).waitFor();
    const map = await drawer.getByTestId('origin-map').boundingBox();
    expect(map?.width).toBeGreaterThan(300);
    expect(map?.width).toBeLessThanOrEqual(390);
    // The page itself does not scroll sideways: wide tables scroll inside their own region.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.context().close();
  });
});
