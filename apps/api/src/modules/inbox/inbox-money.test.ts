import { randomUUID } from 'node:crypto';
import {
  INBOX_SOURCES,
  type InboxCounts,
  type InboxItem,
  type PaymentBatch,
  PERMISSIONS,
  type SettlementDetails,
} from '@ushirika/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { type Session, sessionAs } from '../../../test/harness.ts';
import { pettyCashTopUp } from '../../../test/journal-entries.ts';
import type { Listed } from '../../../test/master-data.ts';
import {
  makeFarmers,
  makePaidLot,
  makeSettlementWorld,
  type SettlementWorld,
  startSettlementApp,
} from '../../../test/settlement-fixtures.ts';
import { accountId, TODAY } from '../accounts/testing.ts';
import { approvedOrder, makeItem, makeSupplier, receiveGoods } from '../purchase/testing.ts';
import { countInbox } from './queries.ts';

/**
 * "Waiting for me" (#27), the money sources the first file leaves out, each in its waiting state
 * for whoever may move it on and never for its maker: the books' drafts (a voucher, a bank
 * transfer, a budget and its adjustment), a supplier's invoice held for approval and a draft
 * supplier payment, and a season's money from the draft settlement through its payment batches
 * (to approve, then to export and mark paid) until nothing of it waits.
 */

let t: TestApp;
let admin: Session;
let officer: Session;
let finance: Session;
let accountant: Session;
let procurement: Session;
let world: SettlementWorld;

const counts = async (s: Session) => {
  const r = await t.request<{ data: InboxCounts }>('GET', '/inbox/counts', { token: s.access });
  expect(r.status).toBe(200);
  return r.body.data;
};
const items = async (s: Session, source: string) => {
  const r = await t.request<Listed<InboxItem>>('GET', `/inbox?source=${source}&per_page=100`, {
    token: s.access,
  });
  expect(r.status).toBe(200);
  return r.body.data;
};
const ids = async (s: Session, source: string) => (await items(s, source)).map((i) => i.id);

