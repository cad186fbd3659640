import { dec, todayInTanzania, toGroupedMoney } from '@ushirika/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeItem, makeStore, makeSupplier, receiveAll } from './purchase-fixtures.ts';
import {
  adminToken,
  adminUser,
  api,
  apiSignIn,
  createUser,
  launchBrowser,
  must,
  signedIn,
} from './support.ts';

/**
 * Purchasing in the browser, in English and in Swahili: the procurement officer reaches the
 * purchase screens from the sidebar and orders 20 bags x 65,000 + 18% VAT = 1,534,000; the finance
 * manager approves it; the goods come in on a GRN (inventory API); the officer enters the matched
 * invoice; the accountant pays it; the finance manager approves the payment and the invoice is paid.
 */
let browser: Browser;
let token: string;
let store: { id: string };
let item: { id: string; code: string };
let users: Record<'buyer' | 'manager' | 'accountant', { email: string; password: string }>;
const today = todayInTanzania();

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  store = await makeStore(token);
  item = await makeItem(token, 'Urea 50 kg');
  users = {
    buyer: await createUser(token, 'Procurement Officer'),
    manager: await createUser(token, 'Finance Manager'),
    accountant: await createUser(token, 'Accountant'),
  };
}, 120_000);
afterAll(() => browser.close());

async function as(who: keyof typeof users, lang: 'en' | 'sw'): Promise<Page> {
  const page = await signedIn(browser, users[who]);
  await page.evaluate((l) => localStorage.setItem('i18n_locale', l), lang);
  await page.reload();
  return page;
}

async function choose(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
}

const words = {
  en: {
    purchase: 'Purchase',
    approved: 'Approved',
    paid: 'Paid',
    open: 'Open',
    save: 'Save',
    approve: 'Approve',
  },
  sw: {
    purchase: 'Ununuzi',
    approved: 'Imeidhinishwa',
    paid: 'Imelipwa',
    open: 'Wazi',
    save: 'Hifadhi',
    approve: 'Idhinisha',
  },
};

async function statusOf(page: Page, testId: string) {
  const badge = page.getByTestId(testId);
  await badge.waitFor();
  return { status: await badge.getAttribute('data-status'), text: (await badge.textContent())?.trim() };
}

