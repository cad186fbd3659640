import type { DashboardReply, PaymentBatch, PaymentLine, SettlementDetails } from '@ushirika/contracts';
import { dec, todayInTanzania } from '@ushirika/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
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
import type { Listed } from '../../../test/master-data.ts';
import { makeBuyer, makeLot, type SalesSetup } from '../../../test/sales-lots.ts';
import {
  makeFarmers,
  makePaidLot,
  makeRule,
  makeSettlementWorld,
} from '../../../test/settlement-fixtures.ts';
import { queryRows } from '../../db/rows.ts';
import { accountId } from '../accounts/testing.ts';
import { salesInvoiceLines, salesInvoices } from '../sales/invoices/schema.ts';
import { buyerReceipts } from '../sales/receipts/schema.ts';
import { seasonCrops } from '../seasons/schema.ts';

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

/** A collection-book account's balance in the books (credit less debit of posted lines). */
async function booksBalance(code: string): Promise<string> {
  const [row] = await queryRows(
    t.db,
    z.object({ balance: z.string() }),
    sql`select coalesce(sum(jl.credit - jl.debit), 0)::numeric(18,2)::text as balance
        from journal_lines jl
        join journal_entries je on je.id = jl.entry_id and je.status <> 'draft'
        join accounts a on a.id = jl.account_id
        where a.book = 'collection' and a.code = ${code}`,
  );
  return row?.balance ?? '0.00';
}

/**
 * What the payables cards say they count (dashboard.payablesDueHint): the same money as accounts
 * 2101-2104 of the collection book, less other seasons' unpaid lines (`otherSeasons`).
 */