async function ok<T>(reply: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const r = await reply;
  if (r.status !== 200 && r.status !== 201) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

beforeAll(async () => {
  ({ t, admin, officer, finance } = await startSettlementApp());
  accountant = await sessionAs(t, 'Accountant');
  procurement = await sessionAs(t, 'Procurement Officer');
  world = await makeSettlementWorld(t.db);
});
afterAll(() => t.close());

describe('waiting for me: the books', () => {
  it('a draft voucher and a draft bank transfer wait for an approver, not for whoever entered them', async () => {
    const [bank, petty, fuel] = await Promise.all([
      accountId(t, 'operation', '1101'),
      accountId(t, 'operation', '1102'),
      accountId(t, 'operation', '5103'),
    ]);
    const voucher = await ok(
      t.request<{ data: { id: string; number: string } }>('POST', '/accounts/payments-and-receipts', {
        token: admin.access,
        body: {
          type: 'Payment',
          voucherDate: TODAY,
          bankAccountId: bank,
          partyName: 'Mtwara Motors',
          narration: 'Fuel for the lorry',
          lines: [{ accountId: fuel, amount: '180000.00' }],
        },
      }),
      'voucher',
    );
    const transfer = await ok(
      pettyCashTopUp<{ data: { id: string; number: string } }>(t, accountant, { bank, petty }),
      'transfer',
    );
    expect((await items(finance, 'vouchers')).find((i) => i.id === voucher.data.id)).toMatchObject({
      number: voucher.data.number,
      party: 'Mtwara Motors',
      description: 'Fuel for the lorry',
      amount: '180000.00',
      status: 'draft',
      book: 'operation',
    });
    expect((await items(finance, 'bank_transfers')).find((i) => i.id === transfer.data.id)).toMatchObject({
      number: transfer.data.number,
      amount: '500000.00',
      book: 'operation',
    });
    // The administrator may approve vouchers, but not the one they entered; the transfer, yes.
    expect(await ids(admin, 'vouchers')).not.toContain(voucher.data.id);
    expect(await ids(admin, 'bank_transfers')).toContain(transfer.data.id);
    expect((await counts(accountant)).total).toBe(0);
    const before = await counts(finance);
    await ok(
      t.request('PATCH', `/accounts/payments-and-receipts/${voucher.data.id}/approve`, {
        token: finance.access,
      }),
      'approve voucher',
    );
    await ok(
      t.request('PATCH', `/accounts/bank-transfers/${transfer.data.id}/approve`, { token: finance.access }),
      'approve transfer',
    );
    const after = await counts(finance);
    expect(after.total).toBe(before.total - 2);
    expect(await ids(finance, 'vouchers')).not.toContain(voucher.data.id);
    expect(await ids(finance, 'bank_transfers')).not.toContain(transfer.data.id);
  });

  it('a draft budget waits for approval, then an adjustment of it, opening on its budget', async () => {
    const years = await ok(
      t.request<{ data: { id: string }[] }>('GET', '/financial-years', { token: accountant.access }),
      'years',
    );
    const fuel = await accountId(t, 'operation', '5103');
    const budget = await ok(
      t.request<{ data: { id: string; number: string } }>('POST', '/accounts/budgets', {
        token: accountant.access,
        body: {
          name: 'Inbox operations budget',
          financialYearId: years.data[0]?.id,
          book: 'operation',
          lines: [{ accountId: fuel, months: Array.from({ length: 12 }, () => '100000.00') }],
        },
      }),
      'budget',
    );
    // 12 x 100,000 = 1,200,000
    expect((await items(finance, 'budgets')).find((i) => i.id === budget.data.id)).toMatchObject({
      number: budget.data.number,
      description: 'Inbox operations budget',
      amount: '1200000.00',
      book: 'operation',
    });
    await ok(
      t.request('PATCH', `/accounts/budgets/${budget.data.id}/approve`, { token: finance.access }),
      'approve budget',
    );
    expect(await ids(finance, 'budgets')).not.toContain(budget.data.id);
    const adjustment = await ok(
      t.request<{ data: { id: string; number: string } }>('POST', '/accounts/budget-adjustments', {
        token: accountant.access,
        body: {
          budgetId: budget.data.id,
          adjustmentDate: TODAY,
          reason: 'Fuel price rose',
          lines: [{ accountId: fuel, month: 6, amount: '20000.00' }],
        },
      }),
      'adjustment',
    );
    const waiting = (await items(finance, 'budget_adjustments')).find((i) => i.id === adjustment.data.id);
    expect(waiting).toMatchObject({
      party: 'Inbox operations budget',
      description: 'Fuel price rose',
      parentId: budget.data.id,
      book: 'operation',
    });
    expect((await counts(accountant)).sources.budget_adjustments).toBeUndefined();
  });
});

describe('waiting for me: purchasing', () => {
  it('an invoice held for approval and a draft supplier payment wait for the finance manager', async () => {
    const supplier = await makeSupplier(t, procurement);
    const item = await makeItem(t, 'Inbox sprayers', 'piece');
    const order = await approvedOrder(t, procurement, finance, {
      supplierId: supplier.id,
      orderDate: TODAY,
      lines: [{ itemId: item.id, quantity: '20', unitPrice: '50000', vat: false }],
    });
    const line = order.lines[0];
    if (!line) throw new Error('no order line');
    await receiveGoods(t, order.id, [{ orderLineId: line.id, quantity: '20' }], TODAY);
    const invoice = (no: string, quantity: string, unitPrice: string) =>
      ok(
        t.request<{ data: { id: string; invoiceNo: string; status: string; total: string } }>(
          'POST',
          '/purchase/invoices',
          {
            token: procurement.access,
            body: {
              orderId: order.id,
              supplierInvoiceNo: no,
              invoiceDate: TODAY,
              lines: [{ orderLineId: line.id, quantity, unitPrice }],
            },
          },
        ),
        `invoice ${no}`,
      );
    // 10 x 50,000 = 500,000 matches the goods received; 10 more at 60,000 differs in price.
    const matched = await invoice(`INB-${Date.now()}`, '10', '50000');
    const held = await invoice(`INB-${Date.now()}-2`, '10', '60000');
    expect([matched.data.status, held.data.status]).toEqual(['open', 'awaiting_approval']);
    const waiting = await items(finance, 'purchase_invoices');
    expect(waiting.map((i) => i.id)).toEqual([held.data.id]);
    expect(waiting[0]).toMatchObject({
      number: held.data.invoiceNo,
      party: supplier.name,
      amount: '600000.00',
    });
    const payment = await ok(
      t.request<{ data: { id: string; paymentNo: string } }>('POST', '/purchase/payments', {
        token: accountant.access,
        body: {
          supplierId: supplier.id,
          paymentDate: TODAY,
          bankAccountId: await accountId(t, 'operation', '1101'),
          reference: 'TT-INBOX',
          allocations: [{ invoiceId: matched.data.id, amount: '500000.00' }],
        },
      }),
      'payment',
    );
    expect((await items(finance, 'supplier_payments')).find((i) => i.id === payment.data.id)).toMatchObject({
      number: payment.data.paymentNo,
      party: supplier.name,
      description: 'TT-INBOX',
      amount: '500000.00',
    });
    expect((await counts(accountant)).sources.supplier_payments).toBeUndefined();
    expect((await counts(procurement)).sources.purchase_invoices).toBeUndefined();
  });
});

describe('waiting for me: a season’s money', () => {
  it('a settlement waits for its approver, its batches for another, then for the officer to pay them', async () => {
    const [a, b] = await makeFarmers(t.db, world, ['bank', 'mobile']);
    if (!a || !b) throw new Error('no farmers');
    await makePaidLot(t.db, world, {
      collections: [
        { farmerId: a.id, kg: '300.000' },
        { farmerId: b.id, kg: '200.000' },
      ],
      price: '2000',
    });
    const created = await ok(
      t.request<{ data: SettlementDetails }>('POST', '/payments/settlements', {
        token: officer.access,
        body: { amcosId: world.amcosId },
      }),
      'settlement',
    );
    const settlement = created.data;
    // 500 kg x 2,000 = 1,000,000 gross.
    expect((await items(finance, 'settlements')).find((i) => i.id === settlement.id)).toMatchObject({
      number: settlement.settlementNo,
      amount: '1000000.00',
      status: 'draft',
    });
    expect(await ids(admin, 'settlements')).toContain(settlement.id);
    expect((await counts(officer)).sources.settlements).toBeUndefined();

    await ok(
      t.request('PATCH', `/payments/settlements/${settlement.id}/approve`, { token: finance.access }),
      'approve settlement',
    );
    expect(await ids(finance, 'settlements')).not.toContain(settlement.id);
    const batches = await ok(
      t.request<Listed<PaymentBatch>>('GET', `/payments/batches?settlement_id=${settlement.id}`, {
        token: officer.access,
      }),
      'batches',
    );
    const farmersBatch = batches.data.find((x) => x.partyType === 'farmer');
    if (!farmersBatch) throw new Error('no farmers’ batch');
    const batchIds = batches.data.map((x) => x.id);
    // The batches were drafted by the settlement's approver: another approver takes them.
    const finances = await ids(finance, 'payment_batches');
    expect(batchIds.filter((id) => finances.includes(id))).toEqual([]);
    const forAdmin = (await items(admin, 'payment_batches')).filter((i) => batchIds.includes(i.id));
    expect(forAdmin.map((i) => i.id).sort()).toEqual([...batchIds].sort());
    expect(forAdmin.find((i) => i.id === farmersBatch.id)).toMatchObject({
      number: farmersBatch.batchNo,
      party: 'farmer',
      amount: farmersBatch.total,
    });

    await ok(
      t.request('PATCH', `/payments/batches/${farmersBatch.id}/approve`, { token: admin.access }),
      'approve batch',
    );
    expect(await ids(admin, 'payment_batches')).not.toContain(farmersBatch.id);
    // Approved, the batch waits for the officer to export and mark paid.
    expect(await ids(officer, 'batches_to_pay')).toContain(farmersBatch.id);
    await ok(
      t.request('POST', `/payments/batches/${farmersBatch.id}/export?layout=bank&format=csv`, {
        token: officer.access,
      }),
      'export',
    );
    expect((await items(officer, 'batches_to_pay')).find((i) => i.id === farmersBatch.id)).toMatchObject({
      status: 'exported',
    });
    await ok(
      t.request('PATCH', `/payments/batches/${farmersBatch.id}/paid`, {
        token: officer.access,
        body: { paidOn: TODAY, bankReference: 'NMB-INBOX' },
      }),
      'paid',
    );
    expect(await ids(officer, 'batches_to_pay')).not.toContain(farmersBatch.id);
  });
});

describe('waiting for me: the count', () => {
  it('is one statement for a user however many sources they act on, and matches the list', async () => {
    let statements = 0;
    // The database handle, counting the statements the count sends.
    const counted = new Proxy(t.db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key !== 'execute' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          statements++;
          return value.apply(target, args);
        };
      },
    });
    const everyone = { sessionId: randomUUID(), permissions: new Set<string>(PERMISSIONS) };
    const union = await countInbox(counted, { ...everyone, userId: randomUUID(), amcosId: null });
    expect(statements).toBe(1);
    const society = await countInbox(counted, { ...everyone, userId: randomUUID(), amcosId: world.amcosId });
    expect(statements).toBe(2);
    for (const c of [union, society]) {
      expect(Object.keys(c.sources).every((k) => (INBOX_SOURCES as readonly string[]).includes(k))).toBe(
        true,
      );
      expect(Object.values(c.sources).reduce((n, x) => n + (x ?? 0), 0)).toBe(c.total);
    }
    // The administrator's header count is their list's length.
    const listed = await t.request<Listed<InboxItem>>('GET', '/inbox?per_page=1', { token: admin.access });
    expect(listed.body.meta.total).toBe((await counts(admin)).total);
  });
});
