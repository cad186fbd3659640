import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFarmer, tag } from './crop-flow-fixtures.ts';
import { adminToken, api, createAmcos, createUser, launchBrowser, signedIn } from './support.ts';

/**
 * Members and their money (#32) in the browser: the union's accountant registers an AMCOS in the
 * union's register from the sidebar (English), records its share payment into the operation bank
 * after a confirmation and reads its statement; an AMCOS manager registers a farmer in their own
 * society's register (Swahili) and sees only it.
 */
let browser: Browser;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
}, 120_000);
afterAll(() => browser.close());

async function choose(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
}

describe('member registers (#32)', () => {
  it('the union’s accountant registers an AMCOS, records its shares into the bank and reads its statement', async () => {
    const society = await createAmcos(token, `Shareholder ${tag()}`);
    const accountant = await createUser(token, 'Accountant');
    const page = await signedIn(browser, accountant);
    await page.getByRole('link', { name: 'Members', exact: true }).first().click();
    await page.waitForURL(/\/members\/union$/);
    await page.getByTestId('members-table-create').click();
    const form = page.getByTestId('member-form');
    await page.getByTestId('member-candidate').fill(society.name.slice(0, 14));
    await page
      .getByRole('option', { name: new RegExp(society.name) })
      .first()
      .click();
    await form.getByLabel('Shares subscribed').fill('1000000');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByTestId('members-table').getByText(society.name).first().waitFor();
    const row = page.getByTestId('members-table').locator('tr', { hasText: society.name });
    await row.getByRole('link').first().click();
    await page.waitForURL(/\/members\/.+\/details$/);
    await page.getByTestId('member-figures').waitFor();
    await page.getByTestId('member-pay').click();
    const pay = page.getByTestId('member-payment-form');
    await pay.getByLabel('Amount').fill('400000');
    await choose(page, 'member-payment-account', /Operation.*1101/);
    await pay.getByRole('button', { name: 'Record payment' }).click();
    expect(await page.getByTestId('confirm-amount').textContent()).toContain('400,000.00');
    await page.getByTestId('confirm-action').click();
    await pay.waitFor({ state: 'detached' });
    const figures = page.getByTestId('member-figures');
    await figures.getByText('TZS 600,000.00').waitFor();
    await page
      .getByTestId('member-payments')
      .getByText(/MP-\d{4}-\d{6}/)
      .waitFor();
    const reply = await api<{ data: { sharesPaid: string }[] }>(
      'GET',
      `/members?society=union&search=${encodeURIComponent(society.name)}`,
      undefined,
      token,
    );
    expect(reply.body.data[0]?.sharesPaid).toBe('400000.00');
    await page.context().close();
  }, 180_000);

  it('an AMCOS manager registers a farmer in their own society’s register, in Swahili', async () => {
    const own = await createAmcos(token, `Own ${tag()}`);
    const farmer = await createFarmer(token, {
      amcosId: own.id,
      firstName: 'Zawadi',
      lastName: `Member${tag()}`,
    });
    const manager = await createUser(token, 'AMCOS Manager', own.id);
    const page = await signedIn(browser, manager);
    await page.evaluate(() => window.localStorage.setItem('i18n_locale', 'sw'));
    await page.goto('/home');
    await page.getByRole('link', { name: 'Wanachama', exact: true }).first().click();
    await page.waitForURL(/\/members\/societies$/);
    await page.getByTestId('members-table-create').click();
    const form = page.getByTestId('member-form');
    await page.getByTestId('member-candidate').fill(farmer.farmerNo);
    await page
      .getByRole('option', { name: new RegExp(farmer.farmerNo) })
      .first()
      .click();
    await form.getByLabel('Hisa alizoahidi').fill('50000');
    await form.getByRole('button', { name: 'Hifadhi' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByTestId('members-table').getByText(farmer.farmerNo).first().waitFor();
    // The totals answer separately from the rows: wait for them rather than read them once.
    await page.getByTestId('members-totals').filter({ hasText: 'wanachama 1' }).waitFor();
    // The society's by-law share minimum, a one-figure dialog: a word refused on its box, a figure kept.
    await page.getByTestId('members-minimum').click();
    const minimum = page.getByTestId('member-minimum-form');
    const box = minimum.getByLabel('Kiwango cha chini cha hisa kwa masharti ya chama');
    await box.fill('elfu ishirini');
    await minimum.getByRole('button', { name: 'Hifadhi' }).click();
    await minimum.locator('[aria-invalid="true"]').waitFor();
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    await box.fill('20000');
    await minimum.getByRole('button', { name: 'Hifadhi' }).click();
    await minimum.waitFor({ state: 'detached' });
    const stored = await api<{ data: { shareMinimum: string } }>(
      'GET',
      `/members/settings?society=${own.id}`,
      undefined,
      token,
    );
    expect(stored.body.data.shareMinimum).toBe('20000.00');
    // The union's register is not theirs.
    await page.goto('/members/union');
    await page.getByTestId('no-access').waitFor();
    await page.context().close();
  }, 180_000);
});