async function expectDueAgreesWithBooks(due: DashboardReply['payables']['due'], otherSeasons: string) {
  expect(await booksBalance('2101')).toBe(due.amcos);
  expect(await booksBalance('2103')).toBe(due.beneficiaries);
  expect(await booksBalance('2104')).toBe(due.transporters);
  expect(await booksBalance('2102')).toBe(
    dec(due.farmers ?? '0')
      .plus(otherSeasons)
      .toFixed(2),
  );
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
    expect(d.payables.due).toEqual({
      farmers: '0.00',
      amcos: '0.00',
      beneficiaries: '0.00',
      transporters: '0.00',
      total: '0.00',
    });
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
    const c = await t.request('PATCH', `/collections/receipts/${cancelled.id}/cancel`, {
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
      unallocatedCredit: '0.00',
    });
    // A buyer pays 1,200,000 of which 1,000,000 went to the invoice: 200,000 is their credit, which
    // account 1201 nets and the season's outstanding does not (the dashboard says both).
    await t.db.insert(buyerReceipts).values({
      receiptNo: 'RC-DASH-1',
      buyerId: buyer.id,
      receiptDate: todayInTanzania(),
      bankAccountId: await accountId(t, 'collection', '1101'),
      amount: '1200000.00',
      allocated: '1000000.00',
    });
    expect((await dashboard(admin.access)).money).toMatchObject({
      outstanding: '2250000.00',
      unallocatedCredit: '200000.00',
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

  it('sums payables due and paid out per payee kind; an AMCOS user sees their own society only', async () => {
    const officer = await sessionAs(t, 'Settlement Officer');
    const finance = await sessionAs(t, 'Finance Manager');
    const grade = cashew.grades[0];
    if (!grade) throw new Error('no grade');
    // A settlement world on the open season's cashew; `other` keeps the world's own season.
    const other = await makeSettlementWorld(t.db, { amcosId: north.amcos.id });
    const world = { ...other, seasonCropId: cashew.seasonCrop.id, gradeId: grade.id };
    const southWorld = { ...world, amcosId: south.amcos.id };
    await makeRule(t.db, world, {
      name: 'Cess',
      recipient: 'beneficiary',
      basis: 'percent_of_gross',
      rate: '3',
      order: 1,
    });
    await makeRule(t.db, world, {
      name: 'AMCOS levy',
      recipient: 'amcos',
      basis: 'per_kg',
      rate: '20',
      order: 2,
    });
    const [a, b] = await makeFarmers(t.db, world, ['bank', 'mobile']);
    const [c] = await makeFarmers(t.db, southWorld, ['bank']);
    if (!a || !b || !c) throw new Error('no farmers');
    // North: 1,000 kg x 2,000 = 2,000,000; cess 3% 60,000; AMCOS 20/kg 20,000; transport 10,000
    //   -> farmers 1,910,000 by kg 600/400: A 1,146,000, B 764,000.
    // South: 500 kg x 2,000 = 1,000,000; cess 30,000; AMCOS 10,000; transport 5,000 -> C 955,000.
    const northLot = await makePaidLot(t.db, world, {
      collections: [
        { farmerId: a.id, kg: '600.000' },
        { farmerId: b.id, kg: '400.000' },
      ],
      price: '2000',
      transportCharge: '10000.00',
    });
    const southLot = await makePaidLot(t.db, southWorld, {
      collections: [{ farmerId: c.id, kg: '500.000' }],
      price: '2000',
      transportCharge: '5000.00',
    });
    // Another season's lot (100 kg x 1,000 = 100,000 to A): never in this season's figures.
    const elsewhere = await makePaidLot(t.db, other, {
      collections: [{ farmerId: a.id, kg: '100.000' }],
      price: '1000',
    });
    const settle = async (lotIds: string[]) => {
      const draft = await t.request<{ data: SettlementDetails }>('POST', '/payments/settlements', {
        token: officer.access,
        body: { lotIds },
      });
      expect(draft.status).toBe(201);
      const id = draft.body.data.id;
      const ok = await t.request('PATCH', `/payments/settlements/${id}/approve`, { token: finance.access });
      expect(ok.status).toBe(200);
      return id;
    };
    const settlementId = await settle([northLot.lotId, southLot.lotId]);
    await settle([elsewhere.lotId]);

    const approved = await dashboard(admin.access);
    expect(approved.payables).toEqual({
      due: {
        farmers: '2865000.00',
        amcos: '30000.00',
        beneficiaries: '90000.00',
        transporters: '15000.00',
        total: '3000000.00',
      },
      paidOut: { farmers: '0.00', amcos: '0.00', beneficiaries: '0.00', transporters: '0.00', total: '0.00' },
    });
    // The card's figures agree with the books: the other season's lot owes A 100,000.
    await expectDueAgreesWithBooks(approved.payables.due, '100000.00');

    // Pay the farmers' batch; B's mobile money line fails.
    const batches = await t.request<Listed<PaymentBatch>>(
      'GET',
      `/payments/batches?settlement_id=${settlementId}&party_type=farmer`,
      { token: officer.access },
    );
    const batch = batches.body.data[0];
    if (!batch) throw new Error('no farmer batch');
    const approve = await t.request('PATCH', `/payments/batches/${batch.id}/approve`, {
      token: admin.access,
    });
    expect(approve.status).toBe(200);
    const exported = await t.request('POST', `/payments/batches/${batch.id}/export?layout=bank&format=csv`, {
      token: officer.access,
    });
    expect(exported.status).toBe(200);
    const lines = await t.request<Listed<PaymentLine>>('GET', `/payments/batches/${batch.id}/lines`, {
      token: officer.access,
    });
    const bLine = lines.body.data.find((l) => l.partyId === b.id);
    if (!bLine) throw new Error('no line for B');
    const paid = await t.request('PATCH', `/payments/batches/${batch.id}/paid`, {
      token: officer.access,
      body: {
        paidOn: todayInTanzania(),
        bankReference: 'NMB-DASH-1',
        failed: [{ lineId: bLine.id, reason: 'Wrong mobile money number' }],
      },
    });
    expect(paid.status).toBe(200);

    // Due: B 764,000 (failed) + AMCOS 20,000 + 10,000 + cess 90,000 + transport 15,000 = 899,000;
    // paid: A 1,146,000 + C 955,000 = 2,101,000 (899,000 + 2,101,000 = the 3,000,000 gross).
    const union = {
      due: {
        farmers: '764000.00',
        amcos: '30000.00',
        beneficiaries: '90000.00',
        transporters: '15000.00',
        total: '899000.00',
      },
      paidOut: {
        farmers: '2101000.00',
        amcos: '0.00',
        beneficiaries: '0.00',
        transporters: '0.00',
        total: '2101000.00',
      },
    };
    expect((await dashboard(admin.access)).payables).toEqual(union);
    await expectDueAgreesWithBooks(union.due, '100000.00');
    expect((await dashboard(north.manager.access)).payables).toEqual({
      due: {
        farmers: '764000.00',
        amcos: '20000.00',
        beneficiaries: null,
        transporters: null,
        total: '784000.00',
      },
      paidOut: {
        farmers: '1146000.00',
        amcos: '0.00',
        beneficiaries: null,
        transporters: null,
        total: '1146000.00',
      },
    });
    const southFigures = {
      due: { farmers: '0.00', amcos: '10000.00', beneficiaries: null, transporters: null, total: '10000.00' },
      paidOut: {
        farmers: '955000.00',
        amcos: '0.00',
        beneficiaries: null,
        transporters: null,
        total: '955000.00',
      },
    };
    expect((await dashboard(south.manager.access)).payables).toEqual(southFigures);
    expect((await dashboard(admin.access, `?amcos_id=${south.amcos.id}`)).payables).toEqual(southFigures);

    // Retrying B's failed line moves the money to a new line: still due once, not twice.
    const retry = await t.request('POST', '/payments/batches/retry', {
      token: officer.access,
      body: { lineIds: [bLine.id] },
    });
    expect(retry.status).toBe(201);
    expect((await dashboard(admin.access)).payables).toEqual(union);

    // The other season shows its own settlement only: A's 100,000, not paid yet.
    const [otherCrop] = await t.db
      .select({ seasonId: seasonCrops.seasonId })
      .from(seasonCrops)
      .where(eq(seasonCrops.id, other.seasonCropId));
    const elsewhereFigures = await dashboard(admin.access, `?season_id=${otherCrop?.seasonId}`);
    expect(elsewhereFigures.payables.due).toEqual({
      farmers: '100000.00',
      amcos: '0.00',
      beneficiaries: '0.00',
      transporters: '0.00',
      total: '100000.00',
    });
    expect(elsewhereFigures.payables.paidOut.total).toBe('0.00');
  });

  it('answers 404 for an unknown season and 401 without a session', async () => {
    expect(
      (await get('/dashboard/season?season_id=00000000-0000-4000-8000-000000000000', admin.access)).status,
    ).toBe(404);
    expect((await t.request('GET', '/dashboard/season')).status).toBe(401);
  });
});
