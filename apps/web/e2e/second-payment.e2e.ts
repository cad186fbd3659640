import { beforeAll, describe, expect, it } from 'vitest';
import {
  amcosWithClerk,
  cashewSeasonCrop,
  createFarmer,
  type SeasonCrop,
  tag,
  weighCollection,
} from './crop-flow-fixtures.ts';
import { onOwnServer } from './own-server.ts';
import { api, createUser, signedIn } from './support.ts';

/**
 * A second payment to farmers (#32) in the browser, on a server of its own (the season's cashew
 * holds only these kg). Alpha AMCOS's farmers delivered 100.001 and 200.000 kg, Beta's 50.505 kg
 * (350.506 kg). The accountant proposes 12.34 a kg (English): 4,325.24 in all, 1,234.01 /
 * 2,468.00 / 623.23 (the cent the floors leave goes to the 200 kg, the largest remainder). The
 * finance manager approves it in Swahili; Alpha's manager reads their two farmers' lines only.
 */
let accountant: { email: string; password: string };
let manager: { email: string; password: string };
let crop: SeasonCrop;
let alphaId = '';
let barakaId = '';

const own = onOwnServer();
beforeAll(async () => {
  accountant = await createUser(own.token, 'Accountant');
  manager = await createUser(own.token, 'Finance Manager');
  crop = await cashewSeasonCrop(own.token);
  const alpha = await amcosWithClerk(own.token, `Alpha ${tag()}`);
  const beta = await amcosWithClerk(own.token, `Beta ${tag()}`);
  alphaId = alpha.society.id;
  for (const [society, name, kg] of [
    [alpha, 'Amina', '100.001'],
    [alpha, 'Baraka', '200.000'],
    [beta, 'Chausiku', '50.505'],
  ] as const) {
    const farmer = await createFarmer(own.token, {
      amcosId: society.society.id,
      firstName: name,
      lastName: `Kg${tag()}`,
    });
    if (name === 'Baraka') barakaId = farmer.id;
    await weighCollection(society.clerkToken, crop, {
      farmerNo: farmer.farmerNo,
      bags: 5,
      grossKg: kg,
      tareKg: '0.000',
      moisture: '8.00',
    });
  }
}, 300_000);

describe('a second payment to farmers (#32)', () => {
  let detailsUrl = '';

  it('the accountant opens it from Members, previews each farmer and proposes it, in English', async () => {
    const page = await signedIn(own.browser, accountant);
    await page.getByRole('link', { name: 'Members', exact: true }).first().click();
    await page
      .getByRole('tab', { name: 'Second payment to farmers' })
      .or(page.getByRole('link', { name: 'Second payment to farmers' }))
      .first()
      .click();
    await page.waitForURL(/\/members\/second-payments$/);
    await page.getByTestId('second-payments-table-create').click();
    const form = page.getByTestId('second-payment-form');
    await page.getByTestId('second-payment-crop').click();
    await page.getByRole('option', { name: crop.label }).click();
    await page.getByTestId('second-payment-rate').fill('12.34');
    await page.getByTestId('second-payment-preview').click();
    await form.getByText('TZS 4,325.24').first().waitFor();
    const line = (name: string) =>
      page.getByTestId('second-payment-lines').locator('tr', { hasText: name }).innerText();
    expect(await line('Amina')).toMatch(/100\.001[\s\S]*1,234\.01/);
    expect(await line('Baraka')).toMatch(/200\.000[\s\S]*2,468\.00/);
    expect(await line('Chausiku')).toMatch(/50\.505[\s\S]*623\.23/);
    await form.getByRole('button', { name: 'Propose second payment' }).click();
    await page.getByTestId('confirm-action').click();
    await page.waitForURL(/\/members\/second-payments\/.+\/details$/);
    detailsUrl = new URL(page.url()).pathname;
    await page.getByText('Proposed', { exact: true }).first().waitFor();
    // Whoever proposed it does not decide on it.
    expect(await page.getByTestId('approve-second-payment').count()).toBe(0);
    await page.context().close();
  }, 180_000);

  it('the finance manager approves it, in Swahili: posted and a payment batch drafted', async () => {
    const page = await signedIn(own.browser, manager);
    await page.evaluate(() => window.localStorage.setItem('i18n_locale', 'sw'));
    await page.goto(detailsUrl);
    await page.getByText('Malipo ya pili kwa wakulima', { exact: true }).first().waitFor();
    await page.getByTestId('approve-second-payment').click();
    await page.getByTestId('confirm-action').click();
    await page.getByText('Imeidhinishwa', { exact: true }).first().waitFor();
    for (const label of ['Kundi la malipo', 'Kwa kila mkulima', 'Kiasi cha fedha kwa kg'])
      await page.getByText(label, { exact: true }).first().waitFor();
    const id = detailsUrl.split('/').at(-2) ?? '';
    const saved = await api<{ data: { status: string; total: string; paymentBatchNo: string | null } }>(
      'GET',
      `/members/second-payments/${id}`,
      undefined,
      own.token,
    );
    expect(saved.body.data).toMatchObject({ status: 'approved', total: '4325.24' });
    expect(saved.body.data.paymentBatchNo).toMatch(/^PB/);
    await page.context().close();
  }, 180_000);

  it("an AMCOS manager reads their own farmers' lines only, read-only", async () => {
    const societyManager = await createUser(own.token, 'AMCOS Manager', alphaId);
    const page = await signedIn(own.browser, societyManager);
    await page.goto('/members/societies');
    const lines = page.getByTestId('own-second-payment-lines');
    await lines
      .getByText(/2,468\.00/)
      .first()
      .waitFor();
    expect(await lines.locator('tbody tr').count()).toBe(2);
    expect(await lines.innerText()).not.toMatch(/Chausiku/);
    // The farmer's statement shows it beside the settlements, its payment line drafted.
    await page.goto(`/amcos/amcos-farmers/${barakaId}/details?tab=settlements`);
    const statement = page.getByTestId('statement-second-payments');
    await statement
      .getByText(/2,468\.00/)
      .first()
      .waitFor();
    expect(await statement.innerText()).toMatch(/200\.000[\s\S]*12\.34[\s\S]*2,468\.00/);
    await page.goto('/members/second-payments');
    await page.getByTestId('no-access').waitFor();
    await page.context().close();
  }, 180_000);
});
