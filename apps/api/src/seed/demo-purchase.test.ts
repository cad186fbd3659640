import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startDemoUnion } from '../../test/demo.ts';
import type { TestApp } from '../../test/harness.ts';
import { queryRows } from '../db/rows.ts';
import { loadDemoPurchase } from './demo-purchase.ts';
import { loadDemoStores } from './demo-stores.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startDemoUnion();
});
afterAll(() => t.close());

describe('demo purchasing', () => {
  it('loads suppliers, two approved orders (one received, one partly), a matched invoice paid, one waiting; a second run changes nothing', async () => {
    const stores = await loadDemoStores(t.db);
    const first = await loadDemoPurchase(t.db, stores);
    expect(first).toEqual({ skipped: false, suppliers: 3, orders: 3, invoices: 2, payments: 1 });
    const orders = await queryRows(
      t.db,
      z.object({ status: z.string(), total: z.string() }),
      sql`select status, total::text from purchase_orders order by order_date, order_no`,
    );
    // 200 x 61,500 + 100 x 70,000 = 19,300,000 + 18% VAT 3,474,000 = 22,774,000.00
    expect(orders.map((o) => o.status)).toEqual(['received', 'partly_received', 'submitted']);
    expect(orders[0]?.total).toBe('22774000.00');
    const invoices = await queryRows(
      t.db,
      z.object({ status: z.string(), total: z.string(), paid: z.string() }),
      sql`select status, total::text, paid_amount::text as paid from purchase_invoices order by invoice_date`,
    );
    // 200 x 38,000 = 7,600,000 + VAT 1,368,000 = 8,968,000.00, 500 a bag above the order.
    expect(invoices).toEqual([
      { status: 'paid', total: '22774000.00', paid: '22774000.00' },
      { status: 'awaiting_approval', total: '8968000.00', paid: '0.00' },
    ]);
    expect((await loadDemoPurchase(t.db, stores)).skipped).toBe(true);
  });
});
