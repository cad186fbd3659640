import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashewSeasonCrop } from './crop-flow-fixtures.ts';
import { paidLotOfTwoFarmers, previewSettlement } from './settlement-fixtures.ts';
import { adminToken, api, createUser, launchBrowser, must, signedIn } from './support.ts';

/**
 * Members' shares from crop money (#32) in the settlement preview. Through the API: a society's two
 * farmers in one paid lot (Asha 600 kg, Baraka 400 kg at 2,500); Asha joins its register with
 * 100,000 of shares unpaid, Baraka is no member. In the browser an administrator gives the cashew
 * season crop a member-shares rule (its own kind: 100% of what is left after loans; removed again
 * at the end through the API), and the officer's
 * preview shows 100,000.00 of member shares in its summary and on Asha's line only, in English and
 * in Swahili.
 * The union's shares (#32): the society joins the union's register with 5,000 of shares unpaid; an
 * AMCOS levy of 10/kg (10,000 on the lot, through the API) and an AMCOS-shares rule (100% of the
 * levy, added on the deductions screen) make the preview's summary show 5,000.00 of "AMCOS shares to
 * the union" (Swahili "Hisa za AMCOS kwa Chama Kikuu"). Both rules are removed at the end.
 */
let browser: Browser;
let token: string;
let ruleId = '';
let levyId = '';
let unionRuleId = '';
let seasonCropId = '';
let admin: { email: string; password: string };
let society: { id: string; name: string };
let farmerNames: string[] = [];
let officer: { email: string; password: string };

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  officer = await createUser(token, 'Settlement Officer');
  ({ society, farmerNames } = await paidLotOfTwoFarmers(token, 'Shares'));
  seasonCropId = (await cashewSeasonCrop(token)).seasonCropId;
  admin = await createUser(token, 'Administrator');
  const candidates = await must(
    api<{ data: { id: string; name: string }[] }>(
      'GET',
      `/members/candidates?society=${society.id}&search=Asha`,
      undefined,
      token,
    ),
    'candidates',
  );
  const asha = candidates.data[0];
  if (!asha) throw new Error('Asha is no candidate');
  await must(
    api(
      'POST',
      '/members',
      { society: society.id, farmerId: asha.id, joinedOn: '2026-01-10', sharesSubscribed: '100000' },
      token,
    ),
    'join',
  );
  await must(
    api(
      'POST',
      '/members',
      { society: 'union', memberAmcosId: society.id, joinedOn: '2026-01-10', sharesSubscribed: '5000' },
      token,
    ),
    'join the union',
  );
  const levy = await must(
    api<{ data: { id: string } }>(
      'POST',
      `/settings/collection/season-crops/${seasonCropId}/deduction-rules`,
      {
        name: 'AMCOS levy (shares e2e)',
        recipient: 'amcos',
        payer: 'farmer',
        basis: 'per_kg',
        rate: '10',
        order: 5,
      },
      token,
    ),
    'levy',
  );
  levyId = levy.data.id;
}, 180_000);
afterAll(async () => {
  for (const id of [ruleId, levyId, unionRuleId])
    if (id) await api('DELETE', `/settings/collection/deduction-rules/${id}`, undefined, token);
  await browser.close();
});

/** The farmers table of the preview as its header and each row's cells. */
async function farmersTable(page: Page) {
  const table = page.getByTestId('preview-farmers');
  const header = await table.locator('thead th').allTextContents();
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? '')),
    );
  return { header, rows };
}

describe('member shares in the settlement preview', () => {
  it('adds a member-shares rule, its own kind, on the deductions screen', async () => {
    const page = await signedIn(browser, admin);
    await page.goto(`/collections/deductions?season_crop=${seasonCropId}`);
    await page.getByTestId('rule-create').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Member shares');
    await dialog.getByRole('combobox', { name: /^Kind/ }).click();
    await page.getByRole('option', { name: 'Member shares (from crop money)' }).click();
    // A member-shares rule has no payer, basis or recipient to choose: farmer, percent, AMCOS.
    await expect(dialog.getByRole('combobox', { name: /^Basis/ }).count()).resolves.toBe(0);
    await dialog.getByRole('textbox', { name: /^At most this %/ }).fill('100');
    const saved = page.waitForResponse(
      (r) => r.url().includes('/deduction-rules') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    const reply = await saved;
    expect(reply.status()).toBe(201);
    ruleId = ((await reply.json()) as { data: { id: string } }).data.id;
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('rules-table').getByTestId('rule-kind').first().waitFor();
    await page.context().close();
  });

  it("adds an AMCOS-shares rule, the AMCOS's union shares from its levy", async () => {
    const page = await signedIn(browser, admin);
    await page.goto(`/collections/deductions?season_crop=${seasonCropId}`);
    await page.getByTestId('rule-create').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('AMCOS shares');
    await dialog.getByRole('combobox', { name: /^Kind/ }).click();
    await page.getByRole('option', { name: 'AMCOS shares to the union (from its levy)' }).click();
    await expect(dialog.getByRole('combobox', { name: /^Basis/ }).count()).resolves.toBe(0);
    await dialog.getByRole('textbox', { name: /^At most this % of the AMCOS levy/ }).fill('100');
    const saved = page.waitForResponse(
      (r) => r.url().includes('/deduction-rules') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    const reply = await saved;
    expect(reply.status()).toBe(201);
    unionRuleId = ((await reply.json()) as { data: { id: string } }).data.id;
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('% of the AMCOS levy').first().waitFor();
    await page.context().close();
  });

  it('shows the share deduction in the summary and on the member’s line, in English and Swahili', async () => {
    const page = await signedIn(browser, officer);
    for (const [locale, label] of [
      ['en', 'Member shares'],
      ['sw', 'Hisa za mwanachama'],
    ] as const) {
      await page.evaluate((l) => window.localStorage.setItem('i18n_locale', l), locale);
      await previewSettlement(page, society.name);
      await expect(page.getByTestId(`preview-totals-${label}`).textContent()).resolves.toBe('100,000.00');
      const union = locale === 'en' ? 'AMCOS shares to the union' : 'Hisa za AMCOS kwa Chama Kikuu';
      await expect(page.getByTestId(`preview-totals-${union}`).textContent()).resolves.toBe('5,000.00');
      const { header, rows } = await farmersTable(page);
      const column = header.indexOf(label);
      expect(column, header.join(' | ')).toBeGreaterThan(0);
      const byName = new Map(rows.map((r) => [r[1], r[column]]));
      expect(byName.get(farmerNames[0])).toBe('100,000.00');
      expect(byName.get(farmerNames[1])).not.toBe('100,000.00');
      await page.keyboard.press('Escape');
    }
    await page.context().close();
  });
});
