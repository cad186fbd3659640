import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startDemoUnion } from '../../test/demo.ts';
import type { TestApp } from '../../test/harness.ts';
import { mappedBalance, stockValue } from '../../test/inventory.ts';
import { queryRows } from '../db/rows.ts';
import { loadDemoStores } from './demo-stores.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startDemoUnion();
});
afterAll(() => t.close());

describe('demo stores', () => {
  it('loads stores, items, a GRN, transfers to two AMCOS stores (one short), one in transit and issues; a second run changes nothing', async () => {
    const first = await loadDemoStores(t.db);
    expect(first).toMatchObject({ skipped: false, stores: 5, items: 7, grns: 1, transfers: 3, issues: 2 });
    const [counts] = await queryRows(
      t.db,
      z.object({ in_transit: z.number(), received: z.number(), short: z.number() }),
      sql`select count(*) filter (where status = 'in_transit')::int as in_transit,
                 count(*) filter (where status = 'received')::int as received,
                 count(*) filter (where variance_value < 0)::int as short from stock_transfers`,
    );
    expect(counts).toEqual({ in_transit: 1, received: 2, short: 1 });
    // GRN 81,850,000.00; the 5 torn gunny bags (5 x 1,800 = 9,000.00) and the issues left the account.
    const value = await stockValue(t);
    expect(await mappedBalance(t, 'inventory')).toBe(value.total);
    expect(value.transit).toBe('4290000.00'); // 60 bags of NPK x 71,500
    const second = await loadDemoStores(t.db);
    expect(second.skipped).toBe(true);
  });
});
