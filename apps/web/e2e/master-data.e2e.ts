import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { futureSesameSeasonCrop, nida, phone } from './crop-flow-fixtures.ts';
import { adminToken, api, createAmcos, createUser, launchBrowser, signedIn } from './support.ts';

const COLUMNS =
  'amcos_code,first_name,middle_name,last_name,gender,date_of_birth,national_id,phone,bank_code,account_no,village,farm_crop,farm_acres,farm_trees,latitude,longitude';

let browser: Browser;
let token: string;
let admin: { email: string; password: string };
// One surname per run: the searches below find only this run's farmers.
const surname = `Mkwe${randomUUID()
  .replace(/[^a-f]/g, '')
  .slice(0, 5)}`;
const code = `M${randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase()}`;
let societyId = '';

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  admin = await createUser(token, 'Administrator');
});
afterAll(() => browser.close());

describe('master data in the browser', () => {
  it('a union officer creates an AMCOS', async () => {
    const page = await signedIn(browser, admin);
    await page.goto('/amcos/list');
    await page.getByTestId('amcos-table-create').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Code/ }).fill(code);
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Mkwedu AMCOS');
    await dialog.getByRole('textbox', { name: /^Village/ }).fill('Mkwedu');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/amcos') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    const reply = await saved;
    expect(reply.status()).toBe(201);
    societyId = ((await reply.json()) as { data: { id: string } }).data.id;
    await page.getByTestId('amcos-table').getByText(code).waitFor();
    await page.context().close();
  });

  it('imports a farmers sheet: the bad rows are listed, the good rows are saved', async () => {
    const page = await signedIn(browser, admin);
    await page.goto('/amcos/amcos-farmers');
    await page.getByTestId('farmers-import').click();
    const rows = [
      `${code},Amina,,${surname},F,1984-03-02,${nida()},${phone()},,,Mkwedu,CASHEW,2.5,120,-10.6712,38.7421`,
      `${code},Juma,,${surname},M,,${nida()},${phone()},,,Mkwedu,,,,,`,
      `${code},Rehema,Saidi,${surname},F,,,,,,Mkwedu,,,,,`,
      `${code},,,${surname},M,,${nida()},${phone()},,,,,,,,`,
      `${code},Bakari,,${surname},M,,${nida()},12345,,,,,,,,`,
      `NOSUCH,Zawadi,,${surname},F,,${nida()},${phone()},,,,,,,,`,
    ];
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'farmers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${[COLUMNS, ...rows].join('\r\n')}\r\n`),
    });
    await page.getByTestId('import-preview').click();
    await page.getByTestId('import-summary').waitFor();
    // The problems listed beside the summary, so a failure says which rows were refused and why.
    const problems = await page.getByTestId('import-errors').innerText();
    expect(`${await page.getByTestId('import-summary').innerText()}\n${problems}`).toContain(
      '6 rows: 3 can be imported, 3 have errors.',
    );
    const errors = await page.getByTestId('import-errors').locator('tbody tr').allInnerTexts();
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(/^5\s+first_name/);
    expect(errors[1]).toMatch(/^6\s+phone/);
    expect(errors[2]).toMatch(/^7\s+amcos_code/);
    await page.getByTestId('import-save').click();
    await page.getByTestId('import-done').waitFor();
    expect(await page.getByTestId('import-done').innerText()).toContain(`${code}-00001 – ${code}-00003`);
    await page.context().close();
  });

  it('opens a farmer and sees the farm point on the map', async () => {
    const page = await signedIn(browser, admin);
    await page.goto(`/amcos/amcos-farmers?search=${encodeURIComponent(`amina ${surname}`)}`);
    await page.getByRole('link', { name: `${code}-00001` }).click();
    await page.waitForURL(/\/amcos\/amcos-farmers\/[0-9a-f-]+\/details$/);
    await page.getByText('-10.6712, 38.7421').waitFor();
    const map = page.getByTestId('farm-map');
    await map.locator('path.leaflet-interactive').first().waitFor();
    expect(await map.locator('path.leaflet-interactive').count()).toBe(1);
    await page.context().close();
  });

  it('the AMCOS details page shows its farms, farmers, users and crop stock', async () => {
    const page = await signedIn(browser, admin);
    await page.goto(`/amcos/${societyId}`);
    // The map and the tabs come from the farmers, users and crop-flow areas (app/amcos-details-screen).
    const map = page.getByTestId('amcos-map');
    await map.locator('path.leaflet-interactive').first().waitFor();
    expect(await map.locator('path.leaflet-interactive').count()).toBe(1);
    const tabs = await page.getByRole('tab').allInnerTexts();
    expect(tabs).toEqual(['Farmers', 'Users', 'Stock', 'Stores', 'History']);
    const numbers = await page
      .getByTestId('farmers-table')
      .locator('tbody tr td:first-child')
      .allInnerTexts();
    expect(numbers.sort()).toEqual([`${code}-00001`, `${code}-00002`, `${code}-00003`]);
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByText('No users for this AMCOS').waitFor();
    await page.getByTestId('amcos-stock-tab').click();
    await page.getByText('No crop collected yet').waitFor();
    await page.context().close();
  });

  it('sets a season crop’s deduction rules and previews the split to the shilling', async () => {
    const { seasonCrop } = await futureSesameSeasonCrop(token);
    expect(seasonCrop.status).toBe(201);
    const page = await signedIn(browser, admin);
    await page.goto(`/collections/deductions?season_crop=${seasonCrop.body.data.id}`);
    const addRule = async (name: string, basis: RegExp, rate: string, recipient: RegExp) => {
      await page.getByTestId('rule-create').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
      await dialog.getByRole('combobox', { name: /^Basis/ }).click();
      await page.getByRole('option', { name: basis }).click();
      await dialog.getByRole('textbox', { name: /^Rate/ }).fill(rate);
      await dialog.getByRole('combobox', { name: /^Received by/ }).click();
      await page.getByRole('option', { name: recipient }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByTestId('rules-table').getByText(name, { exact: true }).waitFor();
    };
    await addRule('AMCOS levy', /per kg/i, '20', /AMCOS/);
    await addRule('Transport', /per kg/i, '50', /transporter/i);
    await page.getByTestId('split-run').click();
    const result = page.getByTestId('split-result');
    await result.waitFor();
    // 1,000 kg × 2,000 = 2,000,000; levy 1,000 × 20 = 20,000; transport 1,000 × 50 = 50,000;
    // farmers' net 2,000,000 − 20,000 − 50,000 = 1,930,000.
    const text = await result.innerText();
    expect(text).toMatch(/Gross\s+TZS 2,000,000\.00/);
    expect(text).toMatch(/AMCOS levy\s+TZS 20,000\.00/);
    expect(text).toMatch(/Transport\s+TZS 50,000\.00/);
    expect(text).toMatch(/TZS 1,930,000\.00/);
    await page.context().close();
  });

  it('an AMCOS user sees only their own society’s farmers', async () => {
    const other = await createAmcos(token, 'Other AMCOS');
    const outsider = await api<{ data: { id: string; farmerNo: string } }>(
      'POST',
      '/collections/farmers',
      {
        amcosId: other.id,
        firstName: 'Outsider',
        lastName: surname,
        gender: 'Male',
        nationalId: nida(),
        phone: phone(),
      },
      token,
    );
    expect(outsider.status).toBe(201);
    const clerk = await createUser(token, 'AMCOS Clerk', societyId);
    const page = await signedIn(browser, clerk);
    await page.goto(`/amcos/amcos-farmers?search=${encodeURIComponent(surname)}`);
    const table = page.getByTestId('farmers-table');
    await table.getByText(`${code}-00003`).waitFor();
    const numbers = await table.locator('tbody tr td:first-child').allInnerTexts();
    expect(numbers.sort()).toEqual([`${code}-00001`, `${code}-00002`, `${code}-00003`]);
    expect(await table.innerText()).not.toContain('Outsider');
    await page.goto(`/amcos/amcos-farmers/${outsider.body.data.id}/details`);
    await page.getByText('This record belongs to another society').waitFor();
    expect(await page.getByText('Outsider').count()).toBe(0);
    // Their own society's page: farmers and stock, but the users are union business.
    await page.goto(`/amcos/${societyId}`);
    await page.getByTestId('farmers-table').getByText(`${code}-00001`).waitFor();
    expect(await page.getByRole('tab').allInnerTexts()).toEqual(['Farmers', 'Stock', 'Stores', 'History']);
    await page.context().close();
  });
});
