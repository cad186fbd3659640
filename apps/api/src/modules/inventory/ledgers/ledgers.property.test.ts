import type { Item, Store } from '@ushirika/contracts';
import { D as Decimal, dec } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestApp } from '../../../../test/harness.ts';
import {
  directGrn,
  issue,
  makeItem,
  mappedBalance,
  receiveAll,
  type StoresWorld,
  startStoresWorld,
  stockValue,
  transfer,
} from '../../../../test/inventory.ts';
import { queryRows } from '../../../db/rows.ts';

let t: TestApp;
let w: StoresWorld;
let items: Item[];
let stores: Store[];

beforeAll(async () => {
  ({ t, w } = await startStoresWorld());
  items = [
    w.urea,
    await makeItem(t, w.admin.access, { name: 'CAN 50kg' }),
    await makeItem(t, w.admin.access, { name: 'Copper', unit: 'litre' }),
  ];
  stores = [w.unionStore, w.unionStore2, w.societyA.store];
});
afterAll(() => t.close());

const op = fc.oneof(
  fc.record({
    kind: fc.constant('receive' as const),
    item: fc.nat(2),
    store: fc.nat(2),
    quantity: fc.integer({ min: 1, max: 5000 }).map((n) => (n / 10).toFixed(1)),
    cost: fc.integer({ min: 0, max: 9_000_000 }).map((n) => (n / 1000).toFixed(3)),
  }),
  fc.record({
    kind: fc.constant('issue' as const),
    item: fc.nat(2),
    store: fc.nat(2),
    quantity: fc.integer({ min: 1, max: 3000 }).map((n) => (n / 10).toFixed(1)),
  }),
  fc.record({
    kind: fc.constant('transfer' as const),
    item: fc.nat(2),
    from: fc.nat(2),
    to: fc.nat(2),
    quantity: fc.integer({ min: 1, max: 3000 }).map((n) => (n / 10).toFixed(1)),
    short: fc.integer({ min: 0, max: 3 }),
  }),
);

const kindOf = (from: Store, to: Store) =>
  from.kind === 'union' && to.kind === 'amcos'
    ? 'to_amcos'
    : from.kind === 'amcos'
      ? 'from_amcos'
      : 'to_store';

/** The ledger agrees with itself: every balance is the sum of its movements and its last movement's balance. */
async function ledgerConsistent() {
  const rows = await queryRows(
    t.db,
    z.object({ bad: z.number() }),
    sql`select count(*)::int as bad from stock_balances b
        left join lateral (select sum(quantity) q, sum(value) v from stock_movements m
          where m.item_id = b.item_id and m.store_id = b.store_id) s on true
        left join lateral (select balance_quantity bq, balance_value bv from stock_movements m
          where m.item_id = b.item_id and m.store_id = b.store_id order by seq desc limit 1) l on true
        where s.q <> b.quantity or s.v <> b.value or l.bq <> b.quantity or l.bv <> b.value or b.quantity < 0`,
  );
  return rows[0]?.bad ?? -1;
}

describe('stock property', () => {
  it('random receipts, issues and transfers keep stock >= 0 and the inventory account = stock value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 14 }), async (ops) => {
        for (const o of ops) {
          const item = items[o.item] as Item;
          if (o.kind === 'receive') {
            const store = stores[o.store] as Store;
            const r = await directGrn(t, w.keeper.access, store.id, [
              { itemId: item.id, quantity: o.quantity, unitCost: o.cost },
            ]);
            expect(r.status).toBe(201);
          } else if (o.kind === 'issue') {
            const store = stores[o.store] as Store;
            const r = await issue(t, w.keeper.access, store.id, [{ itemId: item.id, quantity: o.quantity }]);
            expect([201, 409]).toContain(r.status);
          } else {
            const from = stores[o.from] as Store;
            const to = stores[o.to] as Store;
            if (from.id === to.id) continue;
            const r = await transfer(t, w.keeper.access, kindOf(from, to), from.id, to.id, [
              { itemId: item.id, quantity: o.quantity },
            ]);
            expect([201, 409]).toContain(r.status);
            if (r.status === 201) {
              // Counted by someone else: the AMCOS manager at their store, the second keeper at a union one.
              const counter = to.kind === 'amcos' ? w.societyA.manager : w.keeper2;
              const received = Decimal.max(0, dec(o.quantity).minus(dec(o.short).div(10))).toFixed(1);
              const line = r.body.data.lines[0];
              const short = dec(received).lt(dec(o.quantity));
              const done = await receiveAll(t, counter.access, r.body.data, {
                [line?.lineNo ?? 1]: [received, short ? 'Spilled' : undefined],
              });
              expect(done.status).toBe(200);
            }
          }
          expect(await mappedBalance(t, 'inventory')).toBe((await stockValue(t)).total);
        }
        expect(await ledgerConsistent()).toBe(0);
        const [negative] = await queryRows(
          t.db,
          z.object({ n: z.number() }),
          sql`select count(*)::int as n from stock_balances where quantity < 0 or value < 0`,
        );
        expect(negative?.n).toBe(0);
      }),
      { numRuns: 6 },
    );
    // The control-accounts report says the same: inventory account = stores + in transit.
    const report = await t.request<{
      data: { checks: { key: string; difference: string; subledgerBalance: string }[] };
    }>('GET', '/reports/control-accounts', { token: w.admin.access });
    expect(report.status).toBe(200);
    const check = report.body.data.checks.find((c) => c.key === 'inventory');
    expect(check).toMatchObject({ difference: '0.00', subledgerBalance: (await stockValue(t)).total });
  });
});
