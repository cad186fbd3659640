import type { BankCover } from '@ushirika/contracts';
import { dec, toGroupedMoney } from '@ushirika/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAmcos, sessionAs } from '../../../../test/harness.ts';
import {
  accountant,
  bank,
  buyer,
  D,
  type Invoice,
  invoice,
  line,
  manager,
  type Payment,
  t,
  ureaAndSprayers,
  usePurchaseScenario,
  YEAR,
} from '../scenario.ts';
import {
  approvedOrder,
  balanceOf,
  draftOrder,
  makeSupplier,
  type OrderReply,
  receiveGoods,
} from '../testing.ts';

usePurchaseScenario();

describe('purchase invoices and supplier payments', () => {
  let supplier: { id: string };
  let order: OrderReply;
  let matched: Invoice;

  beforeAll(async () => {
    supplier = await makeSupplier(t, buyer, { paymentTermsDays: 30 });
    order = await approvedOrder(t, buyer, manager, ureaAndSprayers(supplier.id));
    await receiveGoods(
      t,
      order.id,
      [
        { orderLineId: line(order, 1).id, quantity: '60' },
        { orderLineId: line(order, 2).id, quantity: '10' },
      ],
      D('03-10'),
    );
  });

  it('matches and posts: 60 x 65,000 = 3,900,000 + VAT 702,000 and 10 x 85,000.50: Dr GRNI 4,750,005 + VAT 702,000 / Cr payables 5,452,005', async () => {
    const before = await Promise.all(
      ['2102', '1203', '2101'].map((code) => balanceOf(t, manager, code, D('12-31'))),
    );
    const r = await invoice({
      orderId: order.id,
      supplierInvoiceNo: 'MB-1001',
      invoiceDate: D('03-12'),
      lines: [
        { orderLineId: line(order, 1).id, quantity: '60', unitPrice: '65000' },
        { orderLineId: line(order, 2).id, quantity: '10', unitPrice: '85000.50' },
      ],
    });
    expect(r.status).toBe(201);
    matched = r.body.data;
    expect(matched.invoiceNo).toMatch(new RegExp(`^PINV-${YEAR}-\\d{6}$`));
    expect([matched.status, matched.mismatch, matched.subtotal, matched.vatTotal, matched.total]).toEqual([
      'open',
      false,
      '4750005.00',
      '702000.00',
      '5452005.00',
    ]);
    expect(matched.journalEntryId).not.toBeNull();
    // GRNI was credited 4,750,005.00 at the receipt; the invoice debits it back.
    const after = await Promise.all(
      ['2102', '1203', '2101'].map((code) => balanceOf(t, manager, code, D('12-31'))),
    );
    const moved = after.map((a, i) =>
      dec(a)
        .minus(dec(before[i] ?? '0'))
        .toFixed(2),
    );
    expect(moved).toEqual(['4750005.00', '702000.00', '-5452005.00']);
    const dup = await invoice({
      orderId: order.id,
      supplierInvoiceNo: 'mb-1001',
      invoiceDate: D('03-12'),
      lines: [{ orderLineId: line(order, 1).id, quantity: '1', unitPrice: '65000' }],
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('This supplier invoice number is already entered');
  });

  it('holds an invoice beyond tolerance for approval with a reason, by someone other than its maker', async () => {
    // Nothing of line 1 is received and not invoiced: billing 40 more bags at 66,000 differs twice.
    const r = await invoice({
      orderId: order.id,
      supplierInvoiceNo: 'MB-1002',
      invoiceDate: D('03-20'),
      lines: [{ orderLineId: line(order, 1).id, quantity: '40', unitPrice: '66000' }],
    });
    expect(r.status).toBe(201);
    expect(r.body.message).toBe(
      'Invoice saved: it differs from the order or the goods received and needs approval',
    );
    const held = r.body.data;
    expect([held.status, held.mismatch, held.journalEntryId]).toEqual(['awaiting_approval', true, null]);
    expect(held.lines[0]).toMatchObject({
      withinTolerance: false,
      priceDifference: '1000.00',
      quantityDifference: '40.000',
    });
    const noReason = await t.request<{ errors: Record<string, string[]> }>(
      'PATCH',
      `/purchase/invoices/${held.id}/approve`,
      {
        token: manager.access,
        body: { reason: ' ' },
      },
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.reason).toEqual(['Give the reason the differences are accepted']);
    const admin = await sessionAs(t, 'Administrator');
    const own = await invoice(
      {
        orderId: order.id,
        supplierInvoiceNo: 'MB-1003',
        invoiceDate: D('03-20'),
        lines: [{ orderLineId: line(order, 2).id, quantity: '1', unitPrice: '90000' }],
      },
      admin,
    );
    const self = await t.request<{ message: string }>(
      'PATCH',
      `/purchase/invoices/${own.body.data.id}/approve`,
      {
        token: admin.access,
        body: { reason: 'Price rise agreed' },
      },
    );
    expect(self.status).toBe(403);
    const payablesBefore = await balanceOf(t, manager, '2101', D('12-31'));
    const ok = await t.request<{ data: Invoice }>('PATCH', `/purchase/invoices/${held.id}/approve`, {
      token: manager.access,
      body: { reason: 'Remaining 40 bags delivered, GRN to follow; price rise agreed by phone' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.status).toBe('open');
    // 40 x 66,000 = 2,640,000 + 18% VAT 475,200 = 3,115,200 more owed.
    expect(ok.body.data.total).toBe('3115200.00');
    expect(await balanceOf(t, manager, '2101', D('12-31'))).toBe(
      dec(payablesBefore).minus('3115200').toFixed(2),
    );
    const again = await t.request('PATCH', `/purchase/invoices/${held.id}/approve`, {
      token: manager.access,
      body: { reason: 'again' },
    });
    expect(again.status).toBe(409);
    const cancelOwn = await t.request<{ data: Invoice }>(
      'PATCH',
      `/purchase/invoices/${own.body.data.id}/cancel`,
      {
        token: admin.access,
        body: { reason: 'Entered by mistake' },
      },
    );
    expect(cancelOwn.body.data.status).toBe('cancelled');
  });

  it('refuses an invoice against an unapproved or a cancelled order', async () => {
    const draft = await draftOrder(t, buyer, ureaAndSprayers(supplier.id));
    const r1 = await invoice({
      orderId: draft.id,
      supplierInvoiceNo: 'X-1',
      invoiceDate: D('03-20'),
      lines: [{ orderLineId: line(draft, 1).id, quantity: '1', unitPrice: '65000' }],
    });
    expect(r1.status).toBe(409);
    expect(r1.body.message).toBe(`Purchase order ${draft.orderNo} is not approved: it cannot be invoiced`);
    await t.request('PATCH', `/purchase/orders/${draft.id}/cancel`, {
      token: buyer.access,
      body: { reason: 'Not needed' },
    });
    const r2 = await invoice({
      orderId: draft.id,
      supplierInvoiceNo: 'X-2',
      invoiceDate: D('03-20'),
      lines: [{ orderLineId: line(draft, 1).id, quantity: '1', unitPrice: '65000' }],
    });
    expect(r2.status).toBe(409);
    expect(r2.body.message).toBe(`Purchase order ${draft.orderNo} is cancelled: it cannot be invoiced`);
  });

  it('cancels a posted invoice nothing is paid on: reversed, its goods and number free to invoice again', async () => {
    const other = await makeSupplier(t, buyer);
    const o = await approvedOrder(t, buyer, manager, ureaAndSprayers(other.id));
    await receiveGoods(t, o.id, [{ orderLineId: line(o, 2).id, quantity: '4' }], D('03-10'));
    const before = await balanceOf(t, manager, '2101', D('12-31'));
    const body = {
      orderId: o.id,
      supplierInvoiceNo: 'CX-1',
      invoiceDate: D('03-12'),
      lines: [{ orderLineId: line(o, 2).id, quantity: '4', unitPrice: '85000.50' }],
    };
    const made = await invoice(body);
    // 4 x 85,000.50 = 340,002.00, no VAT on sprayers.
    expect(made.body.data).toMatchObject({ status: 'open', total: '340002.00' });
    const cancelled = await t.request<{ data: Invoice & { reversalEntryId: string | null } }>(
      'PATCH',
      `/purchase/invoices/${made.body.data.id}/cancel`,
      { token: buyer.access, body: { reason: 'Billed twice by the supplier' } },
    );
    expect(cancelled.body.data.status).toBe('cancelled');
    expect(cancelled.body.data.reversalEntryId).not.toBeNull();
    expect(await balanceOf(t, manager, '2101', D('12-31'))).toBe(before);
    const again = await invoice(body);
    expect(again.body.data).toMatchObject({ status: 'open', mismatch: false });
  });

  it('pays invoices by allocation with maker-checker: Dr payables / Cr the chosen bank; refuses paying more than owed', async () => {
    const list = await t.request<{ data: Invoice[] }>(
      'GET',
      `/purchase/invoices?supplier_id=${supplier.id}&open=true`,
      {
        token: accountant.access,
      },
    );
    const [second, first] = list.body.data; // newest first
    if (!first || !second) throw new Error('two open invoices expected');
    const tooMuch = await t.request<{ errors: Record<string, string[]> }>('POST', '/purchase/payments', {
      token: accountant.access,
      body: {
        supplierId: supplier.id,
        paymentDate: D('04-01'),
        bankAccountId: bank,
        allocations: [{ invoiceId: first.id, amount: '5452005.01' }],
      },
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors['allocations.0.amount']).toEqual([
      `5452005.01 is more than is owed on invoice ${first.invoiceNo} (5452005.00)`,
    ]);
    const made = await t.request<{ data: Payment }>('POST', '/purchase/payments', {
      token: accountant.access,
      body: {
        supplierId: supplier.id,
        paymentDate: D('04-01'),
        bankAccountId: bank,
        reference: 'TT-778',
        allocations: [
          { invoiceId: first.id, amount: '5452005.00' },
          { invoiceId: second.id, amount: '1000000.00' },
        ],
      },
    });
    expect(made.status).toBe(201);
    expect([made.body.data.status, made.body.data.amount]).toEqual(['draft', '6452005.00']);
    expect(made.body.data.paymentNo).toMatch(new RegExp(`^SPV-${YEAR}-\\d{6}$`));
    const self = await t.request('PATCH', `/purchase/payments/${made.body.data.id}/approve`, {
      token: accountant.access,
    });
    expect(self.status).toBe(403);
    const bankBefore = await balanceOf(t, manager, '1101', D('12-31'));
    const payablesBefore = await balanceOf(t, manager, '2101', D('12-31'));
    const other = await sessionAs(t, 'Finance Manager');
    const race = await Promise.all([
      t.request('PATCH', `/purchase/payments/${made.body.data.id}/approve`, { token: manager.access }),
      t.request('PATCH', `/purchase/payments/${made.body.data.id}/approve`, { token: other.access }),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    const get = (id: string) =>
      t.request<{ data: Invoice }>('GET', `/purchase/invoices/${id}`, { token: buyer.access });
    expect((await get(first.id)).body.data).toMatchObject({ status: 'paid', balance: '0.00' });
    // 3,115,200 - 1,000,000 = 2,115,200 still owed on the second.
    expect((await get(second.id)).body.data).toMatchObject({ status: 'part_paid', balance: '2115200.00' });
    expect(await balanceOf(t, manager, '1101', D('12-31'))).toBe(dec(bankBefore).minus('6452005').toFixed(2));
    expect(await balanceOf(t, manager, '2101', D('12-31'))).toBe(
      dec(payablesBefore).plus('6452005').toFixed(2),
    );
    const pdf = await t.request('GET', `/purchase/payments/${made.body.data.id}/remittance`, {
      token: buyer.access,
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const details = await t.request<{
      data: { balance: string; openOrders: unknown[]; invoices: unknown[] };
    }>('GET', `/purchase/suppliers/${supplier.id}/details`, { token: buyer.access });
    expect(details.body.data.balance).toBe('2115200.00');
    expect(details.body.data.openOrders).toHaveLength(1); // the partly received order
    const statement = await t.request(
      'GET',
      `/purchase/suppliers/${supplier.id}/statement?from=${YEAR}-01-01&to=${YEAR}-12-31`,
      {
        token: buyer.access,
      },
    );
    expect(statement.headers.get('content-type')).toBe('application/pdf');
  });

  it('ages what is owed in the buyer report buckets; the total is the supplier payables control account', async () => {
    const asAt = D('06-01'); // the second invoice is 73 days old: 61-90
    const r = await t.request<{
      data: { totals: Record<string, string>; details: { invoiceNo: string; d61to90: string }[] };
    }>('GET', `/reports/supplier/aged?as_at=${asAt}&supplier_id=${supplier.id}`, { token: manager.access });
    expect(r.body.data.totals).toMatchObject({ d61to90: '2115200.00', balance: '2115200.00' });
    const all = await t.request<{ data: { totals: { balance: string } } }>(
      'GET',
      `/reports/supplier/aged?as_at=${asAt}`,
      {
        token: manager.access,
      },
    );
    expect(dec(all.body.data.totals.balance).negated().toFixed(2)).toBe(
      await balanceOf(t, manager, '2101', asAt),
    );
    const xlsx = await t.request('GET', `/reports/supplier/aged?as_at=${asAt}&format=xlsx`, {
      token: manager.access,
    });
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const pdf = await t.request('GET', `/reports/supplier/aged?as_at=${asAt}&format=pdf`, {
      token: manager.access,
    });
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
  });

  it('refuses a payment dated in a locked period and changes nothing', async () => {
    const open = await t.request<{ data: Invoice[] }>(
      'GET',
      `/purchase/invoices?supplier_id=${supplier.id}&open=true`,
      {
        token: accountant.access,
      },
    );
    const target = open.body.data[0];
    if (!target) throw new Error('an open invoice expected');
    const made = await t.request<{ data: Payment }>('POST', '/purchase/payments', {
      token: accountant.access,
      body: {
        supplierId: supplier.id,
        paymentDate: D('01-15'),
        bankAccountId: bank,
        allocations: [{ invoiceId: target.id, amount: '100.00' }],
      },
    });
    expect(made.status).toBe(201);
    const admin = await sessionAs(t, 'Administrator');
    const [year] = (
      await t.request<{ data: { id: string }[] }>('GET', '/financial-years?status=open', {
        token: admin.access,
      })
    ).body.data;
    const lock = await t.request('PATCH', `/financial-years/${year?.id}`, {
      token: admin.access,
      body: { operationLockedUntil: D('01-31') },
    });
    expect(lock.status).toBe(200);
    const refused = await t.request<{ message: string }>(
      'PATCH',
      `/purchase/payments/${made.body.data.id}/approve`,
      { token: manager.access },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`The operation book is locked up to ${D('01-31')}`);
    const still = await t.request<{ data: Payment }>('GET', `/purchase/payments/${made.body.data.id}`, {
      token: manager.access,
    });
    expect(still.body.data.status).toBe('draft');
    const inv = await t.request<{ data: Invoice }>('GET', `/purchase/invoices/${target.id}`, {
      token: manager.access,
    });
    expect(inv.body.data.balance).toBe(target.balance);
  });
  it('warns when the bank cannot cover a payment, and refuses it when the union says so (issue 37)', async () => {
    const admin = await sessionAs(t, 'Administrator');
    const settings = (refuse: boolean) =>
      t.request('PUT', '/payments/settings', {
        token: admin.access,
        body: { payFarmersThrough: 'central', smsFarmers: true, refuseUncoveredPayments: refuse },
      });
    const [open] = (
      await t.request<{ data: Invoice[] }>('GET', `/purchase/invoices?supplier_id=${supplier.id}&open=true`, {
        token: accountant.access,
      })
    ).body.data;
    if (!open) throw new Error('an open invoice expected');
    const pay = async (amount: string) =>
      (
        await t.request<{ data: Payment }>('POST', '/purchase/payments', {
          token: accountant.access,
          body: {
            supplierId: supplier.id,
            paymentDate: D('04-02'),
            bankAccountId: bank,
            allocations: [{ invoiceId: open.id, amount }],
          },
        })
      ).body.data;
    const approve = (id: string) =>
      t.request<{ message: string; warning?: string; data: Payment }>(
        'PATCH',
        `/purchase/payments/${id}/approve`,
        { token: manager.access },
      );
    const balance = await balanceOf(t, manager, '1101', D('12-31'));
    const beyond = dec(balance).plus('1000').toFixed(2);
    // More than the books hold, within what the invoice still owes.
    const amount = dec(beyond).gt('0') && dec(beyond).lte(open.balance) ? beyond : open.balance;
    if (dec(amount).lte(balance)) throw new Error(`the scenario's bank (${balance}) covers ${amount}`);
    expect((await settings(true)).status).toBe(200);
    const refused = await pay(amount);
    // What the approve confirmation shows (#37): the book balance now and after the payment.
    const cover = await t.request<{ data: BankCover }>('GET', `/purchase/payments/${refused.id}/bank-cover`, {
      token: manager.access,
    });
    expect(cover.status).toBe(200);
    expect(cover.body.data).toEqual({
      account: expect.stringMatching(/^1101 /),
      balance,
      amount: refused.amount,
      after: dec(balance).minus(amount).toFixed(2),
      covered: false,
      refuse: true,
    });
    const society = await sessionAs(t, 'AMCOS Manager', { amcosId: (await makeAmcos(t)).id });
    for (const other of [buyer, society])
      expect(
        (await t.request('GET', `/purchase/payments/${refused.id}/bank-cover`, { token: other.access }))
          .status,
      ).toBe(403);
    expect(
      (
        await t.request('GET', `/purchase/payments/${crypto.randomUUID()}/bank-cover`, {
          token: manager.access,
        })
      ).status,
    ).toBe(404);
    const no = await approve(refused.id);
    expect(no.status).toBe(409);
    expect(no.body.message).toContain(
      `holds ${toGroupedMoney(balance)} in the books, less than the ${toGroupedMoney(amount)} of payment ${refused.paymentNo}: the union's settings refuse payments the bank cannot cover`,
    );
    expect(
      (await t.request<{ data: Payment }>('GET', `/purchase/payments/${refused.id}`, { token: buyer.access }))
        .body.data.status,
    ).toBe('draft');
    expect(await balanceOf(t, manager, '1101', D('12-31'))).toBe(balance);
    expect((await settings(false)).status).toBe(200);
    const warned = await approve(refused.id);
    expect(warned.status).toBe(200);
    expect(warned.body.data.status).toBe('approved');
    expect(warned.body.warning).toContain(
      `holds ${toGroupedMoney(balance)} in the books, less than the ${toGroupedMoney(amount)} of payment ${refused.paymentNo}: it goes below zero`,
    );
    expect(await balanceOf(t, manager, '1101', D('12-31'))).toBe(dec(balance).minus(amount).toFixed(2));
  });
});