async function orderToPayment(lang: 'en' | 'sw') {
  const w = words[lang];
  const supplier = await makeSupplier(token, `Mbolea ${lang.toUpperCase()} ${Date.now()}`);

  // The procurement officer: sidebar -> suppliers -> the orders tab -> a new order.
  const buyer = await as('buyer', lang);
  await buyer.getByTestId('nav-suppliers').click();
  await buyer.getByTestId('suppliers-table').getByText(supplier.name).waitFor();
  await buyer.getByTestId('tab-purchase_orders').click();
  await buyer.getByTestId('orders-table-create').click();
  await choose(buyer, 'supplier-select', supplier.name);
  await choose(buyer, 'line-item-0', new RegExp(item.code));
  await buyer.getByTestId('line-quantity-0').fill('10');
  await buyer.getByTestId('line-price-0').fill('65000');
  // 10 x 65,000 = 650,000 + 18% VAT 117,000 = 767,000.
  await expect(buyer.getByTestId('order-totals').textContent()).resolves.toContain('767,000.00');
  const created = buyer.waitForResponse(
    (r) => r.url().endsWith('/api/purchase/orders') && r.request().method() === 'POST',
  );
  await buyer.getByRole('button', { name: w.save }).click();
  expect((await created).status()).toBe(201);
  await buyer.waitForURL(/\/purchase\/orders\/[0-9a-f-]+\/details/);
  const orderId = buyer.url().split('/').at(-2) ?? '';
  // The draft is edited whole: 20 bags instead of 10.
  await buyer.getByTestId('edit-order').click();
  await expect.poll(() => buyer.getByTestId('line-quantity-0').inputValue()).toBe('10.000');
  await buyer.getByTestId('line-quantity-0').fill('20');
  await expect(buyer.getByTestId('order-totals').textContent()).resolves.toContain('1,534,000.00');
  const edited = buyer.waitForResponse(
    (r) => r.url().endsWith(`/api/purchase/orders/${orderId}`) && r.request().method() === 'PUT',
  );
  await buyer.getByRole('button', { name: w.save }).click();
  expect((await edited).status()).toBe(200);
  await buyer.waitForURL(new RegExp(`/purchase/orders/${orderId}/details`));
  await buyer.getByTestId('submit-order').click();
  await expect.poll(async () => (await statusOf(buyer, 'order-status')).status).toBe('submitted');
  // The maker sees no approve button.
  await expect(buyer.getByTestId('approve-order').count()).resolves.toBe(0);

  // The finance manager approves, after a confirmation.
  const manager = await as('manager', lang);
  await manager.goto(`/purchase/orders/${orderId}/details`);
  await manager.getByTestId('approve-order').click();
  await manager.getByTestId('confirm-action').click();
  await expect.poll(async () => (await statusOf(manager, 'order-status')).status).toBe('approved');
  expect((await statusOf(manager, 'order-status')).text).toBe(w.approved);
  await expect(manager.getByTestId('order-total').textContent()).resolves.toContain('1,534,000.00');

  // The goods come in on a GRN against the order (the inventory API).
  await receiveAll(token, orderId, store.id, today);

  // The officer enters the supplier's invoice from the order: pre-filled, matched, posted.
  await buyer.goto(`/purchase/orders/${orderId}/details`);
  await buyer.getByTestId('invoice-order').click();
  await buyer.waitForURL(/\/purchase\/invoices\/create/);
  await expect.poll(() => buyer.getByTestId('invoice-quantity-0').inputValue()).toBe('20.000');
  await buyer.getByTestId('supplier-invoice-no').fill(`INV-${lang}-${Date.now()}`);
  const invoiced = buyer.waitForResponse(
    (r) => r.url().endsWith('/api/purchase/invoices') && r.request().method() === 'POST',
  );
  await buyer.getByRole('button', { name: w.save }).click();
  // Asked first, with the invoice's total and VAT (#37): it posts to the supplier's account at once.
  await expect(buyer.getByRole('dialog').textContent()).resolves.toContain('1,534,000.00');
  await buyer.getByTestId('confirm-action').click();
  expect((await invoiced).status()).toBe(201);
  await buyer.waitForURL(/\/purchase\/invoices\/[0-9a-f-]+\/details/);
  const invoiceId = buyer.url().split('/').at(-2) ?? '';
  expect((await statusOf(buyer, 'purchase-invoice-status')).text).toBe(w.open);
  await expect(buyer.getByTestId('purchase-invoice-balance').textContent()).resolves.toContain(
    '1,534,000.00',
  );

  // The accountant pays it from the Operation bank: a draft waiting for approval.
  const accountant = await as('accountant', lang);
  await accountant.goto('/purchase/payments/list');
  await accountant.getByTestId('supplier-payments-table-create').click();
  await choose(accountant, 'supplier-select', supplier.name);
  await expect.poll(() => accountant.getByTestId('pay-amount-0').inputValue()).toBe('1534000.00');
  const bank = accountant.getByTestId('bank-select');
  if (!(await bank.inputValue())) await choose(accountant, 'bank-select', /1101/);
  const paid = accountant.waitForResponse(
    (r) => r.url().endsWith('/api/purchase/payments') && r.request().method() === 'POST',
  );
  await accountant.getByRole('button', { name: w.save }).click();
  expect((await paid).status()).toBe(201);
  await accountant.waitForURL(/\/purchase\/payments\/[0-9a-f-]+\/details/);
  const paymentId = accountant.url().split('/').at(-2) ?? '';

  // The finance manager approves the payment; the invoice is paid.
  await manager.goto(`/purchase/payments/${paymentId}/details`);
  await manager.getByTestId('approve-payment').click();
  await manager.getByTestId('confirm-action').click();
  await expect.poll(async () => (await statusOf(manager, 'supplier-payment-status')).status).toBe('approved');
  await manager.goto(`/purchase/invoices/${invoiceId}/details`);
  expect(await statusOf(manager, 'purchase-invoice-status')).toEqual({ status: 'paid', text: w.paid });
  const supplierNow = await api<{ data: { balance: string } }>(
    'GET',
    `/purchase/suppliers/${supplier.id}`,
    undefined,
    token,
  );
  expect(supplierNow.body.data.balance).toBe('0.00');
  // The aged payables report is a tab of the purchase section.
  await manager.getByTestId('tab-supplier_aged').click();
  await manager.getByTestId('supplier-select').waitFor();
  for (const page of [buyer, manager, accountant]) await page.close();
}

