import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueLots, nida, phone, tag } from './crop-flow-fixtures.ts';
import { type ClerkRecords, clerkRecords } from './inputs-fixtures.ts';
import { createBuyer, payInFull, sellLot } from './sales-fixtures.ts';
import {
  adminToken,
  api,
  apiSignIn,
  createAmcos,
  createUser,
  launchBrowser,
  must,
  signedIn,
} from './support.ts';

/**
 * The work finds the user (#27), each in English and in Swahili: a clerk finds a farmer by part of
 * the name in the weighing form and in the input request; after a distribution on credit and a
 * settlement, the farmer's page shows the loan, its recovery and the net payment with the
 * settlement's own figures; on a 390 px phone the input request and the distribution show each
 * line's quantity and price without sideways scrolling.
 */

type Lang = 'en' | 'sw';
type SettledFarmer = { loanRecovery: string; net: string; grossShare: string; deductions: string };

let browser: Browser;
let clerk: { email: string; password: string };
let manager: { email: string; password: string };
let officer: { email: string; password: string };
let records: ClerkRecords;
let farmerNo: string;
let settlementNo: string;
let settled: SettledFarmer;
/** A farmer of the clerk's society found by name: Zawadi <surname>. */
let named: { id: string; farmerNo: string; surname: string };

const PHONE = { width: 390, height: 844 };

/** Switches the interface to the language and waits until it is in use (and kept for the next page). */
async function inLanguage(page: Page, lang: Lang) {
  if (lang === 'en') return;
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-option-sw').click();
  await page.waitForFunction(() => document.documentElement.lang === 'sw');
}

/** "1234.50" as the screens show it: "1,234.50". */
const shown = (amount: string) => amount.replace(/\B(?=(\d{3})+(?!\d))(?=.*\.)/g, ',');

/** The records' delivery weighed into a lot, sold, paid and settled (approved by a second person). */
async function settle(token: string): Promise<void> {
  const [lot] = await issueLots(token, {
    noteId: records.deliveryNoteId,
    gradeId: records.crop.gradeId,
    lots: [{ bags: 3, netKg: '240.000' }],
  });
  if (!lot) throw new Error('no lot');
  const buyer = await createBuyer(token, `Story Exporters ${tag()}`);
  const invoice = await sellLot(token, {
    seasonCropId: records.crop.seasonCropId,
    lotId: lot.id,
    buyerId: buyer.id,
    pricePerKg: '2500.00',
  });
  await payInFull(token, buyer.id, invoice);
  const settler = await createUser(token, 'Settlement Officer');
  const finance = await createUser(token, 'Finance Manager');
  const settlerToken = await apiSignIn(settler.email, settler.password);
  const made = await must(
    api<{ data: { id: string; settlementNo: string } }>(
      'POST',
      '/payments/settlements',
      { lotIds: [lot.id] },
      settlerToken,
    ),
    'settlement',
  );
  settlementNo = made.data.settlementNo;
  const financeToken = await apiSignIn(finance.email, finance.password);
  await must(
    api('PATCH', `/payments/settlements/${made.data.id}/approve`, undefined, financeToken),
    'approve',
  );
  const row = await must(
    api<{ data: (SettledFarmer & { farmerNo: string })[] }>(
      'GET',
      `/payments/settlements/${made.data.id}/farmers?search=${farmerNo}`,
      undefined,
      settlerToken,
    ),
    'settlement farmers',
  );
  const mine = row.data.find((f) => f.farmerNo === farmerNo);
  if (!mine) throw new Error('the farmer is not in the settlement');
  settled = mine;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  const society = await createAmcos(token, `Hadithi AMCOS ${tag()}`);
  clerk = await createUser(token, 'AMCOS Clerk', society.id);
  manager = await createUser(token, 'AMCOS Manager', society.id);
  officer = await createUser(token, 'Crop Officer');
  records = await clerkRecords(token, society, clerk);
  farmerNo = (
    await must(
      api<{ data: { farmerNo: string } }>(
        'GET',
        `/collections/farmers/${records.farmerId}`,
        undefined,
        token,
      ),
      'farmer',
    )
  ).data.farmerNo;
  const surname = `Kiwe${tag().toLowerCase()}`;
  const made = await must(
    api<{ data: { id: string; farmerNo: string } }>(
      'POST',
      '/collections/farmers',
      {
        amcosId: society.id,
        firstName: 'Zawadi',
        lastName: surname,
        gender: 'Female',
        nationalId: nida(),
        phone: phone(),
      },
      token,
    ),
    'named farmer',
  );
  named = { ...made.data, surname };
  await settle(token);
}, 300_000);
afterAll(() => browser.close());

