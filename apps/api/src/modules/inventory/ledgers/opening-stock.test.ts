import type { Paged, StockMovement } from '@ushirika/contracts';
import { dec, sum } from '@ushirika/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, sessionAs, type TestApp } from '../../../../test/harness.ts';
import { issue, makeItem, type StoresWorld, startStoresWorld } from '../../../../test/inventory.ts';
import { csvSheet, goLiveOn, makeOpeningAccount, sendOpening } from '../../accounts/opening/testing.ts';
import { THIS_YEAR } from '../../accounts/testing.ts';

const Y = THIS_YEAR;
const HEADER = 'store_code,item_code,quantity,value';
type Preview = { data: { rows: { row: number; fate: string; detail: string | null }[]; totalDebit: string } };
type Imported = { data: { id: string; rows: number; total: string; entryId: string | null } };
type Check = {
  data: { agreed: boolean; checks: { key: string; subledgerBalance: string; difference: string }[] };
};

let t: TestApp;
let w: StoresWorld;
let accountant: Session;
let items: { id: string; code: string }[];
let stockRows: string[];
let total: string;

const check = async () =>
  (await t.request<Check>('GET', '/accounts/opening/books/operation/check', { token: accountant.access }))
    .body.data;
const reverse = (id: string) =>
  t.request<{ message: string }>('PATCH', `/accounts/opening/imports/${id}/reverse`, {
    token: accountant.access,
    body: { reason: 'Stock counted again' },
  });
const ledgerOf = async (itemId: string, storeId: string) =>
  (
    await t.request<Paged<StockMovement>>('GET', `/inventory/ledgers?item_id=${itemId}&store_id=${storeId}`, {
      token: w.keeper.access,
    })
  ).body.data;

beforeAll(async () => {
  ({ t, w } = await startStoresWorld());
  accountant = await sessionAs(t, 'Accountant');
  items = [];
  for (let i = 0; i < 15; i++) items.push(await makeItem(t, w.admin.access, { name: `Opening item ${i}` }));
  // 30 lines: each item in the union store and in society A's store; item i holds 10 + i units at
  // 1,000 + 100 i a unit in the union store, 2 + i units at the same cost in the society's.
  stockRows = items.flatMap((item, i) => [
    `${w.unionStore.code},${item.code},${10 + i},${(10 + i) * (1_000 + 100 * i)}`,
    `${w.societyA.store.code},${item.code},${2 + i},${(2 + i) * (1_000 + 100 * i)}`,
  ]);
  total = sum(stockRows.map((r) => r.split(',')[3] ?? '0')).toFixed(2);
  const openingAccount = await makeOpeningAccount(t, w.admin, 'operation');
  expect((await goLiveOn(t, accountant, 'operation', `${Y}-05-01`, openingAccount)).status).toBe(200);
});
afterAll(() => t.close());