describe('purchasing in the browser', () => {
  it(
    'order -> approve -> GRN -> matched invoice -> payment, in English',
    () => orderToPayment('en'),
    240_000,
  );
  it(
    'order -> approve -> GRN -> matched invoice -> payment, in Swahili',
    () => orderToPayment('sw'),
    240_000,
  );
});

/** A submitted order of one line (no VAT) made by the procurement officer through the API. */
async function submittedOrder(unitPrice: string) {
  const supplier = await makeSupplier(token, `Mbolea ${Date.now()}`);
  const buyerToken = await apiSignIn(users.buyer.email, users.buyer.password);
  const order = (
    await must(
      api<{ data: { id: string; orderNo: string } }>(
        'POST',
        '/purchase/orders',
        { supplierId: supplier.id, orderDate: today, lines: [{ itemId: item.id, quantity: '1', unitPrice }] },
        buyerToken,
      ),
      'order',
    )
  ).data;
  await must(api('PATCH', `/purchase/orders/${order.id}/submit`, {}, buyerToken), 'submit');
  return { supplier, order, buyerToken };
}

/** The Operation bank's posted book balance (trial balance of the operation book, today). */
async function operationBankBalance(): Promise<string> {
  const tb = await api<{ data: { rows: { code: string; closingDebit: string; closingCredit: string }[] } }>(
    'GET',
    `/reports/trial-balance?book=operation&as_at=${today}`,
    undefined,
    token,
  );
  const row = tb.body.data.rows.find((r) => r.code === '1101');
  return row ? dec(row.closingDebit).minus(row.closingCredit).toFixed(2) : '0.00';
}

