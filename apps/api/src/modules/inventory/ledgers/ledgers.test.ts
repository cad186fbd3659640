import type { Paged, QuantityByStoreReply, StockMovement, StoreLedgerReply } from '@ushirika/contracts';
import { todayInTanzania, yearInTanzania } from '@ushirika/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.ts';
import {
  directGrn,
  issue,
  makeItem,
  receiveAll,
  type StoresWorld,
  startStoresWorld,
  transfer,
} from '../../../../test/inventory.ts';

let t: TestApp;
let w: StoresWorld;
let itemId: string;
const year = yearInTanzania();

beforeAll(async () => {
  ({ t, w } = await startStoresWorld());
  const item = await makeItem(t, w.admin.access, { name: 'Ledger urea' });
  itemId = item.id;
  // Feb: 100 x 65,000 = 6,500,000; Mar: 50 x 68,000 = 3,400,000 (avg 66,000); today: issue 30 = 1,980,000,
  // send 20 to society A (1,320,000), which counts 20 in and issues 5 (330,000).
  await directGrn(t, w.keeper.access, w.unionStore.id, [{ itemId, quantity: '100', unitCost: '65000' }], {
    receivedOn: `${year}-02-10`,
  });
  await directGrn(t, w.keeper.access, w.unionStore.id, [{ itemId, quantity: '50', unitCost: '68000' }], {
    receivedOn: `${year}-03-10`,
  });
  await issue(t, w.keeper.access, w.unionStore.id, [{ itemId, quantity: '30' }]);
  const sent = await transfer(t, w.keeper.access, 'to_amcos', w.unionStore.id, w.societyA.store.id, [
    { itemId, quantity: '20' },
  ]);
  await receiveAll(t, w.societyA.manager.access, sent.body.data);
  await issue(t, w.societyA.manager.access, w.societyA.store.id, [{ itemId, quantity: '5' }]);
  await directGrn(t, w.societyB.manager.access, w.societyB.store.id, [
    { itemId, quantity: '7', unitCost: '60000' },
  ]);
});
afterAll(() => t.close());

describe('stock ledger', () => {
  it('lists an item’s movements newest first with the running quantity, average cost and value', async () => {
    const r = await t.request<Paged<StockMovement>>(
      'GET',
      `/inventory/ledgers?item_id=${itemId}&store_id=${w.unionStore.id}`,
      { token: w.keeper.access },
    );
    expect(r.body.meta.total).toBe(4);
    expect(
      r.body.data.map((m) => [
        m.kind,
        m.quantity,
        m.value,
        m.balanceQuantity,
        m.balanceAvgCost,
        m.balanceValue,
      ]),
    ).toEqual([
      ['transfer_out', '-20.000', '-1320000.00', '100.000', '66000.000000', '6600000.00'],
      ['issue', '-30.000', '-1980000.00', '120.000', '66000.000000', '7920000.00'],
      ['receipt', '50.000', '3400000.00', '150.000', '66000.000000', '9900000.00'],
      ['receipt', '100.000', '6500000.00', '100.000', '65000.000000', '6500000.00'],
    ]);
    expect(r.body.data[0]?.sourceNo).toMatch(/^TRF-/);
  });

  it('reads in date order, then entry order, with the balance after each row in that order', async () => {
    const late = await makeItem(t, w.admin.access, { name: 'Ledger sulphur written up late' });
    // Entered first: today 100 x 1,000 = 100,000. Entered second, dated 5 January: 50 x 1,300 =
    // 65,000. Then today 30 issued at the average of 165,000 / 150 = 1,100: 33,000.
    await directGrn(t, w.keeper.access, w.unionStore.id, [
      { itemId: late.id, quantity: '100', unitCost: '1000' },
    ]);
    await directGrn(
      t,
      w.keeper.access,
      w.unionStore.id,
      [{ itemId: late.id, quantity: '50', unitCost: '1300' }],
      {
        receivedOn: `${year}-01-05`,
      },
    );
    await issue(t, w.keeper.access, w.unionStore.id, [{ itemId: late.id, quantity: '30' }]);
    const r = await t.request<Paged<StockMovement>>('GET', `/inventory/ledgers?item_id=${late.id}`, {
      token: w.keeper.access,
    });
    expect(
      r.body.data.map((m) => [
        m.movementDate,
        m.kind,
        m.quantity,
        m.balanceQuantity,
        m.balanceAvgCost,
        m.balanceValue,
      ]),
    ).toEqual([
      [todayInTanzania(), 'issue', '-30.000', '120.000', '1100.000000', '132000.00'],
      [todayInTanzania(), 'receipt', '100.000', '150.000', '1100.000000', '165000.00'],
      [`${year}-01-05`, 'receipt', '50.000', '50.000', '1300.000000', '65000.00'],
    ]);
  });

  it('an AMCOS user reads their own stores’ movements only, whatever filter they send', async () => {
    const own = await t.request<Paged<StockMovement>>('GET', `/inventory/ledgers?item_id=${itemId}`, {
      token: w.societyA.clerk.access,
    });
    expect(own.body.data.map((m) => [m.kind, m.balanceQuantity])).toEqual([
      ['issue', '15.000'],
      ['transfer_in', '20.000'],
    ]);
    const sneaky = await t.request<Paged<StockMovement>>(
      'GET',
      `/inventory/ledgers?store_id=${w.societyB.store.id}`,
      {
        token: w.societyA.clerk.access,
      },
    );
    expect(sneaky.body.data).toEqual([]);
    const xlsx = await t.request('GET', `/inventory/ledgers?item_id=${itemId}&format=xlsx`, {
      token: w.keeper.access,
    });
    expect(xlsx.headers.get('content-disposition')).toMatch(/STOCK_LEDGER_\d{4}-\d{2}-\d{2}\.xlsx/);
  });
});

