import { randomInt, randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { futureSesameSeasonCrop } from './crop-flow-fixtures.ts';
import { adminToken, createAmcos, createUser, launchBrowser, signedIn } from './support.ts';

/**
 * The master-data list screens built on ResourceListPage and the forms saved with
 * `resource().useSave`: each creates a record in its modal, and where the list has an edit button,
 * edits it; the list shows the change.
 */
let browser: Browser;
let page: Page;
let token: string;
const tag = randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase();

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  const admin = await createUser(token, 'Administrator');
  page = await signedIn(browser, admin);
});
afterAll(() => browser.close());

/** Clicks Save in the open dialog and waits for the answer to `method path` and the dialog to close. */
async function save(method: 'POST' | 'PATCH', path: RegExp): Promise<{ id: string }> {
  const answered = page.waitForResponse(
    (r) => path.test(new URL(r.url()).pathname) && r.request().method() === method,
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  const reply = await answered;
  expect(reply.status()).toBe(method === 'POST' ? 201 : 200);
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  return ((await reply.json()) as { data: { id: string } }).data;
}

const row = (table: Locator, text: string) => table.locator('tbody tr', { hasText: text });
const field = (name: RegExp) => page.getByRole('dialog').getByRole('textbox', { name });
async function choose(name: RegExp, option: string | RegExp) {
  await page.getByRole('dialog').getByRole('combobox', { name }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('master-data lists and their forms', () => {
  it('banks: create, then edit and deactivate from the list', async () => {
    await page.goto('/cooperative/banks');
    const table = page.getByTestId('banks-table');
    await page.getByTestId('banks-table-create').click();
    await field(/^Name/).fill(`E2E Bank ${tag}`);
    await field(/^Short code/).fill(`E${tag}`);
    await save('POST', /\/api\/cooperative\/banks$/);
    await row(table, `E2E Bank ${tag}`).waitFor();
    await row(table, `E2E Bank ${tag}`).getByRole('button', { name: 'Edit' }).click();
    expect(await field(/^Name/).inputValue()).toBe(`E2E Bank ${tag}`);
    await field(/^Name/).fill(`E2E Bank ${tag} Ltd`);
    await page.getByRole('dialog').getByRole('switch', { name: 'Active' }).click({ force: true });
    await save('PATCH', /\/api\/cooperative\/banks\/[0-9a-f-]+$/);
    const edited = row(table, `E2E Bank ${tag} Ltd`);
    await edited.waitFor();
    expect(await edited.innerText()).toMatch(/inactive/i);
  });

  it('seasons and beneficiaries: create from the list', async () => {
    const year = 2100 + randomInt(800);
    await page.goto('/collections/season-and-crops');
    await page.getByTestId('seasons-table-create').click();
    await field(/^Season/).fill(`${year}/${year + 1}`);
    await field(/^Starts/).fill(`${year}-10-01`);
    await field(/^Ends/).fill(`${year + 1}-09-30`);
    await save('POST', /\/api\/settings\/collection\/seasons$/);
    await row(page.getByTestId('seasons-table'), `${year}/${year + 1}`).waitFor();

    await page.goto('/settings/collection/beneficiaries');
    await page.getByTestId('beneficiaries-table-create').click();
    await field(/^Name/).fill(`E2E Board ${tag}`);
    await choose(/^Kind/, 'Crop board');
    await save('POST', /\/api\/settings\/collection\/beneficiaries$/);
    await row(page.getByTestId('beneficiaries-table'), `E2E Board ${tag}`).waitFor();
  });

  it('transporters and warehouses: create, then edit from the list', async () => {
    await page.goto('/settings/collection/transporter');
    const transportersTable = page.getByTestId('transporters-table');
    await page.getByTestId('transporters-table-create').click();
    await field(/^Name/).fill(`E2E Haulage ${tag}`);
    await field(/^Rate \(TZS\)/).fill('45');
    await field(/^Plate numbers/).fill('T 111 AAA');
    await save('POST', /\/api\/settings\/collection\/transporters$/);
    await row(transportersTable, `E2E Haulage ${tag}`).waitFor();
    await row(transportersTable, `E2E Haulage ${tag}`).getByRole('button', { name: 'Edit' }).click();
    expect(await field(/^Plate numbers/).inputValue()).toBe('T 111 AAA');
    await field(/^Rate \(TZS\)/).fill('60');
    await field(/^Plate numbers/).fill('T 111 AAA, T 222 BBB');
    await save('PATCH', /\/api\/settings\/collection\/transporters\/[0-9a-f-]+$/);
    await row(transportersTable, 'T 222 BBB').waitFor();
    expect(await row(transportersTable, `E2E Haulage ${tag}`).innerText()).toContain('60.00');

    await page.getByRole('tab', { name: 'Warehouses' }).click();
    const warehousesTable = page.getByTestId('warehouses-table');
    await page.getByTestId('warehouses-table-create').click();
    await field(/^Name/).fill(`E2E Warehouse ${tag}`);
    await field(/^Operator/).fill('Mtwara Warehousing');
    await field(/^Licence no/).fill(`WRRB/${tag}`);
    await field(/^Capacity/).fill('2500000');
    await save('POST', /\/api\/settings\/collection\/warehouses$/);
    await row(warehousesTable, `E2E Warehouse ${tag}`).waitFor();
    await row(warehousesTable, `E2E Warehouse ${tag}`).getByRole('button', { name: 'Edit' }).click();
    await field(/^Operator/).fill('Mtwara Port Warehousing');
    await save('PATCH', /\/api\/settings\/collection\/warehouses\/[0-9a-f-]+$/);
    await row(warehousesTable, 'Mtwara Port Warehousing').waitFor();
  });

  it('a BOQ and a farmer: the new record opens on its details page', async () => {
    const { year, seasonCrop } = await futureSesameSeasonCrop(token);
    expect(seasonCrop.status).toBe(201);
    await page.goto('/settings/collection/boqs/create');
    await page.getByRole('textbox', { name: /^Name/ }).fill(`E2E inputs ${tag}`);
    await page.getByRole('combobox', { name: /^Season crop/ }).click();
    await page
      .getByRole('option', { name: new RegExp(`${year}/${year + 1}`) })
      .first()
      .click();
    await page.getByRole('textbox', { name: 'Item' }).first().fill('Sulphur dust');
    await page.getByRole('textbox', { name: 'Unit' }).first().fill('kg');
    await page.getByRole('textbox', { name: 'Quantity / acre' }).first().fill('25');
    await page.getByRole('textbox', { name: 'Unit price' }).first().fill('1650');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/settings\/collection\/boqs\/[0-9a-f-]+\/details$/);
    await page.getByText(`E2E inputs ${tag}`).first().waitFor();

    const society = await createAmcos(token, `E2E AMCOS ${tag}`);
    await page.goto('/amcos/amcos-farmers');
    await page.getByTestId('farmers-table-create').click();
    await choose(/^AMCOS/, new RegExp(`E2E AMCOS ${tag}`));
    await field(/^First name/).fill('Neema');
    await field(/^Last name/).fill(`Tag${tag}`);
    await choose(/^Gender/, 'Female');
    const created = await save('POST', /\/api\/collections\/farmers$/);
    await page.waitForURL(new RegExp(`/amcos/amcos-farmers/${created.id}/details$`));
    await page.getByText(`Tag${tag}`).first().waitFor();
    expect(society.id).toBeTruthy();
  });
});
