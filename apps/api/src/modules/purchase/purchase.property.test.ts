import { dec, sum, yearInTanzania } from '@ushirika/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { accountId } from '../accounts/testing.ts';
import { addDays } from '../sales/invoices/issue-invoice.ts';
import { approvedOrder, balanceOf, makeItem, makeSupplier, type OrderReply } from './testing.ts';

/**
 * Random purchasing through the API (orders, GRNs through the inventory API, invoices matched or
 * held and approved, payments approved or cancelled, invoices cancelled): after every sequence the
 * supplier payables control account equals the open invoices less unallocated payments, the
 * control-accounts report agrees, and the aged report's total equals the account as at any date.
 */
let t: TestApp;
let buyer: Session;
let manager: Session;
let accountant: Session;
let keeper: Session;
let bank: string;
let store: string;
const suppliers: string[] = [];
const items: string[] = [];
const YEAR = yearInTanzania();
const START = `${YEAR}-02-01`;
const END = `${YEAR}-12-31`;

beforeAll(async () => {
  t = await startTestApp();
  [buyer, manager, accountant, keeper] = await Promise.all([
    sessionAs(t, 'Procurement Officer'),
    sessionAs(t, 'Finance Manager'),
    sessionAs(t, 'Accountant'),
    sessionAs(t, 'Store Keeper'),
  ]);
  bank = await accountId(t, 'operation', '1101');
  const admin = await sessionAs(t, 'Administrator');
  const s = await t.request<{ data: { id: string } }>('POST', '/inventory/stores', {
    token: admin.access,
    body: { code: 'PROP', name: 'Property store', kind: 'union' },
  });
  if (s.status !== 201) throw new Error(`store failed: ${JSON.stringify(s.body)}`);
  store = s.body.data.id;
  for (let i = 0; i < 2; i++) suppliers.push((await makeSupplier(t, buyer)).id);
  for (const name of ['NPK 50 kg', 'Sulphur 25 kg', 'Gunny bag']) items.push((await makeItem(t, name)).id);
});
afterAll(() => t.close());

