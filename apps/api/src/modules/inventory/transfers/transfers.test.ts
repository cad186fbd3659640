import type { Paged, StockTransfer, StockTransferDetail } from '@ushirika/contracts';
import { dec, todayInTanzania } from '@ushirika/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.ts';
import {
  balanceOf,
  directGrn,
  makeItem,
  mappedBalance,
  receiveAll,
  type StoresWorld,
  startStoresWorld,
  stockValue,
  transfer,
} from '../../../../test/inventory.ts';
import { waybillDocument } from './waybill-pdf.ts';

let t: TestApp;
let w: StoresWorld;

beforeAll(async () => {
  ({ t, w } = await startStoresWorld());
  // Union main store: 200 bags of urea at 66,000 = 13,200,000.00
  await directGrn(t, w.keeper.access, w.unionStore.id, [
    { itemId: w.urea.id, quantity: '200', unitCost: '66000' },
  ]);
});
afterAll(() => t.close());

const message = (r: { body: unknown }) => (r.body as { message: string }).message;

describe('transfer to an AMCOS', () => {
  it('dispatch takes the stock out into transit; the AMCOS counts it in at the dispatched cost', async () => {
    const sent = await transfer(t, w.keeper.access, 'to_amcos', w.unionStore.id, w.societyA.store.id, [
      { itemId: w.urea.id, quantity: '40' },
    ]);
    expect(sent.status).toBe(201);
    const tr = sent.body.data;
    // 40 x 66,000 = 2,640,000.00 in transit
    expect(tr).toMatchObject({
      status: 'in_transit',
      totalValue: '2640000.00',
      toAmcosName: expect.any(String),
    });
    expect(tr.transferNo).toMatch(/^TRF-\d{4}-\d{6}$/);
    expect(await balanceOf(t, w.urea.id, w.unionStore.id)).toMatchObject({
      quantity: '160.000',
      value: '10560000.00',
    });
    const transit = await t.request<Paged<StockTransfer>>('GET', '/inventory/transfers?status=in_transit', {
      token: w.societyA.clerk.access,
    });
    expect(transit.body.data.map((x) => x.id)).toContain(tr.id);
    expect((await stockValue(t)).transit).toBe('2640000.00');
    expect(await mappedBalance(t, 'inventory')).toBe((await stockValue(t)).total);

    const self = await receiveAll(t, w.keeper.access, tr);
    expect(self.status).toBe(403);
    const otherSociety = await receiveAll(t, w.societyB.manager.access, tr);
    expect(otherSociety.status).toBe(403);
    const received = await receiveAll(t, w.societyA.manager.access, tr);
    expect(received.status).toBe(200);
    expect(received.body.data).toMatchObject({
      status: 'received',
      receivedValue: '2640000.00',
      varianceValue: '0.00',
    });
    expect(await balanceOf(t, w.urea.id, w.societyA.store.id)).toEqual({
      quantity: '40.000',
      value: '2640000.00',
      avg_cost: '66000.000000',
    });
    const twice = await receiveAll(t, w.societyA.manager.access, tr);
    expect(twice.status).toBe(409);
    expect(await mappedBalance(t, 'inventory')).toBe((await stockValue(t)).total);
  });

  it('a short receipt needs a reason per line; the loss is written off Dr inputs issued / Cr inventory', async () => {
    const sent = await transfer(t, w.keeper.access, 'to_amcos', w.unionStore.id, w.societyB.store.id, [
      { itemId: w.urea.id, quantity: '30' },
    ]);
    const tr = sent.body.data;
    const noReason = await receiveAll(t, w.societyB.manager.access, tr, { 1: ['28'] });
    expect(noReason.status).toBe(400);
    expect(message(noReason)).toMatch(/Line 1: say why less arrived/);
    const over = await receiveAll(t, w.societyB.manager.access, tr, { 1: ['31'] });
    expect(over.status).toBe(400);
    const expenseBefore = await mappedBalance(t, 'inputs_issued_expense');
    // 30 bags worth 1,980,000.00 sent; 28 arrive: 28/30 of it = 1,848,000.00; 132,000.00 lost
    const short = await receiveAll(t, w.societyB.manager.access, tr, {
      1: ['28', 'Two bags torn on the road'],
    });
    expect(short.status).toBe(200);
    expect(short.body.data).toMatchObject({ receivedValue: '1848000.00', varianceValue: '-132000.00' });
    expect(short.body.data.lines[0]).toMatchObject({
      receivedQuantity: '28.000',
      varianceQuantity: '-2.000',
      varianceReason: 'Two bags torn on the road',
    });
    expect(short.body.data.journalEntryNo).toMatch(/^JV-/);
    // The history says what the header says: the variance is received less dispatched, a loss negative.
    const history = await t.request<{ data: { action: string; after: Record<string, unknown> }[] }>(
      'GET',
      `/audit/stock_transfer/${tr.id}`,
      { token: w.societyB.manager.access },
    );
    expect(history.body.data.find((e) => e.action === 'received')?.after).toMatchObject({
      receivedValue: '1848000.00',
      varianceValue: '-132000.00',
    });
    expect(
      dec(await mappedBalance(t, 'inputs_issued_expense'))
        .minus(expenseBefore)
        .toFixed(2),
    ).toBe('132000.00');
    expect(await balanceOf(t, w.urea.id, w.societyB.store.id)).toMatchObject({
      quantity: '28.000',
      value: '1848000.00',
    });
    expect(await mappedBalance(t, 'inventory')).toBe((await stockValue(t)).total);
  });
});

