import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  amcosWithClerk,
  cashewSeasonCrop,
  deliverToWarehouse,
  issueLots,
  nida,
  phone,
  type SeasonCrop,
  seasonAndCrop,
  tag,
  weighCollection,
} from './crop-flow-fixtures.ts';
import { stockedInput } from './inputs-fixtures.ts';
import { createBuyer, payInFull, sellLot } from './sales-fixtures.ts';
import {
  adminToken,
  api,
  apiSignIn,
  createUser,
  launchBrowser,
  must,
  pickFarmer,
  signedIn,
} from './support.ts';

/**
 * Farmer inputs on credit in the browser: the clerk records a farmer's fertiliser request (a
 * second farmer's is recorded through the API), the AMCOS manager approves the society's pending
 * list in one go in Swahili, a union crop officer approves a list filtered to the one farmer with
 * the bulk button, the clerk issues it from the AMCOS store in Swahili (a loan of 4 x 65,000 =
 * 260,000), and the finance manager sees the farmer-loans account 1401 in the general ledger equal
 * to the loans list. The farmer's crop is sold and settled through the API (the sale and the
 * settlement have their own browser specs); then 1401 is down by 260,000 and equal to the list
 * again, and the distribution and the loans list show nothing left to recover, in Swahili.
 */
let browser: Browser;
let token: string;
let crop: SeasonCrop;
let society: { id: string; name: string };
let clerkToken: string;
const users: Record<
  'clerk' | 'manager' | 'officer' | 'settler' | 'finance',
  { email: string; password: string }
> = {} as never;
let farmer: { id: string; farmerNo: string };
/** A second farmer of the society, whose request the manager's bulk approval takes too. */
let second: { id: string; farmerNo: string };
let secondRequestId = '';
/** 1401's closing balance in the general ledger once the loan is given, in cents. */
let closingAfterIssue = 0n;
let item: { id: string; code: string; name: string };
let requestUrl = '';
let seasonId = '';
let distributionUrl = '';

async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

async function inSwahili(page: Page) {
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-option-sw').click();
}

/** A shown amount ("1,260,000.00", or a dash for none) in cents, exact. */
const cents = (shown: string) => BigInt(shown.replace(/[^\d-]/g, '') || '0');

async function requestStatus(id: string): Promise<string> {
  return (
    await must(
      api<{ data: { status: string } }>('GET', `/collections/farmer-requests/${id}`, undefined, token),
      'request',
    )
  ).data.status;
}

/**
 * What the finance manager sees: the active loans' outstanding summed off the loans list, this
 * farmer's row, and the closing balance of 1401 in the Collection book's general ledger.
 */
async function loansBesideLedger() {
  const page = await signedIn(browser, users.finance);
  await page.goto('/collections/loans?status=active&per_page=100');
  const table = page.getByTestId('loans-table');
  const row = table.getByRole('row', { name: new RegExp(farmer.farmerNo) });
  await row.waitFor();
  const headers = await table.locator('thead th').allInnerTexts();
  const column = headers.findIndex((h) => h.trim() === 'Outstanding');
  expect(column).toBeGreaterThan(0);
  const cells = await table.locator(`tbody tr td:nth-child(${column + 1})`).allInnerTexts();
  const listed = cells.reduce((total, c) => total + cents(c), 0n);
  const farmerOutstanding = cents(await row.locator(`td:nth-child(${column + 1})`).innerText());
  await page.goto('/reports/financial/general-ledgers');
  await page.getByTestId('gl-account').click();
  await page.getByRole('option', { name: /^1401 / }).click();
  await page.getByTestId('general-ledger').waitFor();
  const closing = cents(await page.getByTestId('gl-closing').innerText());
  await page.close();
  return { listed, closing, farmerOutstanding };
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  crop = await cashewSeasonCrop(token);
  const made = await amcosWithClerk(token, `Pembejeo AMCOS ${tag()}`);
  society = made.society;
  clerkToken = made.clerkToken;
  users.clerk = await createUser(token, 'AMCOS Clerk', society.id);
  users.manager = await createUser(token, 'AMCOS Manager', society.id);
  users.officer = await createUser(token, 'Crop Officer');
  users.settler = await createUser(token, 'Settlement Officer');
  users.finance = await createUser(token, 'Finance Manager');
  const sc = await seasonAndCrop(token, crop);
  seasonId = sc.seasonId;
  const body = {
    amcosId: society.id,
    firstName: 'Mwanaisha',
    lastName: `Pembejeo ${tag()}`,
    gender: 'Female',
    nationalId: nida(),
    phone: phone(),
    farms: [{ name: 'Shamba la korosho', cropId: sc.cropId, acres: '2' }],
  };
  farmer = (
    await must(
      api<{ data: { id: string; farmerNo: string } }>('POST', '/collections/farmers', body, token),
      'farmer',
    )
  ).data;
  second = (
    await must(
      api<{ data: { id: string; farmerNo: string } }>(
        'POST',
        '/collections/farmers',
        { ...body, firstName: 'Rehema', nationalId: nida(), phone: phone() },
        token,
      ),
      'second farmer',
    )
  ).data;
  item = await stockedInput(token, society, sc.seasonId, {
    name: `Sulphur ${tag()}`,
    code: `SUL-${tag()}`,
    quantity: '50',
  });
  // The second farmer's request, 2 bags (130,000), recorded by the society's other clerk.
  secondRequestId = (
    await must(
      api<{ data: { id: string } }>(
        'POST',
        '/collections/farmer-requests',
        {
          farmerId: second.id,
          seasonCropId: crop.seasonCropId,
          lines: [{ itemId: item.id, quantity: '2' }],
        },
        clerkToken,
      ),
      'second request',
    )
  ).data.id;
}, 180_000);
afterAll(() => browser.close());

