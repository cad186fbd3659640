import { yearInTanzania } from '@ushirika/domain';
import { afterAll, beforeAll } from 'vitest';
import { makeAmcos, type Session, sessionAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { accountId } from '../accounts/testing.ts';
import { makeItem, type OrderReply } from './testing.ts';

/**
 * The purchasing API tests' shared set-up: one app per test file, a procurement officer (orders,
 * invoices), a finance manager (approvals), an accountant (payments), an AMCOS manager (refused
 * everywhere), the Operation bank and two items. Exported bindings are live: read them in tests.
 */
export let t: TestApp;
export let buyer: Session;
export let manager: Session;
export let accountant: Session;
export let amcosUser: Session;
export let bank: string;
export let urea: { id: string };
export let sprayer: { id: string };

export function usePurchaseScenario() {
  beforeAll(async () => {
    t = await startTestApp();
    [buyer, manager, accountant] = await Promise.all([
      sessionAs(t, 'Procurement Officer'),
      sessionAs(t, 'Finance Manager'),
      sessionAs(t, 'Accountant'),
    ]);
    amcosUser = await sessionAs(t, 'AMCOS Manager', { amcosId: (await makeAmcos(t)).id });
    bank = await accountId(t, 'operation', '1101');
    urea = await makeItem(t, 'Urea 50 kg');
    sprayer = await makeItem(t, 'Knapsack sprayer', 'piece');
  });
  afterAll(() => t.close());
}

export type Invoice = {
  id: string;
  invoiceNo: string;
  status: string;
  mismatch: boolean;
  subtotal: string;
  vatTotal: string;
  total: string;
  paidAmount: string;
  balance: string;
  journalEntryId: string | null;
  lines: { withinTolerance: boolean; priceDifference: string; quantityDifference: string }[];
};
export type Payment = { id: string; paymentNo: string; status: string; amount: string };

export const YEAR = yearInTanzania();
export const D = (md: string) => `${YEAR}-${md}`;

/** 100 bags of urea x 65,000 with VAT and 10 sprayers x 85,000.50 without. */
export const ureaAndSprayers = (supplierId: string, orderDate = D('03-01')) => ({
  supplierId,
  orderDate,
  lines: [
    { itemId: urea.id, quantity: '100', unitPrice: '65000', vat: true },
    { itemId: sprayer.id, quantity: '10', unitPrice: '85000.50', vat: false },
  ],
});
export const line = (o: OrderReply, n: number) => {
  const l = o.lines.find((x) => x.lineNo === n);
  if (!l) throw new Error(`no line ${n}`);
  return l;
};
export const invoice = (body: Record<string, unknown>, s = buyer) =>
  t.request<{ message: string; data: Invoice; errors?: Record<string, string[]> }>(
    'POST',
    '/purchase/invoices',
    {
      token: s.access,
      body,
    },
  );