describe('purchasing decisions in the browser (#37)', () => {
  it('the approver rejects a submitted order with a reason, in Swahili', async () => {
    const { order } = await submittedOrder('65000');
    const manager = await as('manager', 'sw');
    await manager.goto(`/purchase/orders/${order.id}/details`);
    await manager.getByTestId('reject-order').click();
    const form = manager.getByTestId('reject-order-form');
    // No reason: asked for one, nothing sent.
    await form.getByRole('button', { name: 'Kataa' }).click();
    await form.getByText('Toa sababu').waitFor();
    await form.getByRole('textbox', { name: /Sababu ya kukataa/ }).fill('Bei ni kubwa mno');
    await form.getByRole('button', { name: 'Kataa' }).click();
    const confirm = manager.getByRole('dialog').filter({ has: manager.getByTestId('confirm-action') });
    await expect(confirm.textContent()).resolves.toContain(order.orderNo);
    const rejected = manager.waitForResponse(
      (r) => r.url().endsWith(`/api/purchase/orders/${order.id}/reject`) && r.request().method() === 'PATCH',
    );
    await manager.getByTestId('confirm-action').click();
    expect((await rejected).status()).toBe(200);
    await expect.poll(async () => (await statusOf(manager, 'order-status')).status).toBe('rejected');
    expect((await statusOf(manager, 'order-status')).text).toBe('Imekataliwa');
    await manager.getByText('Bei ni kubwa mno', { exact: true }).waitFor();
    await expect(manager.getByTestId('approve-order').count()).resolves.toBe(0);
    await expect(manager.getByTestId('reject-order').count()).resolves.toBe(0);
    await manager.close();
  }, 120_000);

  it('the union refuses payments the bank cannot cover (settings), and the approval shows the book balance', async () => {
    // A payment of more than the Operation bank holds in the books.
    const held = await operationBankBalance();
    const price = dec(held).gt(0) ? dec(held).plus(100000).toFixed(2) : '100000.00';
    const { supplier, order, buyerToken } = await submittedOrder(price);
    const managerToken = await apiSignIn(users.manager.email, users.manager.password);
    await must(api('PATCH', `/purchase/orders/${order.id}/approve`, {}, managerToken), 'approve');
    await receiveAll(token, order.id, store.id, today);
    const orderLines = (
      await must(
        api<{ data: { lines: { id: string }[] } }>('GET', `/purchase/orders/${order.id}`, undefined, token),
        'order',
      )
    ).data.lines;
    const invoice = (
      await must(
        api<{ data: { id: string; total: string } }>(
          'POST',
          '/purchase/invoices',
          {
            orderId: order.id,
            supplierInvoiceNo: `INV-${Date.now()}`,
            invoiceDate: today,
            lines: orderLines.map((l) => ({ orderLineId: l.id, quantity: '1', unitPrice: price })),
          },
          buyerToken,
        ),
        'invoice',
      )
    ).data;
    const banks = (
      await must(
        api<{ data: { id: string; code: string; book: string }[] }>(
          'GET',
          '/payments/loans/bank-accounts',
          undefined,
          token,
        ),
        'banks',
      )
    ).data;
    const bank = banks.find((b) => b.book === 'operation' && b.code === '1101');
    const accountantToken = await apiSignIn(users.accountant.email, users.accountant.password);
    const payment = (
      await must(
        api<{ data: { id: string } }>(
          'POST',
          '/purchase/payments',
          {
            supplierId: supplier.id,
            paymentDate: today,
            bankAccountId: bank?.id,
            allocations: [{ invoiceId: invoice.id, amount: invoice.total }],
          },
          accountantToken,
        ),
        'payment',
      )
    ).data;

    const before = (
      await must(api<{ data: object }>('GET', '/payments/settings', undefined, token), 'settings')
    ).data;
    // The administrator turns refusing on where the union's settings are edited.
    const admin = await signedIn(browser, adminUser());
    const setRefuse = async (on: boolean) => {
      // Settings > Union, the Payments tab beside the profile and the regions.
      await admin.goto('/cooperative/union');
      await admin.getByTestId('union-form').waitFor();
      await admin.getByTestId('union-payments-tab').click();
      const form = admin.getByTestId('payment-settings-form');
      const toggle = form.getByRole('switch', { name: /Refuse payments the bank cannot cover/ });
      if ((await toggle.isChecked()) !== on) await toggle.click({ force: true });
      const saved = admin.waitForResponse(
        (r) => r.url().endsWith('/api/payments/settings') && r.request().method() === 'PUT',
      );
      await form.getByRole('button', { name: 'Save' }).click();
      expect((await saved).status()).toBe(200);
      await admin.getByText('Payment settings saved').waitFor();
      const now = await api<{ data: { refuseUncoveredPayments: boolean } }>(
        'GET',
        '/payments/settings',
        undefined,
        token,
      );
      expect(now.body.data.refuseUncoveredPayments).toBe(on);
    };
    try {
      await setRefuse(true);
      // The finance manager sees the balance and that the approval will be refused; it is.
      const manager = await as('manager', 'en');
      await manager.goto(`/purchase/payments/${payment.id}/details`);
      const balance = await operationBankBalance();
      const after = dec(balance).minus(invoice.total).toFixed(2);
      const line = `holds TZS ${toGroupedMoney(balance)} in the books; after this payment: TZS ${toGroupedMoney(after)}.`;
      await manager.getByTestId('approve-payment').click();
      const cover = manager.getByRole('dialog').getByTestId('bank-cover');
      await expect(cover.textContent()).resolves.toMatch(
        new RegExp(
          `^1101 .*${line.replace(/[.()]/g, '\\$&')}The book balance does not cover this payment, and the union's payment settings refuse it`,
        ),
      );
      const refused = manager.waitForResponse((r) =>
        r.url().endsWith(`/api/purchase/payments/${payment.id}/approve`),
      );
      await manager.getByTestId('confirm-action').click();
      expect((await refused).status()).toBe(409);
      await manager.getByText(/the union's settings refuse payments the bank cannot cover/).waitFor();
      expect((await statusOf(manager, 'supplier-payment-status')).status).toBe('draft');

      // Back to warning: the same approval goes through, and the screen says it went below zero.
      await setRefuse(false);
      await manager.reload();
      await manager.getByTestId('approve-payment').click();
      await manager
        .getByRole('dialog')
        .getByText('approving takes the account below zero', { exact: false })
        .waitFor();
      await manager.getByTestId('confirm-action').click();
      await manager.getByText(/^Approved, but the bank account’s book balance did not cover it/).waitFor();
      await expect
        .poll(async () => (await statusOf(manager, 'supplier-payment-status')).status)
        .toBe('approved');
      await manager.close();
    } finally {
      await api('PUT', '/payments/settings', before, token);
      await admin.close();
    }
  }, 240_000);
});
