import type { DashboardReply } from '@ushirika/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Cashew,
  makeSociety,
  openSeasonWithCashew,
  recordCollectionOk,
  type Society,
  weighing,
} from '../../../test/crop-flow.ts';
import { makeWarehouse } from '../../../test/crop-flow-lots.ts';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { makeBuyer, makeLot, type SalesSetup } from '../../../test/sales-lots.ts';
import { todayInTanzania } from '../crop-flow/collections/record-collection.ts';
import { salesInvoiceLines, salesInvoices } from '../sales/invoices/schema.ts';

let t: TestApp;
let admin: Session;
let cashew: Cashew;
let north: Society & { manager: Session };
let south: Society & { manager: Session };

const get = (path: string, token: string) => t.request<DashboardReply>('GET', path, { token });

async function dashboard(token: string, query = '') {
  const r = await get(`/dashboard/season${query}`, token);
  expect(r.status).toBe(200);
  return r.body;
}

const farmer = (s: Society, i = 0) => {
  const f = s.farmers[i];
  if (!f) throw new Error('no farmer');
  return f;
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await sessionAs(t, 'Administrator');
});
afterAll(() => t.close());

describe('the season dashboard', () => {
  it('answers an empty dashboard when no season is open', async () => {
    const d = await dashboard(admin.access);
    expect(d.season).toBeNull();
    expect(d.collectedKg).toBe('0.000');
    expect(d.byDay).toHaveLength(30);
    expect(d.byDay.at(-1)).toEqual({ date: todayInTanzania(), kg: '0.000' });
  });

  it('sums collections, stock, lots, prices and money; an AMCOS user sees their own society only', async () => {
    cashew = await openSeasonWithCashew(t, admin);
    const n = await makeSociety(t, admin, { farmers: 2, name: 'North' });
    const s = await makeSociety(t, admin, { farmers: 1, name: 'South' });
    north = { ...n, manager: await sessionAs(t, 'AMCOS Manager', { amcosId: n.amcos.id }) };
    south = { ...s, manager: await sessionAs(t, 'AMCOS Manager', { amcosId: s.amcos.id }) };

    // North: 160 + 100.5 kg; South: 160 kg, and a cancelled one that must not count.
    await recordCollectionOk(t, north.clerk.access, weighing(cashew, farmer(north)));
    await recordCollectionOk(
      t,
      north.clerk.access,
      weighing(cashew, farmer(north, 1), { grossKg: '101.750', tareKg: '1.250' }),
    );
    await recordCollectionOk(t, south.clerk.access, weighing(cashew, farmer(south)));
    const cancelled = await recordCollectionOk(t, south.clerk.access, weighing(cashew, farmer(south)));
    const c = await t.request('POST', `/collections/receipts/${cancelled.id}/cancel`, {
      token: admin.access,
      body: { reason: 'Weighed twice by mistake' },
    });
    expect(c.status).toBe(200);

    // Lots straight in the database: north one sold 1000 kg and one in store 500 kg, south one catalogued 300 kg.
    const warehouse = await makeWarehouse(t, admin);
    const grade = cashew.grades[0];
    if (!grade) throw new Error('no grade');
    const setup = (amcosId: string): SalesSetup => ({
      amcosId,
      seasonCropId: cashew.seasonCrop.id,
      gradeId: grade.id,
      warehouseId: warehouse.id,
    });
    const sold = await makeLot(t.db, setup(north.amcos.id), { netKg: '1000.000', status: 'sold' });
    await makeLot(t.db, setup(north.amcos.id), { netKg: '500.000' });
    const southLot = await makeLot(t.db, setup(south.amcos.id), { netKg: '300.000', status: 'catalogued' });
    const buyer = await makeBuyer(t.db);
    const [invoice] = await t.db
      .insert(salesInvoices)
      .values({
        invoiceNo: 'INV-DASH-1',
        buyerId: buyer.id,
        invoiceDate: todayInTanzania(),
        dueDate: todayInTanzania(),
        status: 'part_paid',
        subtotal: '3250000.00',
        total: '3250000.00',
        paidAmount: '1000000.00',
      })
      .returning({ id: salesInvoices.id });
    if (!invoice) throw new Error('no invoice');
    await t.db.insert(salesInvoiceLines).values([
      {
        invoiceId: invoice.id,
        lineNo: 1,
        lotId: sold.id,
        description: 'Lot',
        kg: '1000.000',
        pricePerKg: '2500.00',
        amount: '2500000.00',
      },
      {
        invoiceId: invoice.id,
        lineNo: 2,
        lotId: southLot.id,
        description: 'Lot',
        kg: '300.000',
        pricePerKg: '2500.00',
        amount: '750000.00',
      },
    ]);

    const union = await dashboard(admin.access);
    expect(union.season?.status).toBe('open');
    expect(union.collectedKg).toBe('420.500');
    expect(union.stockKg).toBe('420.500');
    expect(union.byCrop).toEqual([
      { id: expect.any(String), name: cashew.seasonCrop.cropName, kg: '420.500' },
    ]);
    expect(union.byAmcos).toEqual([
      { id: north.amcos.id, name: north.amcos.name, kg: '260.500' },
      { id: south.amcos.id, name: south.amcos.name, kg: '160.000' },
    ]);
    expect(union.byDay.at(-1)).toEqual({ date: todayInTanzania(), kg: '420.500' });
    expect(union.lots).toEqual({
      in_store: { count: 1, kg: '500.000' },
      catalogued: { count: 1, kg: '300.000' },
      sold: { count: 1, kg: '1000.000' },
      released: { count: 0, kg: '0.000' },
    });
    expect(union.avgPrice).toEqual([
      { crop: cashew.seasonCrop.cropName, kg: '1300.000', amount: '3250000.00', pricePerKg: '2500.00' },
    ]);
    expect(union.money).toEqual({
      invoiced: '3250000.00',
      received: '1000000.00',
      outstanding: '2250000.00',
    });

    const mine = await dashboard(north.manager.access);
    expect(mine.scope.amcosId).toBe(north.amcos.id);
    expect(mine.collectedKg).toBe('260.500');
    expect(mine.stockKg).toBe('260.500');
    expect(mine.byAmcos).toEqual([{ id: north.amcos.id, name: north.amcos.name, kg: '260.500' }]);
    expect(mine.byDay.at(-1)?.kg).toBe('260.500');
    expect(mine.lots.sold).toEqual({ count: 1, kg: '1000.000' });
    expect(mine.lots.catalogued).toEqual({ count: 0, kg: '0.000' });
    expect(mine.avgPrice).toEqual([
      { crop: cashew.seasonCrop.cropName, kg: '1000.000', amount: '2500000.00', pricePerKg: '2500.00' },
    ]);
    expect(mine.money).toBeNull();

    const theirs = await dashboard(south.manager.access);
    expect(theirs.collectedKg).toBe('160.000');
    expect(theirs.byAmcos.map((r) => r.id)).toEqual([south.amcos.id]);
    expect(theirs.lots.sold.count).toBe(0);

    // A union user may filter by AMCOS; an AMCOS user may not ask for another society.
    const filtered = await dashboard(admin.access, `?amcos_id=${south.amcos.id}`);
    expect(filtered.collectedKg).toBe('160.000');
    expect(filtered.money).toBeNull();
    expect((await get(`/dashboard/season?amcos_id=${south.amcos.id}`, north.manager.access)).status).toBe(
      403,
    );
  });

  it('answers 404 for an unknown season and 401 without a session', async () => {
    expect(
      (await get('/dashboard/season?season_id=00000000-0000-4000-8000-000000000000', admin.access)).status,
    ).toBe(404);
    expect((await t.request('GET', '/dashboard/season')).status).toBe(401);
  });
});