describe('inventory reports', () => {
  it('quantity by store: every store’s stock with value; AMCOS scope; as at a date', async () => {
    const all = await t.request<QuantityByStoreReply>(
      'GET',
      `/reports/inventory/quantity-by-store?item_id=${itemId}`,
      {
        token: w.keeper.access,
      },
    );
    expect(all.body.data.map((r) => [r.storeName, r.quantity, r.value])).toEqual([
      [w.unionStore.name, '100.000', '6600000.00'],
      ...[
        [w.societyA.store.name, '15.000', '990000.00'],
        [w.societyB.store.name, '7.000', '420000.00'],
      ].sort((a, b) => (a[0] as string).localeCompare(b[0] as string)),
    ]);
    const amcos = await t.request<QuantityByStoreReply>(
      'GET',
      `/reports/inventory/quantity-by-store?item_id=${itemId}&scope=amcos`,
      { token: w.keeper.access },
    );
    expect(amcos.body.data).toHaveLength(2);
    const march = await t.request<QuantityByStoreReply>(
      'GET',
      `/reports/inventory/quantity-by-store?item_id=${itemId}&to=${year}-03-31`,
      { token: w.keeper.access },
    );
    expect(march.body.data.map((r) => [r.quantity, r.avgCost, r.value])).toEqual([
      ['150.000', '66000.000000', '9900000.00'],
    ]);
    const mine = await t.request<QuantityByStoreReply>(
      'GET',
      `/reports/inventory/quantity-by-store?item_id=${itemId}`,
      {
        token: w.societyA.clerk.access,
      },
    );
    expect(mine.body.data.map((r) => r.storeName)).toEqual([w.societyA.store.name]);
  });

  it('store ledger: opening, in, out and closing over a range', async () => {
    const r = await t.request<StoreLedgerReply>(
      'GET',
      `/reports/inventory/store-ledger?item_id=${itemId}&scope=union&from=${year}-03-01&to=${todayInTanzania()}`,
      { token: w.keeper.access },
    );
    expect(r.body.data).toEqual([
      expect.objectContaining({
        storeName: w.unionStore.name,
        openingQuantity: '100.000',
        openingValue: '6500000.00',
        inQuantity: '50.000',
        inValue: '3400000.00',
        outQuantity: '50.000',
        outValue: '3300000.00',
        closingQuantity: '100.000',
        closingValue: '6600000.00',
      }),
    ]);
    const amcos = await t.request<StoreLedgerReply>(
      'GET',
      `/reports/inventory/store-ledger?item_id=${itemId}&scope=amcos`,
      { token: w.societyA.manager.access },
    );
    expect(amcos.body.data.map((x) => [x.storeName, x.inValue, x.outValue, x.closingValue])).toEqual([
      [w.societyA.store.name, '1320000.00', '330000.00', '990000.00'],
    ]);
  });

  it('every report exports to xlsx and PDF', async () => {
    for (const path of ['quantity-by-store', 'store-ledger']) {
      for (const format of ['xlsx', 'pdf']) {
        const r = await t.request('GET', `/reports/inventory/${path}?format=${format}&scope=amcos`, {
          token: w.keeper.access,
        });
        expect(r.status).toBe(200);
        expect(r.headers.get('content-type')).toMatch(format === 'pdf' ? /pdf/ : /spreadsheet/);
        expect(r.raw.byteLength).toBeGreaterThan(500);
      }
    }
  });
});
