import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cashewSeasonCrop,
  createFarmer,
  phone,
  type SeasonCrop,
  tag,
  weighCollection,
} from './crop-flow-fixtures.ts';
import { onOwnServer } from './own-server.ts';
import { createAmcos, createUser, newPage, signInThroughBrowser } from './support.ts';

let unionUser: { email: string; password: string };
let northClerk: { email: string; password: string };
let north: { id: string; name: string };
let south: { id: string; name: string };

/** A society with one farmer and the given collections (net kg = gross - 2.000 tare), recorded via the API. */
async function societyWithCollections(_token: string, crop: SeasonCrop, name: string, grossKgs: string[]) {
  const society = await createAmcos(own.token, `${name} ${tag()}`);
  const farmer = { amcosId: society.id, firstName: 'Asha', lastName: 'Mkulima', phone: phone() };
  const { farmerNo } = await createFarmer(own.token, farmer);
  for (const grossKg of grossKgs)
    await weighCollection(own.token, crop, { farmerNo, bags: 1, grossKg, tareKg: '2.000', moisture: '8.00' });
  return society;
}

// On a server of its own: the chart names the season's ten biggest societies, and other files'
// societies on a shared server would push these two into "others".
const own = onOwnServer();
beforeAll(async () => {
  const crop = await cashewSeasonCrop(own.token);
  // North: 100.250 + 50.000 = 150.250 kg; South: 75.500 kg.
  north = await societyWithCollections(own.token, crop, 'Dashibodi North AMCOS', ['102.250', '52.000']);
  south = await societyWithCollections(own.token, crop, 'Dashibodi South AMCOS', ['77.500']);
  unionUser = await createUser(own.token, 'Crop Officer');
  northClerk = await createUser(own.token, 'AMCOS Clerk', north.id);
}, 240_000);

async function amcosRows(page: Page) {
  // The shared machine can be slow: the season figures get longer than the default 15 s.
  await page.getByTestId('kg-by-amcos').waitFor({ timeout: 30_000 });
  return page.getByTestId('kg-by-amcos-row').allInnerTexts();
}

describe('season dashboard', () => {
  it('shows a union user every society’s exact kg', async () => {
    const page = await newPage(own.browser);
    await signInThroughBrowser(page, unionUser.email, unionUser.password);
    await page.goto('/');
    const rows = await amcosRows(page);
    expect(rows.find((r) => r.includes(north.name))).toContain('150.250 kg');
    expect(rows.find((r) => r.includes(south.name))).toContain('75.500 kg');
    await page.getByTestId('stat-collected-value').waitFor();
    // Each card says what it counts, so figures that differ between screens say why.
    expect(await page.getByTestId('stat-stock').innerText()).toContain(
      'Weighed at the AMCOS and not yet sent to the warehouse on a delivery note.',
    );
    expect(await page.getByTestId('stat-in-store').innerText()).toContain('not yet in an auction catalogue');
    expect(await page.getByTestId('stat-sold').innerText()).toMatch(/already released to their buyers/);
    // No report replica on this server: no "as of" line (#34).
    expect(await page.getByTestId('report-freshness').count()).toBe(0);
    expect(await page.getByTestId('stat-outstanding').innerText()).toMatch(
      /lower by buyers' unallocated credit \(TZS [\d,]+\.\d{2}: money paid and not yet applied to an invoice\)/,
    );
    await page.close();
  });

  it('shows an AMCOS user their own society only', async () => {
    const page = await newPage(own.browser);
    await signInThroughBrowser(page, northClerk.email, northClerk.password);
    await page.goto('/');
    const rows = await amcosRows(page);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(north.name);
    expect(rows[0]).toContain('150.250 kg');
    expect(await page.getByTestId('stat-collected-value').innerText()).toBe('150.250 kg');
    expect(await page.getByTestId('stat-stock-value').innerText()).toBe('150.250 kg');
    expect(await page.getByTestId('season-dashboard').innerText()).not.toContain(south.name);
    // A new society has nothing settled; beneficiaries and transporters are union-wide, not shown.
    expect(await page.getByTestId('stat-payables-due-value').innerText()).toBe('TZS 0.00');
    expect(await page.getByTestId('stat-paid-out-value').innerText()).toBe('TZS 0.00');
    expect(await page.getByTestId('stat-payables-due-farmers').count()).toBe(1);
    expect(await page.getByTestId('stat-payables-due-beneficiaries').count()).toBe(0);
    await page.close();
  });

  it('says how fresh the figures are when a report replica answers, or why the main database did (en and sw)', async () => {
    const page = await newPage(own.browser);
    await signInThroughBrowser(page, unionUser.email, unionUser.password);
    // This server has no replica: the dashboard's reply gets the headers a replica's would carry.
    let headers: Record<string, string> = { 'x-report-source': 'replica', 'x-report-lag-seconds': '4' };
    await page.route('**/api/dashboard/season**', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), ...headers } });
    });
    await page.goto('/');
    await page.getByTestId('report-freshness').getByText('As of 4 s ago').waitFor({ timeout: 30_000 });
    headers = { 'x-report-source': 'primary', 'x-report-fallback': 'behind', 'x-report-lag-seconds': '45' };
    await page.evaluate(() => window.localStorage.setItem('i18n_locale', 'sw'));
    await page.reload();
    await page
      .getByTestId('report-freshness')
      .getByText('Kutoka hifadhidata kuu: nakala ya ripoti imechelewa')
      .waitFor({ timeout: 30_000 });
    await page.close();
  });
});