describe.each(['en', 'sw'] as const)('the work finds the user (%s)', (lang) => {
  it('a clerk finds a farmer by part of the name in the weighing form and in the input request', async () => {
    const page = await signedIn(browser, clerk);
    // Typing asks the search, which answers no match with an empty list: no call ever gets a 404.
    const notFound: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404 && r.url().includes('/api/')) notFound.push(r.url());
    });
    await page.goto('/collections/receips/list');
    await inLanguage(page, lang);
    // The weighing form: part of the surname, Enter picks the only match and moves to the grade.
    const scale = page.getByTestId('farmer-no');
    await scale.click();
    await page.keyboard.type(named.surname.slice(0, 7));
    await page.keyboard.press('Enter');
    await page
      .getByTestId('farmer-found')
      .filter({ hasText: `Zawadi ${named.surname}` })
      .waitFor();
    expect(await scale.getAttribute('data-chosen')).toBe(named.farmerNo);
    // The input request: the first name and the start of the surname, as a clerk says them.
    await page.goto('/collections/farmer-requests/create');
    const box = page.getByTestId('request-farmer');
    await box.fill(`zawadi ${named.surname.slice(0, 5)}`);
    await page.getByTestId('farmer-picker-option').filter({ hasText: named.farmerNo }).waitFor();
    await box.press('Enter');
    await expect.poll(() => box.getAttribute('data-chosen')).toBe(named.farmerNo);
    // The box is named in the reader's language.
    expect(await box.getAttribute('id')).toBe(
      await page.getByLabel(lang === 'sw' ? /^Mkulima/ : /^Farmer/).getAttribute('id'),
    );
    // A name nobody has: the picker says so on Enter, still without a 404.
    await box.fill('');
    await box.fill(`Hakuna${named.surname}`);
    await box.press('Enter');
    await page.getByTestId('request-farmer-refusal').waitFor();
    expect(notFound).toEqual([]);
    await page.context().close();
  });

  it('after a distribution and a settlement, the farmer’s page shows the loan, its recovery and the net payment', async () => {
    // The clerk (own society) in English; a union crop officer in Swahili.
    const page = await signedIn(browser, lang === 'en' ? clerk : officer);
    await page.goto('/home');
    await inLanguage(page, lang);
    await page.goto(`/amcos/amcos-farmers/${records.farmerId}/details`);
    await expect.poll(() => page.getByTestId('glance-net').innerText()).toBe(shown(settled.net));
    // Settlements and payments: the settlement's own split of this farmer's money.
    await page.getByTestId('farmer-tab-settlements').click();
    const row = page
      .getByTestId('statement-settlements')
      .getByRole('row', { name: new RegExp(settlementNo) });
    const text = await row.innerText();
    for (const figure of [settled.grossShare, settled.deductions, settled.loanRecovery, settled.net])
      expect(text).toContain(shown(figure));
    // Loans and inputs: the inputs on credit (2 bags x 65,000), recovered in full by the settlement.
    await page.getByTestId('farmer-tab-loans').click();
    const loans = page.getByTestId('statement-loans');
    await loans.waitFor();
    expect(settled.loanRecovery).toBe('130000.00');
    expect(await page.getByTestId('statement-loans-total-amount').innerText()).toBe('130,000.00');
    expect(await page.getByTestId('statement-loans-total-recovered').innerText()).toBe(
      shown(settled.loanRecovery),
    );
    expect(await page.getByTestId('statement-loans-total-outstanding').innerText()).toBe('0.00');
    expect(await loans.innerText()).toContain(settlementNo);
    expect(await page.getByTestId('farmer-tab-loans').innerText()).toBe(
      lang === 'sw' ? 'Mikopo na pembejeo' : 'Loans and inputs',
    );
    // The season's statement prints from the same figures.
    const pdf = page.waitForResponse((r) => r.url().includes(`/statement/pdf`));
    await page.getByTestId('download-pdf').click();
    const reply = await pdf;
    expect(reply.status()).toBe(200);
    expect(reply.headers()['content-type']).toBe('application/pdf');
    await page.context().close();
  });

  it('on a 390 px phone the input request and the distribution show quantity and price without sideways scrolling', async () => {
    const page = await signedIn(browser, clerk);
    await page.setViewportSize(PHONE);
    await inLanguage(page, lang);
    await page.goto('/collections/farmer-requests/create');
    const box = page.getByTestId('request-farmer');
    await box.fill(farmerNo);
    await box.press('Enter');
    await expect.poll(() => box.getAttribute('data-chosen')).toBe(farmerNo);
    await page.getByRole('combobox', { name: lang === 'sw' ? /^Zao la msimu/ : /^Season crop/ }).click();
    // The season's name; the crop's is in the reader's language.
    await page.getByRole('option', { name: new RegExp(`^${records.crop.label.split(' · ')[0]}`) }).click();
    const lines = page.getByTestId('request-lines');
    const add = page.getByRole('combobox', { name: lang === 'sw' ? /^Ongeza/ : /^Add (an )?item/ });
    await lines.or(add).first().waitFor();
    if ((await lines.count()) === 0) {
      await add.click();
      await page.getByRole('option').first().click();
    }
    await lines.waitFor();
    await expectFiguresInView(page, 'request-lines');

    await page.goto(`/collections/distributions/create?request=${records.approvedRequestId}`);
    await page.getByTestId('distribution-lines').waitFor();
    await expectFiguresInView(page, 'distribution-lines');
    await page.context().close();
  });

  it('on a 390 px phone the clerk’s and the AMCOS manager’s lists are cards: number and status, then farmer and amount', async () => {
    // A request the clerk records now waits for the AMCOS manager.
    const clerkToken = await apiSignIn(clerk.email, clerk.password);
    const made = await must(
      api<{ data: { id: string; requestNo: string; creditValue: string } }>(
        'POST',
        '/collections/farmer-requests',
        {
          farmerId: records.farmerId,
          seasonCropId: records.crop.seasonCropId,
          lines: [{ itemId: records.itemId, quantity: '1' }],
          // The farmer's three acres already carry 390,000 of the 450,000 they may owe.
          overrideReason: 'One more bag for the new trees',
        },
        clerkToken,
      ),
      'request',
    );
    const row = {
      number: made.data.requestNo,
      status: 'pending',
      party: farmerNo,
      // 1 bag on credit at 65,000.
      amount: '65,000.00',
    };
    expect(made.data.creditValue).toBe('65000.00');
    const page = await signedIn(browser, clerk);
    await page.setViewportSize(PHONE);
    await inLanguage(page, lang);
    await page.goto(`/collections/farmer-requests/list?search=${made.data.requestNo}`);
    await expectCard(page, 'farmer-requests-table', row);
    await page.context().close();

    // The manager's "Waiting for me" on the phone: the same card, opening the request to approve.
    const managerPage = await signedIn(browser, manager);
    await managerPage.setViewportSize(PHONE);
    await inLanguage(managerPage, lang);
    await managerPage.goto('/inbox');
    await expectCard(managerPage, 'inbox-table', row);
    await managerPage
      .getByTestId('inbox-table')
      .getByTestId('data-card')
      .filter({ hasText: made.data.requestNo })
      .getByTestId('inbox-open')
      .click();
    await managerPage.waitForURL(new RegExp(`/collections/farmer-requests/${made.data.id}/details$`));
    await managerPage.context().close();
  });
});