describe('farmer inputs on credit, request to zero balance', () => {
  it('the input prices screen lists the season’s price and its form offers the stock items', async () => {
    const page = await signedIn(browser, await createUser(token, 'Crop Officer'));
    await page.goto('/settings/collection/input-prices');
    await page.getByTestId('input-prices-table').getByText(item.code).waitFor();
    await page.getByRole('button', { name: "Set an item's price" }).click();
    await page.getByTestId('input-price-form').getByRole('combobox', { name: /^Item/ }).click();
    await page.getByRole('option', { name: new RegExp(item.code) }).waitFor();
    await page.context().close();
  });

  it('the clerk records the request: 2 acres, 4 bags on credit = 260,000', async () => {
    const page = await signedIn(browser, users.clerk);
    await page.goto('/');
    // The AMCOS sidebar's Collections group leads to the requests.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByTestId('nav-group-collections').click();
    await nav.getByTestId('nav-collections-farmer_requests').click();
    await page.waitForURL(/\/collections\/farmer-requests\/list/);
    await page.getByTestId('farmer-requests-table-create').click();
    await pickFarmer(page, 'request-farmer', farmer.farmerNo, farmer.farmerNo);
    await choose(page, /^Season crop/, crop.label);
    await expect.poll(() => page.getByTestId('request-acres').textContent()).toContain('2.00 acres');
    const quantity = page.getByLabel(`Quantity of ${item.name}`);
    const add = page.getByRole('combobox', { name: /^Add (an )?item/ });
    try {
      await quantity.or(add).first().waitFor();
    } catch (error) {
      await page.screenshot({ path: '/tmp/inputs/request-form.png', fullPage: true });
      console.log(await page.locator('main').innerText());
      throw error;
    }
    // The season's BOQ names the item (its quantities suggested), or the clerk adds it.
    if ((await quantity.count()) === 0) await choose(page, /^Add (an )?item/, new RegExp(item.code));
    await page.getByLabel(`Quantity of ${item.name}`).fill('4');
    await page.getByTestId('request-form').getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/collections\/farmer-requests\/.+\/details/);
    requestUrl = new URL(page.url()).pathname;
    await expect.poll(() => page.getByTestId('request-status').textContent()).toContain('Pending');
    expect(await page.getByTestId('request-detail-lines').textContent()).toContain('260,000.00');
    await page.close();
  });

  it('the AMCOS manager approves the pending list in one go in Swahili; the union approves a list filtered to the farmer', async () => {
    const requestId = requestUrl.split('/').at(-2) ?? '';
    const manager = await signedIn(browser, users.manager);
    await manager.goto(`/collections/farmer-requests/list?status=pending&season_id=${seasonId}`);
    await inSwahili(manager);
    const table = manager.getByTestId('farmer-requests-table');
    await table.getByRole('row', { name: new RegExp(second.farmerNo) }).waitFor();
    const bulk = manager.getByTestId('bulk-approve');
    await expect.poll(() => bulk.textContent()).toBe('Idhinisha yote 2');
    await bulk.click();
    await manager.getByRole('dialog').getByText('Idhinisha maombi yaliyoorodheshwa?').waitFor();
    const approved = manager.waitForResponse(
      (r) => r.url().endsWith('/bulk-approve') && r.request().method() === 'PATCH',
    );
    await manager.getByTestId('confirm-action').click();
    expect((await approved).status()).toBe(200);
    await expect.poll(() => table.getByRole('row', { name: new RegExp(farmer.farmerNo) }).count()).toBe(0);
    expect([await requestStatus(requestId), await requestStatus(secondRequestId)]).toEqual([
      'amcos_approved',
      'amcos_approved',
    ]);
    await manager.close();

    // The union: the AMCOS-approved list filtered to this farmer's number holds one request.
    const officer = await signedIn(browser, users.officer);
    await officer.goto(`/collections/farmer-requests/list?status=amcos_approved&search=${farmer.farmerNo}`);
    const union = officer.getByTestId('bulk-approve');
    await expect.poll(() => union.textContent()).toBe('Approve all 1');
    await union.click();
    const done = officer.waitForResponse(
      (r) => r.url().endsWith('/bulk-approve') && r.request().method() === 'PATCH',
    );
    await officer.getByTestId('confirm-action').click();
    expect((await done).status()).toBe(200);
    await officer.goto(requestUrl);
    await expect.poll(() => officer.getByTestId('request-status').textContent()).toContain('Approved');
    await officer.close();
    // The other farmer's request was not in the filtered list and still waits for the union.
    expect([await requestStatus(requestId), await requestStatus(secondRequestId)]).toEqual([
      'approved',
      'amcos_approved',
    ]);
  });

  it('the clerk issues it in Swahili from the AMCOS store on credit; 1401 in the ledger equals the loans list', async () => {
    const page = await signedIn(browser, users.clerk);
    await page.goto(requestUrl);
    await inSwahili(page);
    await page.getByTestId('request-distribute').click();
    await page.waitForURL(/\/collections\/distributions\/create/);
    await choose(page, /^Stoo/, `Ghala la ${society.name}`);
    await expect.poll(() => page.getByTestId('distribution-lines').textContent()).toContain('50');
    await page.getByRole('button', { name: /^Toa pembejeo$/ }).click();
    // Asked first (#37): the stock leaves the store and the farmer owes the loan, 260,000.00.
    const ask = page.getByRole('dialog', { name: 'Toa pembejeo hizi?' });
    expect(await ask.innerText()).toContain('Anadaiwa TZS 260,000.00 kama mkopo');
    await page.getByTestId('confirm-action').click();
    await page.waitForURL(/\/collections\/distributions\/.+\/details/);
    distributionUrl = new URL(page.url()).pathname;
    const info = page.locator('main');
    await expect.poll(() => info.textContent()).toContain('260,000.00');
    expect(await info.textContent()).toContain('Deni lililobaki');
    await page.close();

    const after = await loansBesideLedger();
    expect(after.farmerOutstanding).toBe(26_000_000n);
    // The account holds every open loan, this one included, and nothing else.
    expect(after.closing).toBe(after.listed);
    closingAfterIssue = after.closing;
  });

  it('the crop money settles the loan, and the screens say so in Swahili', async () => {
    const collectionId = await weighCollection(clerkToken, crop, {
      farmerNo: farmer.farmerNo,
      bags: 5,
      grossKg: '505.000',
      tareKg: '5.000',
      moisture: '8.00',
    });
    const { noteId } = await deliverToWarehouse(token, clerkToken, {
      prefix: 'Inputs',
      seasonCropId: crop.seasonCropId,
      collectionIds: [collectionId],
      receivedBags: 5,
      receivedKg: '500.000',
    });
    const [lot] = await issueLots(token, {
      noteId,
      gradeId: crop.gradeId,
      lots: [{ bags: 5, netKg: '500.000' }],
    });
    if (!lot) throw new Error('no lot');
    const buyer = await createBuyer(token, 'Inputs Exporters');
    await payInFull(
      token,
      buyer.id,
      await sellLot(token, {
        seasonCropId: crop.seasonCropId,
        lotId: lot.id,
        buyerId: buyer.id,
        pricePerKg: '2500.00',
      }),
    );
    const settler = await apiSignIn(users.settler.email, users.settler.password);
    const settlement = await must(
      api<{ data: { id: string; loanRecovery: string } }>(
        'POST',
        '/payments/settlements',
        { lotIds: [lot.id] },
        settler,
      ),
      'settlement',
    );
    expect(settlement.data.loanRecovery).toBe('260000.00');
    const finance = await apiSignIn(users.finance.email, users.finance.password);
    await must(
      api('PATCH', `/payments/settlements/${settlement.data.id}/approve`, undefined, finance),
      'approve',
    );

    // 1401 went down by the recovery and still equals the open loans listed; this one is at zero.
    const books = await loansBesideLedger();
    expect(books.farmerOutstanding).toBe(0n);
    expect(books.closing).toBe(books.listed);
    expect(closingAfterIssue - books.closing).toBe(26_000_000n);

    const page = await signedIn(browser, users.clerk);
    await page.goto(distributionUrl);
    await inSwahili(page);
    await expect.poll(() => page.locator('main').textContent()).toContain('Deni lililobaki');
    expect(await page.locator('main').textContent()).toContain('0.00');
    expect(await page.getByTestId('distribution-cancel').count()).toBe(0);
    await page.goto('/collections/loans');
    await expect.poll(() => page.locator('main').textContent()).toContain('Ugawaji wa pembejeo');
    await page.close();
  });

  it('the season report shows the credit given and recovered, for this farmer and for the AMCOS', async () => {
    const page = await signedIn(browser, users.officer);
    await page.goto(`/reports/distributions?season_id=${seasonId}&search=${farmer.farmerNo}`);
    const rows = page.getByRole('table', { name: 'Inputs given per farmer' });
    await expect.poll(() => rows.textContent()).toContain(farmer.farmerNo);
    expect(await rows.textContent()).toContain('260,000.00');
    await expect
      .poll(() => page.getByTestId('distributions-report-totals').textContent())
      .toContain('260,000.00');
    const recovery = page.getByTestId('recovery-table').getByRole('row', { name: new RegExp(society.name) });
    expect(await recovery.textContent()).toMatch(/260,000\.00.*260,000\.00/);
    await page.close();
  });
});