describe('going live: stock on hand (#36)', () => {
  it('dry-runs each line: unknown store or item, a service, the same line twice, not a number, a value with no quantity', async () => {
    const service = await makeItem(t, w.admin.access, { name: 'Opening transport', kind: 'service' });
    const [a, b] = items;
    const r = await sendOpening<Preview>(
      t,
      accountant,
      { kind: 'stock', step: 'preview' },
      csvSheet('stock-bad.csv', HEADER, [
        `${w.unionStore.code},${a?.code},10,10000`,
        `NOPE,${a?.code},1,1`,
        `${w.unionStore.code},NOPE,1,1`,
        `${w.unionStore.code},${service.code},1,1`,
        `${w.unionStore.code.toLowerCase()},${a?.code},5,5000`,
        `${w.unionStore.code},${b?.code},ten,1`,
        `${w.unionStore2.code},${b?.code},0,5000`,
        `${w.unionStore2.code},${items[2]?.code},0,0`,
      ]),
    );
    expect(r.status).toBe(200);
    expect(r.body.data.rows.map((x) => [x.row, x.fate, x.detail])).toEqual([
      [2, 'ok', null],
      [3, 'unknown_code', 'store_code'],
      [4, 'unknown_code', 'item_code'],
      [5, 'not_stock', 'Opening transport'],
      [6, 'duplicate', '2'],
      [7, 'not_a_number', 'quantity'],
      [8, 'no_quantity', null],
      [9, 'zero', null],
    ]);
    expect(r.body.data.totalDebit).toBe('10000.00');
    const ledger = await ledgerOf(a?.id ?? '', w.unionStore.id);
    expect(ledger).toEqual([]);
  });

  it('brings 30 lines into the stores at the opening date, nothing posted; they tie to the opening trial balance', async () => {
    const sheet = csvSheet('stock.csv', HEADER, stockRows);
    const r = await sendOpening<Imported>(t, accountant, { kind: 'stock', step: 'import' }, sheet);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ rows: 30, total, entryId: null });
    expect((await sendOpening(t, accountant, { kind: 'stock', step: 'import' }, sheet)).status).toBe(409);

    const last = items[14];
    const ledger = await ledgerOf(last?.id ?? '', w.unionStore.id);
    expect(
      ledger.map((m) => [m.movementDate, m.kind, m.sourceType, m.quantity, m.value, m.balanceAvgCost]),
    ).toEqual([[`${Y}-04-30`, 'receipt', 'opening_import', '24.000', '57600.00', '2400.000000']]);
    const before = await check();
    expect(before.checks.find((c) => c.key === 'inventory')).toMatchObject({
      subledgerBalance: total,
      difference: dec(total).negated().toFixed(2),
    });

    const tb = csvSheet('operation-tb.csv', 'account_code,account_name,debit,credit', [
      `1301,Farm inputs inventory,${total},`,
      `3103,General reserve,,${total}`,
    ]);
    const posted = await sendOpening(
      t,
      accountant,
      { kind: 'trial_balance', step: 'import', book: 'operation' },
      tb,
    );
    expect(posted.status).toBe(200);
    const after = await check();
    expect(after.checks.find((c) => c.key === 'inventory')).toMatchObject({ difference: '0.00' });
    expect(after.agreed).toBe(true);
  });

  it('reverses whole (the stock leaves again), comes in again, and once stock has moved it can no longer be reversed', async () => {
    const overview = await t.request<{ data: { imports: { id: string; kind: string; status: string }[] } }>(
      'GET',
      '/accounts/opening',
      { token: accountant.access },
    );
    const stock = overview.body.data.imports.find((i) => i.kind === 'stock' && i.status === 'imported');
    if (!stock) throw new Error('no stock import');
    expect((await reverse(stock.id)).status).toBe(200);
    expect((await check()).checks.find((c) => c.key === 'inventory')).toMatchObject({
      subledgerBalance: '0.00',
    });
    const first = items[0];
    const ledger = await ledgerOf(first?.id ?? '', w.unionStore.id);
    expect(
      ledger.map((m) => [m.kind, m.sourceType, m.quantity, m.value, m.balanceQuantity, m.balanceValue]),
    ).toEqual([
      ['issue', 'opening_reversal', '-10.000', '-10000.00', '0.000', '0.00'],
      ['receipt', 'opening_import', '10.000', '10000.00', '10.000', '10000.00'],
    ]);

    const again = await sendOpening<Imported>(
      t,
      accountant,
      { kind: 'stock', step: 'import' },
      csvSheet('stock.csv', HEADER, stockRows),
    );
    expect(again.status).toBe(200);
    expect((await check()).agreed).toBe(true);
    const issued = await issue(t, w.keeper.access, w.unionStore.id, [{ itemId: first?.id, quantity: '3' }]);
    expect(issued.status).toBe(201);
    const refused = await reverse(again.body.data.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /^Opening item 0 in .+ has moved since go-live: the opening stock can no longer be reversed$/,
    );
    expect((await ledgerOf(first?.id ?? '', w.unionStore.id))[0]).toMatchObject({ balanceQuantity: '7.000' });
  });

  it('is for accountants of the union: a storekeeper and an AMCOS manager are refused', async () => {
    const sheet = csvSheet('stock-x.csv', HEADER, stockRows.slice(0, 1));
    for (const session of [w.keeper, w.societyA.manager])
      expect((await sendOpening(t, session, { kind: 'stock', step: 'preview' }, sheet)).status).toBe(403);
  });
});
