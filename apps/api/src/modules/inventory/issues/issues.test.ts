import type { Paged, StockIssue, StockIssueDetail } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useStarted } from '../../../../test/harness.ts';
import {
  balanceOf,
  directGrn,
  issue,
  makeItem,
  mappedBalance,
  startStoresWorld,
  stockValue,
} from '../../../../test/inventory.ts';
import { queryRows } from '../../../db/rows.ts';

const ctx = useStarted(startStoresWorld);

describe('stock issues', () => {
  it('issues at the weighted average cost and posts Dr inputs issued / Cr inventory', async () => {
    const item = await makeItem(ctx.t, ctx.w.admin.access, { name: 'Urea for issue' });
    // 100 x 65,000 + 50 x 68,000 = 9,900,000 for 150 bags: average 66,000
    await directGrn(ctx.t, ctx.w.keeper.access, ctx.w.unionStore.id, [
      { itemId: item.id, quantity: '100', unitCost: '65000' },
    ]);
    await directGrn(ctx.t, ctx.w.keeper.access, ctx.w.unionStore.id, [
      { itemId: item.id, quantity: '50', unitCost: '68000' },
    ]);
    const expenseBefore = await mappedBalance(ctx.t, 'inputs_issued_expense');
    // 30 bags x 66,000 = 1,980,000.00
    const r = await issue(ctx.t, ctx.w.keeper.access, ctx.w.unionStore.id, [
      { itemId: item.id, quantity: '30' },
    ]);
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ purpose: 'union_use', totalValue: '1980000.00' });
    expect(r.body.data.issueNo).toMatch(/^ISS-\d{4}-\d{6}$/);
    expect(r.body.data.lines[0]).toMatchObject({
      quantity: '30.000',
      unitCost: '66000.000000',
      value: '1980000.00',
    });
    expect(
      dec(await mappedBalance(ctx.t, 'inputs_issued_expense'))
        .minus(expenseBefore)
        .toFixed(2),
    ).toBe('1980000.00');
    expect(await balanceOf(ctx.t, item.id, ctx.w.unionStore.id)).toEqual({
      quantity: '120.000',
      value: '7920000.00',
      avg_cost: '66000.000000',
    });
  });

  it('the last unit out takes exactly what is left, so no cent stays without stock', async () => {
    const item = await makeItem(ctx.t, ctx.w.admin.access, { name: 'Thirds' });
    // 3 x 10.00 = 30.00 then 3 x 10.01 = 30.03: 6 units worth 60.03, average 10.005
    await directGrn(ctx.t, ctx.w.keeper.access, ctx.w.unionStore.id, [
      { itemId: item.id, quantity: '3', unitCost: '10' },
    ]);
    await directGrn(ctx.t, ctx.w.keeper.access, ctx.w.unionStore.id, [
      { itemId: item.id, quantity: '3', unitCost: '10.01' },
    ]);
    // 60.03 x 1/6 = 10.005 -> 10.01 (half-up); then 60.03 - 10.01 = 50.02 for 5 left
    const one = await issue(ctx.t, ctx.w.keeper.access, ctx.w.unionStore.id, [
      { itemId: item.id, quantity: '1' },
    ]);
    expect(one.body.data.totalValue).toBe('10.01');
    const rest = await issue(ctx.t, ctx.w.keeper.access, ctx.w.unionStore.id, [
      { itemId: item.id, quantity: '5' },
    ]);
    expect(rest.body.data.totalValue).toBe('50.02');
    expect(await balanceOf(ctx.t, item.id, ctx.w.unionStore.id)).toMatchObject({
      quantity: '0.000',
      value: '0.00',
    });
  });

  it('refuses more than the store holds, naming the item and what is there, and writes nothing', async () => {
    const item = await makeItem(ctx.t, ctx.w.admin.access, { name: 'Sprayer', unit: 'piece' });
    await directGrn(ctx.t, ctx.w.keeper.access, ctx.w.unionStore.id, [
      { itemId: item.id, quantity: '4', unitCost: '120000' },
    ]);
    const before = await stockValue(ctx.t);
    const r = await issue(ctx.t, ctx.w.keeper.access, ctx.w.unionStore.id, [
      { itemId: item.id, quantity: '1' },
      { itemId: item.id, quantity: '4' },
    ]);
    // The first line fits; the second finds 3 left: the whole issue is refused, the first undone.
    expect(r.status).toBe(409);
    expect((r.body as unknown as { message: string }).message).toBe(
      `Not enough Sprayer in ${ctx.w.unionStore.name}: 3 piece in store, 4 asked`,
    );
    expect(await balanceOf(ctx.t, item.id, ctx.w.unionStore.id)).toMatchObject({
      quantity: '4.000',
      value: '480000.00',
    });
    expect(await stockValue(ctx.t)).toEqual(before);
    const zero = await issue(ctx.t, ctx.w.keeper.access, ctx.w.unionStore.id, [
      { itemId: item.id, quantity: '0' },
    ]);
    expect(zero.status).toBe(400);
    const unknown = await issue(ctx.t, ctx.w.keeper.access, ctx.w.unionStore.id, [
      { itemId: '00000000-0000-7000-8000-000000000001', quantity: '1' },
    ]);
    expect(unknown.status).toBe(400);
    const noAmcos = await issue(
      ctx.t,
      ctx.w.keeper.access,
      ctx.w.unionStore.id,
      [{ itemId: item.id, quantity: '1' }],
      {
        purpose: 'amcos',
      },
    );
    expect(noAmcos.status).toBe(400);
  });

  it('two clerks issuing the last 10 bags at once: one wins, the other gets a 409, nothing half-written', async () => {
    const item = await makeItem(ctx.t, ctx.w.admin.access, { name: 'Last bags' });
    await directGrn(ctx.t, ctx.w.keeper.access, ctx.w.unionStore.id, [
      { itemId: item.id, quantity: '10', unitCost: '50000' },
    ]);
    const [a, b] = await Promise.all([
      issue(ctx.t, ctx.w.keeper.access, ctx.w.unionStore.id, [{ itemId: item.id, quantity: '10' }]),
      issue(ctx.t, ctx.w.keeper2.access, ctx.w.unionStore.id, [{ itemId: item.id, quantity: '10' }]),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    expect((loser.body as unknown as { message: string }).message).toMatch(
      /Not enough Last bags .*: 0 bag in store, 10 asked/,
    );
    expect(await balanceOf(ctx.t, item.id, ctx.w.unionStore.id)).toMatchObject({
      quantity: '0.000',
      value: '0.00',
    });
    const issued = await queryRows(
      ctx.t.db,
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from stock_issue_lines where item_id = ${item.id}`,
    );
    expect(issued[0]?.n).toBe(1);
    const moves = await queryRows(
      ctx.t.db,
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from stock_movements where item_id = ${item.id} and kind = 'issue'`,
    );
    expect(moves[0]?.n).toBe(1);
    expect(await mappedBalance(ctx.t, 'inventory')).toBe((await stockValue(ctx.t)).total);
  });

  it('the database refuses negative stock even when the code is bypassed', async () => {
    const item = await makeItem(ctx.t, ctx.w.admin.access, { name: 'Guarded' });
    await directGrn(ctx.t, ctx.w.keeper.access, ctx.w.unionStore.id, [
      { itemId: item.id, quantity: '2', unitCost: '1' },
    ]);
    await expect(
      ctx.t.db.execute(sql`update stock_balances set quantity = quantity - 3 where item_id = ${item.id}`),
    ).rejects.toThrow();
  });
});