describe('transfer rules and tenancy', () => {
  it('from an AMCOS back to the union, by the AMCOS, counted by a union store keeper', async () => {
    const sent = await transfer(
      t,
      w.societyA.manager.access,
      'from_amcos',
      w.societyA.store.id,
      w.unionStore2.id,
      [{ itemId: w.urea.id, quantity: '5' }],
    );
    expect(sent.status).toBe(201);
    const received = await receiveAll(t, w.keeper.access, sent.body.data);
    expect(received.status).toBe(200);
    expect(await balanceOf(t, w.urea.id, w.unionStore2.id)).toMatchObject({
      quantity: '5.000',
      value: '330000.00',
    });
  });

  it('store to store between union stores; wrong kinds and other societies refused', async () => {
    const ok = await transfer(t, w.keeper.access, 'to_store', w.unionStore.id, w.unionStore2.id, [
      { itemId: w.urea.id, quantity: '1' },
    ]);
    expect(ok.status).toBe(201);
    const wrongKind = await transfer(t, w.keeper.access, 'to_amcos', w.unionStore.id, w.unionStore2.id, [
      { itemId: w.urea.id, quantity: '1' },
    ]);
    expect(wrongKind.status).toBe(400);
    expect(message(wrongKind)).toMatch(/union store to an AMCOS store/);
    const same = await transfer(t, w.keeper.access, 'to_store', w.unionStore.id, w.unionStore.id, [
      { itemId: w.urea.id, quantity: '1' },
    ]);
    expect(same.status).toBe(400);
    const fromOther = await transfer(
      t,
      w.societyA.manager.access,
      'from_amcos',
      w.societyB.store.id,
      w.unionStore.id,
      [{ itemId: w.urea.id, quantity: '1' }],
    );
    expect(fromOther.status).toBe(403);
    const toOther = await transfer(
      t,
      w.societyA.manager.access,
      'to_store',
      w.societyA.store.id,
      w.societyB.store.id,
      [{ itemId: w.urea.id, quantity: '1' }],
    );
    expect(toOther.status).toBe(400);
    const tooMuch = await transfer(t, w.keeper.access, 'to_amcos', w.unionStore.id, w.societyA.store.id, [
      { itemId: w.sulphur.id, quantity: '1' },
    ]);
    expect(tooMuch.status).toBe(409);
  });

  it('an AMCOS user sees the transfers that leave or reach their society only', async () => {
    const list = await t.request<Paged<StockTransfer>>('GET', '/inventory/transfers?per_page=100', {
      token: w.societyA.clerk.access,
    });
    expect(list.body.data.length).toBeGreaterThan(0);
    const aStore = w.societyA.store.id;
    expect(list.body.data.every((x) => x.fromStoreId === aStore || x.toStoreId === aStore)).toBe(true);
    const all = await t.request<Paged<StockTransfer>>('GET', '/inventory/transfers?per_page=100', {
      token: w.keeper.access,
    });
    const bOnly = all.body.data.find((x) => x.toStoreId === w.societyB.store.id);
    if (!bOnly) throw new Error('no transfer to B');
    const peek = await t.request<{ data: StockTransferDetail }>('GET', `/inventory/transfers/${bOnly.id}`, {
      token: w.societyA.clerk.access,
    });
    expect(peek.status).toBe(403);
    const peekPdf = await t.request('GET', `/inventory/transfers/${bOnly.id}/pdf`, {
      token: w.societyA.clerk.access,
    });
    expect(peekPdf.status).toBe(403);
    const history = await t.request('GET', `/audit/stock_transfer/${bOnly.id}`, {
      token: w.societyA.manager.access,
    });
    expect(history.status).toBe(403);
  });
});

