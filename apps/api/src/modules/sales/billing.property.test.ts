import { dec, sum, yearInTanzania } from '@ushirika/domain';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { makeBuyer } from '../../../test/sales-lots.ts';
import { accountId } from '../accounts/testing.ts';
import { addDays } from './invoices/issue-invoice.ts';
import { salesInvoiceLines, salesInvoices } from './invoices/schema.ts';

let t: TestApp;
let officer: Session;
let bank: string;
const buyers: string[] = [];
const YEAR = yearInTanzania();
const START = `${YEAR}-02-01`;
const END = `${YEAR}-12-31`;

beforeAll(async () => {
  t = await startTestApp();
  officer = await sessionAs(t, 'Administrator');
  bank = await accountId(t, 'collection', '1101');
  for (let i = 0; i < 3; i++) buyers.push((await makeBuyer(t.db, `Property buyer ${i}`)).id);
});
afterAll(() => t.close());

type Action =
  | { kind: 'invoice'; buyer: number; day: number; lines: { kg: string; price: string }[] }
  | { kind: 'receipt'; buyer: number; day: number; amount: string; explicit: boolean }
  | { kind: 'cancel'; pick: number }
  | { kind: 'allocate'; pick: number };

const kg = fc.integer({ min: 1, max: 5_000_000 }).map((n) => (n / 1000).toFixed(3));
const price = fc.integer({ min: 0, max: 500_000 }).map((n) => (n / 100).toFixed(2));
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('invoice' as const),
    buyer: fc.integer({ min: 0, max: 2 }),
    day: fc.integer({ min: 0, max: 200 }),
    lines: fc.array(fc.record({ kg, price }), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({
    kind: fc.constant('receipt' as const),
    buyer: fc.integer({ min: 0, max: 2 }),
    day: fc.integer({ min: 0, max: 200 }),
    amount: fc.integer({ min: 1, max: 2_000_000_000 }).map((n) => (n / 100).toFixed(2)),
    explicit: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('allocate' as const), pick: fc.nat() }),
);

const invoiceIds: string[] = [];
const receiptIds: string[] = [];

async function run(a: Action): Promise<void> {
  const token = officer.access;
  if (a.kind === 'invoice') {
    const r = await t.request<{ data: { id: string } }>('POST', '/sales/invoices', {
      token,
      body: {
        buyerId: buyers[a.buyer],
        invoiceDate: addDays(START, a.day),
        lines: a.lines.map((l, i) => ({ description: `Line ${i}`, kg: l.kg, pricePerKg: l.price })),
      },
    });
    // A zero total (every price 0) is refused; anything else is issued.
    if (r.status === 201) invoiceIds.push(r.body.data.id);
    else expect(r.status).toBe(400);
  } else if (a.kind === 'receipt') {
    let allocations: { invoiceId: string; amount: string }[] | undefined;
    if (a.explicit) {
      // Pays half of the buyer's newest open invoice, when there is one.
      const open = await t.request<{ data: { id: string; balance: string }[] }>(
        'GET',
        `/sales/invoices?buyer_id=${buyers[a.buyer]}&open=true&sort=invoiceDate:desc`,
        { token },
      );
      const first = open.body.data[0];
      allocations = first
        ? [{ invoiceId: first.id, amount: dec(first.balance).div(2).toDecimalPlaces(2).toFixed(2) }]
        : [];
      if (first && dec(allocations[0]?.amount ?? '0').gt(dec(a.amount))) allocations = [];
    }
    const r = await t.request<{ data: { id: string } }>('POST', '/sales/receipts', {
      token,
      body: {
        buyerId: buyers[a.buyer],
        receiptDate: addDays(START, a.day),
        bankAccountId: bank,
        amount: a.amount,
        ...(allocations ? { allocations } : {}),
      },
    });
    expect(r.status).toBe(201);
    receiptIds.push(r.body.data.id);
  } else if (a.kind === 'cancel') {
    const id = invoiceIds[a.pick % Math.max(invoiceIds.length, 1)];
    if (!id) return;
    const r = await t.request('PATCH', `/sales/invoices/${id}/cancel`, {
      token,
      body: { reason: 'Property test' },
    });
    expect([200, 409]).toContain(r.status);
  } else {
    const id = receiptIds[a.pick % Math.max(receiptIds.length, 1)];
    if (!id) return;
    const r = await t.request('POST', `/sales/receipts/${id}/allocate`, { token, body: {} });
    expect([200, 400]).toContain(r.status);
  }
}

async function receivable(asAt: string): Promise<string> {
  const r = await t.request<{
    data: { rows: { code: string; closingDebit: string; closingCredit: string }[] };
  }>('GET', `/reports/trial-balance?book=collection&as_at=${asAt}`, { token: officer.access });
  const row = r.body.data.rows.find((x) => x.code === '1201');
  return row ? dec(row.closingDebit).minus(dec(row.closingCredit)).toFixed(2) : '0.00';
}

describe('receivable control account = open invoice balances - buyer credits', () => {
  it('holds after random invoices, receipts, allocations and cancels, as at any date', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 330 }),
        async (actions, asAtDay) => {
          for (const a of actions) await run(a);
          // Now: the buyers' open balances minus their credits.
          const list = await t.request<{ data: { balance: string; credit: string }[] }>(
            'GET',
            '/sales/buyers?per_page=200',
            {
              token: officer.access,
            },
          );
          const openMinusCredit = sum(list.body.data.map((b) => dec(b.balance).minus(dec(b.credit)))).toFixed(
            2,
          );
          expect(openMinusCredit).toBe(await receivable(END));
          // As at a random date: the aged report's total.
          const asAt = addDays(START, asAtDay - 30);
          const aged = await t.request<{ data: { totals: { balance: string } } }>(
            'GET',
            `/reports/buyer/aged-summary?as_at=${asAt}`,
            { token: officer.access },
          );
          expect(aged.body.data.totals.balance).toBe(await receivable(asAt));
        },
      ),
      { numRuns: 12 },
    );
  }, 300_000);

  it('every invoice total is the sum of its lines, and goods + levies', async () => {
    if (invoiceIds.length === 0) return;
    const heads = await t.db.select().from(salesInvoices).where(inArray(salesInvoices.id, invoiceIds));
    for (const h of heads) {
      const lines = await t.db
        .select({
          amount: salesInvoiceLines.amount,
          kg: salesInvoiceLines.kg,
          price: salesInvoiceLines.pricePerKg,
        })
        .from(salesInvoiceLines)
        .where(eq(salesInvoiceLines.invoiceId, h.id));
      expect(sum(lines.map((l) => l.amount)).toFixed(2)).toBe(h.total);
      expect(dec(h.subtotal).plus(dec(h.leviesTotal)).toFixed(2)).toBe(h.total);
      for (const l of lines) {
        if (l.kg && l.price)
          expect(dec(l.kg).times(dec(l.price)).toDecimalPlaces(2).toFixed(2)).toBe(l.amount);
      }
    }
  });
});