type Action =
  | {
      kind: 'order';
      supplier: number;
      day: number;
      lines: { item: number; quantity: number; cents: number; vat: boolean }[];
    }
  | { kind: 'receive'; pick: number; share: number }
  | { kind: 'invoice'; pick: number; extra: number; cents: number }
  | { kind: 'pay'; pick: number; share: number; approve: boolean }
  | { kind: 'cancel'; pick: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('order' as const),
    supplier: fc.integer({ min: 0, max: 1 }),
    day: fc.integer({ min: 0, max: 200 }),
    lines: fc.array(
      fc.record({
        item: fc.integer({ min: 0, max: 2 }),
        quantity: fc.integer({ min: 1, max: 500 }),
        cents: fc.integer({ min: 1, max: 12_000_000 }),
        vat: fc.boolean(),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  }),
  fc.record({
    kind: fc.constant('receive' as const),
    pick: fc.nat(),
    share: fc.integer({ min: 1, max: 100 }),
  }),
  fc.record({
    kind: fc.constant('invoice' as const),
    pick: fc.nat(),
    extra: fc.integer({ min: 0, max: 3 }),
    cents: fc.integer({ min: -500, max: 500 }),
  }),
  fc.record({
    kind: fc.constant('pay' as const),
    pick: fc.nat(),
    share: fc.integer({ min: 1, max: 100 }),
    approve: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
);

const orders: { order: OrderReply; day: number }[] = [];
const invoiceIds: string[] = [];

const pick = <T>(list: T[], n: number) => list[n % Math.max(list.length, 1)];
/** One of the orders made so far, as the API shows it now, with the day it was made on. */
async function pickOrder(n: number) {
  const chosen = orders[n % Math.max(orders.length, 1)];
  if (!chosen) return null;
  const r = await t.request<{ data: OrderReply }>('GET', `/purchase/orders/${chosen.order.id}`, {
    token: buyer.access,
  });
  return { order: r.body.data, day: chosen.day };
}

async function run(a: Action): Promise<void> {
  if (a.kind === 'order') {
    const order = await approvedOrder(t, buyer, manager, {
      supplierId: suppliers[a.supplier] ?? '',
      orderDate: addDays(START, a.day),
      lines: a.lines.map((l) => ({
        itemId: items[l.item] ?? '',
        quantity: String(l.quantity),
        unitPrice: dec(l.cents).dividedBy(100).toFixed(2),
        vat: l.vat,
      })),
    });
    orders.push({ order, day: a.day });
  } else if (a.kind === 'receive') {
    const chosen = await pickOrder(a.pick);
    if (!chosen) return;
    const lines = chosen.order.lines
      .map((l) => ({
        orderLineId: l.id,
        quantity: dec(l.quantity)
          .minus(dec(l.receivedQuantity))
          .times(a.share)
          .dividedBy(100)
          .ceil()
          .toFixed(0),
      }))
      .filter((l) => dec(l.quantity).gt(0));
    if (lines.length === 0) return;
    const r = await t.request('POST', '/inventory/grns', {
      token: keeper.access,
      body: { orderId: chosen.order.id, storeId: store, receivedOn: addDays(START, chosen.day + 1), lines },
    });
    expect([201, 409]).toContain(r.status);
  } else if (a.kind === 'invoice') {
    const chosen = await pickOrder(a.pick);
    if (!chosen) return;
    const order = chosen.order;
    // Bill what is received and not invoiced, plus `extra` more units, the price moved by `cents`.
    const lines = order.lines
      .map((l) => ({
        orderLineId: l.id,
        quantity: dec(l.receivedQuantity).minus(dec(l.invoicedQuantity)).plus(a.extra).toFixed(3),
        unitPrice: dec(l.unitPrice).plus(dec(a.cents).dividedBy(100)).toFixed(2),
      }))
      .filter((l) => dec(l.quantity).gt(0) && dec(l.unitPrice).gte(0));
    if (lines.length === 0) return;
    const r = await t.request<{ data: { id: string; status: string } }>('POST', '/purchase/invoices', {
      token: buyer.access,
      body: {
        orderId: chosen.order.id,
        supplierInvoiceNo: `P-${invoiceIds.length}-${a.pick}`,
        invoiceDate: addDays(START, chosen.day + 2),
        lines,
      },
    });
    expect([201, 409]).toContain(r.status);
    if (r.status !== 201) return;
    invoiceIds.push(r.body.data.id);
    if (r.body.data.status === 'awaiting_approval') {
      const ok = await t.request('PATCH', `/purchase/invoices/${r.body.data.id}/approve`, {
        token: manager.access,
        body: { reason: 'Property test: accepted' },
      });
      expect(ok.status).toBe(200);
    }
  } else if (a.kind === 'pay') {
    const id = pick(invoiceIds, a.pick);
    if (!id) return;
    const inv = (
      await t.request<{ data: { supplierId: string; balance: string; status: string; invoiceDate: string } }>(
        'GET',
        `/purchase/invoices/${id}`,
        { token: accountant.access },
      )
    ).body.data;
    const amount = dec(inv.balance).times(a.share).dividedBy(100).toDecimalPlaces(2);
    if (amount.lte(0)) return;
    const made = await t.request<{ data: { id: string } }>('POST', '/purchase/payments', {
      token: accountant.access,
      body: {
        supplierId: inv.supplierId,
        paymentDate: addDays(inv.invoiceDate, 10),
        bankAccountId: bank,
        allocations: [{ invoiceId: id, amount: amount.toFixed(2) }],
      },
    });
    expect(made.status).toBe(201);
    const next = a.approve ? 'approve' : 'cancel';
    const r = await t.request('PATCH', `/purchase/payments/${made.body.data.id}/${next}`, {
      token: a.approve ? manager.access : accountant.access,
      ...(a.approve ? {} : { body: { reason: 'Property test' } }),
    });
    expect([200, 400]).toContain(r.status);
  } else {
    const id = pick(invoiceIds, a.pick);
    if (!id) return;
    const r = await t.request('PATCH', `/purchase/invoices/${id}/cancel`, {
      token: buyer.access,
      body: { reason: 'Property test' },
    });
    expect([200, 409]).toContain(r.status);
  }
}

describe('supplier payables control = open invoices - unallocated payments', () => {
  it('holds after random orders, receipts, invoices, payments and cancels, as at any date', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { minLength: 2, maxLength: 8 }),
        fc.integer({ min: 0, max: 330 }),
        async (actions, asAtDay) => {
          for (const a of actions) await run(a);
          const open = await t.request<{ data: { balance: string }[] }>(
            'GET',
            '/purchase/suppliers?per_page=200',
            {
              token: buyer.access,
            },
          );
          const owed = sum(open.body.data.map((s) => s.balance)).toFixed(2);
          // The payables account is a credit: its debit - credit is minus what is owed.
          expect(
            dec(await balanceOf(t, manager, '2101', END))
              .negated()
              .toFixed(2),
          ).toBe(owed);
          const report = await t.request<{
            data: { checks: { key: string; difference: string; subledgerBalance: string }[] };
          }>('GET', '/reports/control-accounts', { token: manager.access });
          const check = report.body.data.checks.find((c) => c.key === 'supplier_payables');
          expect(check).toMatchObject({ difference: '0.00', subledgerBalance: owed });
          const asAt = addDays(START, asAtDay - 30);
          const aged = await t.request<{ data: { totals: { balance: string } } }>(
            'GET',
            `/reports/supplier/aged?as_at=${asAt}`,
            {
              token: manager.access,
            },
          );
          expect(dec(aged.body.data.totals.balance).negated().toFixed(2)).toBe(
            await balanceOf(t, manager, '2101', asAt),
          );
        },
      ),
      {
        numRuns: 10,
        // One worked sequence always runs: order, receive half, invoice it, pay half of it.
        examples: [
          [
            [
              {
                kind: 'order',
                supplier: 0,
                day: 10,
                lines: [{ item: 0, quantity: 40, cents: 6_500_000, vat: true }],
              },
              { kind: 'receive', pick: 0, share: 50 },
              { kind: 'invoice', pick: 0, extra: 0, cents: 0 },
              { kind: 'pay', pick: 0, share: 50, approve: true },
            ],
            200,
          ],
        ],
      },
    );
  }, 600_000);
});
