import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tag, today } from './crop-flow-fixtures.ts';
import { makeItem, makeSupplier } from './purchase-fixtures.ts';
import { adminToken, api, apiSignIn, createUser, launchBrowser, must, signedIn } from './support.ts';

/**
 * "Waiting for me" (#27): the procurement officer submits an order; the finance manager sees it in
 * the header's count and in the list, opens it from there, approves it, and the count drops by one
 * (and the order leaves the list). In English, then in Swahili with an order of its own.
 */

let browser: Browser;
let finance: { email: string; password: string };
let officerToken: string;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  finance = await createUser(token, 'Finance Manager');
  const officer = await createUser(token, 'Procurement Officer');
  officerToken = await apiSignIn(officer.email, officer.password);
}, 120_000);
afterAll(() => browser.close());

/** An order by the procurement officer, submitted for approval. */
async function submittedOrder(): Promise<{ id: string; orderNo: string }> {
  const supplier = await makeSupplier(token, `Inbox Supplies ${tag()}`);
  const item = await makeItem(token, `Gunny bags ${tag()}`);
  const order = (
    await must(
      api<{ data: { id: string; orderNo: string } }>(
        'POST',
        '/purchase/orders',
        {
          supplierId: supplier.id,
          orderDate: today,
          lines: [{ itemId: item.id, quantity: '50', unitPrice: '3000' }],
        },
        officerToken,
      ),
      'order',
    )
  ).data;
  await must(api('PATCH', `/purchase/orders/${order.id}/submit`, undefined, officerToken), 'submit');
  return order;
}

const headerCount = async (page: Page) =>
  Number(await page.getByTestId('inbox-link').getAttribute('data-count'));

async function approveFromInbox(lang: 'en' | 'sw', words: { approve: string; title: string }) {
  const order = await submittedOrder();
  const page = await signedIn(browser, finance);
  if (lang === 'sw') {
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-sw').click();
  }
  // The header says how many wait, and leads to them.
  const link = page.getByTestId('inbox-link');
  await expect.poll(() => headerCount(page)).toBeGreaterThan(0);
  const before = await headerCount(page);
  await link.click();
  await page.waitForURL(/\/inbox$/);
  await page.getByRole('heading', { name: words.title }).waitFor();
  // The sidebar shows the same wait on Purchase.
  await expect
    .poll(async () => Number(await page.getByTestId('nav-count-suppliers').innerText()))
    .toBeGreaterThan(0);
  const row = page.getByTestId('inbox-table').getByRole('row', { name: new RegExp(order.orderNo) });
  await row.waitFor();
  await row.getByTestId('inbox-open').click();
  await page.waitForURL(new RegExp(`/purchase/orders/${order.id}/details$`));
  // Its action is there: approve, after a confirmation.
  await page.getByTestId('approve-order').click();
  await page.getByTestId('confirm-action').click();
  await expect
    .poll(async () => page.getByTestId('order-status').getAttribute('data-status'))
    .toBe('approved');
  await expect.poll(() => headerCount(page)).toBe(before - 1);
  // Back in the list, the order is gone.
  await link.click();
  await page.waitForURL(/\/inbox$/);
  await page.getByTestId('inbox-table').waitFor();
  await expect.poll(() => page.getByText(order.orderNo, { exact: true }).count()).toBe(0);
  expect(await page.getByRole('button', { name: words.approve }).count()).toBe(0);
  await page.context().close();
}

describe('waiting for me', () => {
  it('the finance manager approves a purchase order from “Waiting for me”, and the count drops (English)', async () => {
    await approveFromInbox('en', { approve: 'Approve', title: 'Waiting for me' });
  });

  it('the same in Swahili: “Yanayonisubiri”', async () => {
    await approveFromInbox('sw', { approve: 'Idhinisha', title: 'Yanayonisubiri' });
  });
});