it('a new item catalogue item can be sent once received', async () => {
  const item = await makeItem(t, w.admin.access, { name: 'Gunny bags', unit: 'piece' });
  await directGrn(t, w.keeper.access, w.unionStore.id, [
    { itemId: item.id, quantity: '1000', unitCost: '1500' },
  ]);
  const r = await transfer(t, w.keeper.access, 'to_amcos', w.unionStore.id, w.societyA.store.id, [
    { itemId: item.id, quantity: '400' },
  ]);
  expect(r.body.data.totalValue).toBe('600000.00');
});

it('prints the waybill for the driver: from and to, vehicle, driver, items and quantities, signatures', async () => {
  const item = await makeItem(t, w.admin.access, { name: 'Urea 50 kg waybill', unit: 'bag' });
  await directGrn(t, w.keeper.access, w.unionStore.id, [
    { itemId: item.id, quantity: '100', unitCost: '66000' },
  ]);
  const sent = await t.request<{ data: StockTransferDetail }>('POST', '/inventory/transfers', {
    token: w.keeper.access,
    body: {
      kind: 'to_amcos',
      fromStoreId: w.unionStore.id,
      toStoreId: w.societyA.store.id,
      dispatchedOn: todayInTanzania(),
      vehicle: 'T 123 ABC',
      driverName: 'Juma Dereva',
      lines: [{ itemId: item.id, quantity: '30' }],
    },
  });
  const tr = sent.body.data;
  const onTheRoad = waybillDocument(tr);
  expect(onTheRoad).toMatchObject({
    title: 'Waybill',
    number: tr.transferNo,
    fields: [
      ['From store', tr.fromStoreName],
      ['To store', `${tr.toStoreName} (${tr.toAmcosName})`],
      ['Dispatched on', todayInTanzania()],
      ['Dispatched by', expect.any(String)],
      ['Vehicle', 'T 123 ABC'],
      ['Driver', 'Juma Dereva'],
    ],
    // The received column is left blank on the road, for the receiving store to write in.
    tables: [{ rows: [['1', `${item.code} ${item.name}`, '', '30.000 bags', '', '']] }],
    signatures: ['Dispatched by', 'Driver', 'Received by (name)'],
  });
  const counted = await receiveAll(t, w.societyA.manager.access, tr, { 1: ['29', 'One bag torn'] });
  expect(waybillDocument(counted.body.data).tables[0]?.rows).toEqual([
    ['1', `${item.code} ${item.name}`, '', '30.000 bags', '29.000 bags', 'One bag torn'],
  ]);
  for (const token of [w.societyA.clerk.access, w.keeper.access]) {
    const pdf = await t.request('GET', `/inventory/transfers/${tr.id}/pdf`, { token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toBe(`inline; filename="${tr.transferNo}.pdf"`);
    expect(new TextDecoder().decode(pdf.raw.slice(0, 5))).toBe('%PDF-');
  }
});