/**
 * The card of a list row on a phone: it lies within the screen, and reads the record's number, its
 * status, its party and its amount in that order before anything else.
 */
async function expectCard(
  page: Page,
  list: string,
  row: { number: string; status: string; party: string; amount: string },
) {
  const cards = page.getByTestId(list).getByTestId('data-card');
  const card = cards.filter({ hasText: row.number });
  await card.waitFor();
  // On a phone the list is cards, never a table.
  expect(await page.getByTestId(list).locator('table').count()).toBe(0);
  const box = await card.boundingBox();
  if (!box) throw new Error('the card has no box');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(await card.locator(`[data-status="${row.status}"]`).count()).toBe(1);
  const status = await card.locator(`[data-status="${row.status}"]`).innerText();
  const text = await card.innerText();
  const at = [row.number, status, row.party, row.amount].map((part) => text.indexOf(part));
  expect(at, text).toEqual([...at].sort((x, y) => x - y));
  expect(at[0]).toBe(0);
  expect(at.every((i) => i >= 0)).toBe(true);
}

/**
 * Each line's quantity and price lie within the 390 px screen, the page does not scroll sideways,
 * and neither do the lines (no part of them is hidden in a sideways scroll).
 */
async function expectFiguresInView(page: Page, testId: string) {
  const lines = page.getByTestId(testId);
  const quantity = lines.getByTestId(`${testId}-quantity`);
  const price = lines.getByTestId(`${testId}-price`);
  await quantity.first().waitFor();
  expect(await quantity.count()).toBeGreaterThan(0);
  for (const figure of [...(await quantity.all()), ...(await price.all())]) {
    const box = await figure.boundingBox();
    if (!box) throw new Error('a figure has no box');
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  expect((await price.first().innerText()).trim()).toMatch(/\d/);
  const widths = await page.evaluate((id) => {
    const el = document.querySelector(`[data-testid="${id}"]`);
    const page = document.scrollingElement ?? document.documentElement;
    return { page: page.scrollWidth, lines: el ? el.scrollWidth - el.clientWidth : -1 };
  }, testId);
  expect(widths.page).toBeLessThanOrEqual(PHONE.width);
  expect(widths.lines).toBe(0);
}