describe('issue tenancy', () => {
  it('an AMCOS manager issues from their own store only and lists their own issues', async () => {
    await directGrn(ctx.t, ctx.w.societyA.manager.access, ctx.w.societyA.store.id, [
      { itemId: ctx.w.urea.id, quantity: '20', unitCost: '60000' },
    ]);
    await directGrn(ctx.t, ctx.w.societyB.manager.access, ctx.w.societyB.store.id, [
      { itemId: ctx.w.urea.id, quantity: '20', unitCost: '60000' },
    ]);
    const own = await issue(
      ctx.t,
      ctx.w.societyA.manager.access,
      ctx.w.societyA.store.id,
      [{ itemId: ctx.w.urea.id, quantity: '2' }],
      {
        purpose: 'amcos',
        toAmcosId: ctx.w.societyA.id,
        issuedTo: 'Society office',
      },
    );
    expect(own.status).toBe(201);
    const toOther = await issue(
      ctx.t,
      ctx.w.societyA.manager.access,
      ctx.w.societyA.store.id,
      [{ itemId: ctx.w.urea.id, quantity: '2' }],
      { purpose: 'amcos', toAmcosId: ctx.w.societyB.id },
    );
    expect(toOther.status).toBe(400);
    const other = await issue(ctx.t, ctx.w.societyA.manager.access, ctx.w.societyB.store.id, [
      { itemId: ctx.w.urea.id, quantity: '2' },
    ]);
    expect(other.status).toBe(403);
    const bIssue = await issue(ctx.t, ctx.w.societyB.manager.access, ctx.w.societyB.store.id, [
      { itemId: ctx.w.urea.id, quantity: '1' },
    ]);
    const list = await ctx.t.request<Paged<StockIssue>>('GET', '/inventory/issues', {
      token: ctx.w.societyA.clerk.access,
    });
    expect(list.body.data.map((i) => i.id)).toEqual([own.body.data.id]);
    const peek = await ctx.t.request<{ data: StockIssueDetail }>(
      'GET',
      `/inventory/issues/${bIssue.body.data.id}`,
      {
        token: ctx.w.societyA.clerk.access,
      },
    );
    expect(peek.status).toBe(403);
    const clerk = await issue(ctx.t, ctx.w.societyA.clerk.access, ctx.w.societyA.store.id, [
      { itemId: ctx.w.urea.id, quantity: '1' },
    ]);
    expect(clerk.status).toBe(403);
  });
});
