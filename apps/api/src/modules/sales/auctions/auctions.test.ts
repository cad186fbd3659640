import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lotsInStore } from '../../../../test/crop-flow-lots.ts';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { makeBuyer, makeLot, makeSalesSetup, type SalesSetup } from '../../../../test/sales-lots.ts';
import { queryRows } from '../../../db/rows.ts';
import { collections, lots } from '../../crop-flow/schema.ts';
import { buyers } from '../buyers/schema.ts';
import {
  catalogue,
  catalogueLots,
  collectionsInLot,
  decide,
  enterResults,
  must,
  newAuction,
  publish,
  publishedAuction,
  type Saved,
  TODAY,
} from './testing.ts';

let t: TestApp;
let officer: Session;
let setup: SalesSetup;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: process.env.AUCTION_LOG ?? 'silent' });
  officer = await sessionAs(t, 'Crop Officer');
  setup = await makeSalesSetup(t.db);
});
afterAll(() => t.close());

type Err = { message: string; errors?: Record<string, string[]> };
const statusOf = async (ids: string[]) =>
  Object.fromEntries(
    (await t.db.select({ id: lots.id, status: lots.status }).from(lots).where(inArray(lots.id, ids))).map(
      (r) => [r.id, r.status],
    ),
  );

describe('an auction from catalogue to close', () => {
  it('catalogues lots in store, records results and decisions, closes into one invoice per buyer', async () => {
    // Golden figures: A 1,000.000 kg x 2,500.00 = 2,500,000.00; B 1,234.567 kg x 2,345.67 = 2,895,886.77
    // (same buyer: invoice 5,395,886.77); C 800.500 kg x 1,900.00 = 1,520,950.00 to another buyer;
    // D rejected by the society; E no bid.
    const a = await makeLot(t.db, setup, { netKg: '1000.000' });
    const b = await makeLot(t.db, setup, { netKg: '1234.567' });
    const c = await makeLot(t.db, setup, { netKg: '800.500' });
    const d = await makeLot(t.db, setup, { netKg: '500.000' });
    const e = await makeLot(t.db, setup, { netKg: '400.000' });
    const x = await makeLot(t.db, setup, { netKg: '100.000' });
    const olam = await makeBuyer(t.db, 'Olam');
    const export2 = await makeBuyer(t.db, 'Export Trading');
    const [olamCode] = await t.db.select({ code: buyers.bidCode }).from(buyers).where(eq(buyers.id, olam.id));
    const inA = await collectionsInLot(t.db, setup, a.id, 3);
    const inD = await collectionsInLot(t.db, setup, d.id, 1);

    const created = await newAuction(t, officer, setup.seasonCropId);
    expect(created.data).toMatchObject({ status: 'draft', platform: 'tmx_online', lotCount: 0 });
    expect(created.data.auctionNo).toMatch(new RegExp(`^AUC-${TODAY.slice(0, 4)}-\\d{6}$`));
    const id = created.data.id;

    const available = await must(
      t.request<{ data: { id: string }[] }>(
        'GET',
        `/sales/auctions/${id}/available-lots?warehouse_id=${setup.warehouseId}`,
        {
          token: officer.access,
        },
      ),
      'available',
    );
    expect(available.data.map((l) => l.id)).toEqual(
      expect.arrayContaining([a.id, b.id, c.id, d.id, e.id, x.id]),
    );
    const facets = await must(
      t.request<{ data: { warehouses: { id: string; lots: number }[]; amcos: { id: string }[] } }>(
        'GET',
        `/sales/auctions/${id}/available-lots/facets`,
        { token: officer.access },
      ),
      'facets',
    );
    expect(facets.data.warehouses.find((w) => w.id === setup.warehouseId)?.lots).toBeGreaterThanOrEqual(6);
    expect(facets.data.amcos.map((s) => s.id)).toContain(setup.amcosId);

    const added = await catalogue(t, officer, id, [
      { lotId: a.id, reservePrice: '2400.00' },
      { lotId: b.id, reservePrice: '2300.00' },
      { lotId: c.id, reservePrice: '1800.00' },
      { lotId: d.id, reservePrice: '2000.00' },
      { lotId: e.id, reservePrice: '2000.00' },
      { lotId: x.id, reservePrice: '2000.00' },
    ]);
    expect(added.data).toMatchObject({ lotCount: 6, netKg: '4035.067' });
    expect(Object.values(await statusOf([a.id, x.id]))).toEqual(['catalogued', 'catalogued']);

    // A catalogued lot cannot go into a second auction.
    const other = await newAuction(t, officer, setup.seasonCropId);
    const twice = await t.request<Err>('POST', `/sales/auctions/${other.data.id}/lots`, {
      token: officer.access,
      body: { lots: [{ lotId: a.id, reservePrice: '1.00' }] },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(`Lot ${a.lotNo} is not in store (catalogued)`);

    const removed = await must(
      t.request<Saved>('POST', `/sales/auctions/${id}/lots/remove`, {
        token: officer.access,
        body: { lotIds: [x.id] },
      }),
      'remove',
    );
    expect(removed.data.lotCount).toBe(5);
    expect((await statusOf([x.id]))[x.id]).toBe('in_store');

    // Results before the catalogue is published are refused.
    const early = await t.request<Err>('PUT', `/sales/auctions/${id}/results`, {
      token: officer.access,
      body: { results: [{ lotId: a.id, bidCode: olamCode?.code, pricePerKg: '2500.00' }] },
    });
    expect(early.status).toBe(409);

    expect((await publish(t, officer, id)).data.status).toBe('catalogued');
    const again = await t.request<Err>('PATCH', `/sales/auctions/${id}/publish`, { token: officer.access });
    expect(again.status).toBe(409);
    const addLate = await t.request<Err>('POST', `/sales/auctions/${id}/lots`, {
      token: officer.access,
      body: { lots: [{ lotId: x.id, reservePrice: '1.00' }] },
    });
    expect(addLate.status).toBe(409);

    // A result for a lot not in the catalogue.
    const notIn = await t.request<Err>('PUT', `/sales/auctions/${id}/results`, {
      token: officer.access,
      body: { results: [{ lotId: x.id, bidCode: olamCode?.code, pricePerKg: '2500.00' }] },
    });
    expect(notIn.status).toBe(400);
    expect(notIn.body.errors?.['results.0']).toEqual(["This lot is not in this auction's catalogue"]);

    // Below the reserve without confirmation.
    const below = await t.request<Err>('PUT', `/sales/auctions/${id}/results`, {
      token: officer.access,
      body: { results: [{ lotId: a.id, buyerId: olam.id, pricePerKg: '2300.00' }] },
    });
    expect(below.status).toBe(400);
    expect(below.body.message).toBe(
      'Row 1: The price is below the reserve of 2400.00: confirm the sale below reserve',
    );

    const results = await enterResults(t, officer, id, [
      { lotId: a.id, bidCode: olamCode?.code?.toLowerCase(), pricePerKg: '2500.00' },
      { lotId: b.id, buyerId: olam.id, pricePerKg: '2345.67' },
      { lotId: c.id, buyerId: export2.id, pricePerKg: '1900.00' },
      { lotId: d.id, buyerId: export2.id, pricePerKg: '1950.00', confirmBelowReserve: true },
      { lotId: e.id, result: 'no_bid' },
    ]);
    expect(results.data).toMatchObject({
      status: 'results',
      counts: { lots: 5, withResult: 5, bids: 4, awaitingDecision: 4 },
    });

    const rows = await catalogueLots(t, officer, id);
    const rowOf = (lotId: string) => rows.find((r) => r.lotId === lotId);
    expect(rowOf(b.id)).toMatchObject({ amount: '2895886.77', bidCode: expect.any(String), result: 'bid' });
    expect(rowOf(d.id)).toMatchObject({ belowReserveConfirmed: true, amount: '975000.00' });
    expect(rowOf(e.id)).toMatchObject({ result: 'no_bid', buyerId: null, amount: null });

    // Close with bids lacking the society's decision.
    const lacking = await t.request<Err>('PATCH', `/sales/auctions/${id}/close`, { token: officer.access });
    expect(lacking.status).toBe(400);
    expect(lacking.body.message).toMatch(/^4 lot\(s\) have no result or no decision yet: /);

    const decided = await decide(t, officer, id, [
      { lotId: a.id, decision: 'accept', formRef: 'F-001' },
      { lotId: b.id, decision: 'accept', formRef: 'F-001' },
      { lotId: c.id, decision: 'accept', formRef: 'F-002' },
      { lotId: d.id, decision: 'reject', formRef: 'F-003' },
    ]);
    expect(decided.data.counts).toMatchObject({ accepted: 3, rejected: 1, awaitingDecision: 0 });
    expect(decided.data.soldAmount).toBe('6916836.77');

    const noBidDecision = await t.request<Err>('PUT', `/sales/auctions/${id}/decisions`, {
      token: officer.access,
      body: { decisions: [{ lotId: e.id, decision: 'accept', formRef: 'F-9' }] },
    });
    expect(noBidDecision.status).toBe(400);

    // Lot A's farmer has a phone: the result reaches them by SMS (#31). Lot B's farmer has one too
    // but opted out of optional SMS, which an auction's result is: they get none.
    await t.db.execute(
      sql`update farmers set phone = '255700123456' where id = (select farmer_id from collections where id = ${inA[0]})`,
    );
    const [inB] = await collectionsInLot(t.db, setup, b.id, 1);
    await t.db.execute(
      sql`update farmers set phone = '255700123457', sms_opt_out = true
          where id = (select farmer_id from collections where id = ${inB})`,
    );
    const closed = await must(
      t.request<Saved>('PATCH', `/sales/auctions/${id}/close`, { token: officer.access }),
      'close',
    );
    expect(closed.data).toMatchObject({ status: 'closed', soldKg: '3035.067', soldAmount: '6916836.77' });
    expect(closed.data.invoices.map((i) => i.total).sort()).toEqual(['1520950.00', '5395886.77']);
    expect(await statusOf([a.id, b.id, c.id, d.id, e.id])).toEqual({
      [a.id]: 'sold',
      [b.id]: 'sold',
      [c.id]: 'sold',
      [d.id]: 'in_store',
      [e.id]: 'in_store',
    });
    const collected = await t.db
      .select({ id: collections.id, status: collections.status })
      .from(collections)
      .where(inArray(collections.id, [...inA, ...inD]));
    expect(
      collected
        .filter((r) => r.status === 'sold')
        .map((r) => r.id)
        .sort(),
    ).toEqual([...inA].sort());
    expect(collected.filter((r) => r.status === 'in_lot').map((r) => r.id)).toEqual(inD);

    // The invoices' lot lines, and the Collection book posting.
    const lines = await queryRows(
      t.db,
      z.object({ lotId: z.string(), amount: z.string(), buyerId: z.string() }),
      sql`select l.lot_id as "lotId", l.amount::text as amount, i.buyer_id as "buyerId"
        from sales_invoice_lines l join sales_invoices i on i.id = l.invoice_id
        where i.auction_id = ${id} and l.kind = 'lot' order by l.amount`,
    );
    expect(lines).toEqual([
      { lotId: c.id, amount: '1520950.00', buyerId: export2.id },
      { lotId: a.id, amount: '2500000.00', buyerId: olam.id },
      { lotId: b.id, amount: '2895886.77', buyerId: olam.id },
    ]);
    const [posted] = await queryRows(
      t.db,
      z.object({ debit: z.string() }),
      sql`select sum(jl.debit)::text as debit from journal_lines jl join journal_entries je on je.id = jl.entry_id
        where je.source_type = 'sales_invoice' and je.source_id in (select id from sales_invoices where auction_id = ${id})`,
    );
    expect(posted?.debit).toBe('6916836.77');

    const second = await t.request<Err>('PATCH', `/sales/auctions/${id}/close`, { token: officer.access });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('This auction is already closed');
    // Each farmer with crop in a sold lot hears the result once, even when the close is sent again.
    const resultSms = await queryRows(
      t.db,
      z.object({ recipient: z.string(), body: z.string() }),
      sql`select recipient, body from sms_outbox where event_key like ${`auction-result:${id}:%`}`,
    );
    expect(resultSms).toHaveLength(1);
    expect(resultSms[0]?.recipient).toBe('255700123456');
    expect(resultSms[0]?.body).toMatch(
      /: Mnada .+ \d\d\/\d\d\/\d{4}: kg [\d,.]+ za .+ zimeuzwa, wastani TZS 2,500\/kg\. Malipo/,
    );

    // Rejected and unsold lots can go to the next auction.
    const next = await newAuction(t, officer, setup.seasonCropId);
    const re = await catalogue(t, officer, next.data.id, [
      { lotId: d.id, reservePrice: '2000.00' },
      { lotId: e.id, reservePrice: '2000.00' },
    ]);
    expect(re.data.lotCount).toBe(2);

    const history = await must(
      t.request<{ data: { action: string }[] }>('GET', `/audit/auction/${id}`, { token: officer.access }),
      'history',
    );
    expect(history.data.map((h) => h.action)).toEqual([
      'created',
      'lots_catalogued',
      'lots_removed',
      'published',
      'results_recorded',
      'decisions_recorded',
      'closed',
    ]);
  });

  it('refuses a winner who is suspended or whose licence has expired before the auction', async () => {
    const lot = await makeLot(t.db, setup);
    const expired = await makeBuyer(t.db, 'Expired');
    const suspended = await makeBuyer(t.db, 'Suspended');
    await t.db.update(buyers).set({ licenceExpiresOn: '2020-06-30' }).where(eq(buyers.id, expired.id));
    await t.db.update(buyers).set({ status: 'suspended' }).where(eq(buyers.id, suspended.id));
    const { data } = await publishedAuction(t, officer, setup.seasonCropId, [
      { lotId: lot.id, reservePrice: '1000.00' },
    ]);
    const one = await t.request<Err>('PUT', `/sales/auctions/${data.id}/results`, {
      token: officer.access,
      body: { results: [{ lotId: lot.id, buyerId: expired.id, pricePerKg: '2000.00' }] },
    });
    expect(one.status).toBe(400);
    expect(one.body.message).toBe(
      `Row 1: ${expired.name}'s licence expired on 2020-06-30: they cannot win a lot`,
    );
    const two = await t.request<Err>('PUT', `/sales/auctions/${data.id}/results`, {
      token: officer.access,
      body: { results: [{ lotId: lot.id, buyerId: suspended.id, pricePerKg: '2000.00' }] },
    });
    expect(two.body.message).toBe(`Row 1: ${suspended.name} is suspended and cannot win a lot`);
    const unknown = await t.request<Err>('PUT', `/sales/auctions/${data.id}/results`, {
      token: officer.access,
      body: { results: [{ lotId: lot.id, bidCode: 'NOPE-1', pricePerKg: '2000.00' }] },
    });
    expect(unknown.body.message).toBe('Row 1: No buyer has bid code NOPE-1');
    // Nothing was stored by the refusals.
    expect((await catalogueLots(t, officer, data.id))[0]).toMatchObject({ result: null, buyerId: null });
  });

  it('lets only one of two simultaneous closes through; the other gets 409', async () => {
    const lot = await makeLot(t.db, setup, { netKg: '250.000' });
    const buyer = await makeBuyer(t.db);
    const { data } = await publishedAuction(t, officer, setup.seasonCropId, [
      { lotId: lot.id, reservePrice: '1000.00' },
    ]);
    await enterResults(t, officer, data.id, [{ lotId: lot.id, buyerId: buyer.id, pricePerKg: '2000.00' }]);
    await decide(t, officer, data.id, [{ lotId: lot.id, decision: 'accept', formRef: 'F-10' }]);
    const both = await Promise.all([
      t.request('PATCH', `/sales/auctions/${data.id}/close`, { token: officer.access }),
      t.request('PATCH', `/sales/auctions/${data.id}/close`, { token: officer.access }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const [invoices] = await queryRows(
      t.db,
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from sales_invoices where auction_id = ${data.id}`,
    );
    expect(invoices?.n).toBe(1);
  });

  it('reports min, max and weighted average price per grade, and exports xlsx and PDF', async () => {
    const s = await makeSalesSetup(t.db);
    const l1 = await makeLot(t.db, s, { netKg: '1000.000' });
    const l2 = await makeLot(t.db, s, { netKg: '3000.000' });
    const buyer = await makeBuyer(t.db);
    const { data } = await publishedAuction(t, officer, s.seasonCropId, [
      { lotId: l1.id, reservePrice: '1.00' },
      { lotId: l2.id, reservePrice: '1.00' },
    ]);
    await enterResults(t, officer, data.id, [
      { lotId: l1.id, buyerId: buyer.id, pricePerKg: '2000.00' },
      { lotId: l2.id, buyerId: buyer.id, pricePerKg: '2400.00' },
    ]);
    await decide(t, officer, data.id, [
      { lotId: l1.id, decision: 'accept', formRef: 'F' },
      { lotId: l2.id, decision: 'accept', formRef: 'F' },
    ]);
    await must(t.request('PATCH', `/sales/auctions/${data.id}/close`, { token: officer.access }), 'close');
    // (1,000 x 2,000 + 3,000 x 2,400) / 4,000 = 9,200,000 / 4,000 = 2,300.00
    const price = await must(
      t.request<{ data: { rows: unknown[]; totals: unknown } }>(
        'GET',
        `/reports/auction/auction-price?auction_id=${data.id}`,
        {
          token: officer.access,
        },
      ),
      'price',
    );
    expect(price.data).toEqual({
      rows: [
        {
          auctionId: data.id,
          auctionNo: data.auctionNo,
          auctionDate: TODAY,
          gradeName: 'Standard',
          lots: 2,
          kg: '4000.000',
          minPrice: '2000.00',
          maxPrice: '2400.00',
          averagePrice: '2300.00',
          amount: '9200000.00',
        },
      ],
      totals: { lots: 2, kg: '4000.000', amount: '9200000.00' },
    });
    const perBuyer = await must(
      t.request<{ data: { rows: { name: string; amount: string }[] } }>(
        'GET',
        `/reports/auction/buyer-auction-details?auction_id=${data.id}`,
        { token: officer.access },
      ),
      'buyer',
    );
    expect(perBuyer.data.rows).toEqual([
      expect.objectContaining({ name: buyer.name, lots: 2, averagePrice: '2300.00' }),
    ]);
    const details = await must(
      t.request<{ data: { rows: { lotNo: string }[] } }>(
        'GET',
        `/reports/auction/auction-details?auction_id=${data.id}`,
        {
          token: officer.access,
        },
      ),
      'details',
    );
    expect(details.data.rows.map((r) => r.lotNo).sort()).toEqual([l1.lotNo, l2.lotNo].sort());
    for (const path of [
      'auction-price',
      'auction-details',
      'buyer-auction-details',
      'warehouse-auction-details',
    ]) {
      const xlsx = await t.request('GET', `/reports/auction/${path}?auction_id=${data.id}&format=xlsx`, {
        token: officer.access,
      });
      expect(xlsx.status).toBe(200);
      expect(new TextDecoder().decode(xlsx.raw.slice(0, 2))).toBe('PK');
      const pdf = await t.request('GET', `/reports/auction/${path}?auction_id=${data.id}&format=pdf`, {
        token: officer.access,
      });
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(new TextDecoder().decode(pdf.raw.slice(0, 5))).toBe('%PDF-');
    }
  });

  it("sells lots made through the crop flow: their farmers' collections become sold, a rejected lot stays in store", async () => {
    const admin = await sessionAs(t, 'Administrator');
    // Three farmers deliver 400 + 250 + 350 kg; the warehouse makes lots of 600 and 400 kg.
    const flow = await lotsInStore(t, admin, { lots: ['600.000', '400.000'] });
    const [big, small] = flow.lots;
    if (!big || !small) throw new Error('two lots expected');
    const buyer = await makeBuyer(t.db, 'Crop flow buyer');
    const { data } = await publishedAuction(t, officer, flow.world.cashew.seasonCrop.id, [
      { lotId: big.id, reservePrice: '2000.00' },
      { lotId: small.id, reservePrice: '2000.00' },
    ]);
    await enterResults(t, officer, data.id, [
      { lotId: big.id, buyerId: buyer.id, pricePerKg: '2650.00' },
      { lotId: small.id, buyerId: buyer.id, pricePerKg: '2100.00' },
    ]);
    await decide(t, officer, data.id, [
      { lotId: big.id, decision: 'accept', formRef: 'CF-1' },
      { lotId: small.id, decision: 'reject', formRef: 'CF-1' },
    ]);
    const closed = await must(
      t.request<Saved>('PATCH', `/sales/auctions/${data.id}/close`, { token: officer.access }),
      'close',
    );
    // 600.000 kg x 2,650.00 = 1,590,000.00
    expect(closed.data).toMatchObject({ status: 'closed', soldKg: '600.000', soldAmount: '1590000.00' });
    expect(await statusOf([big.id, small.id])).toEqual({ [big.id]: 'sold', [small.id]: 'in_store' });
    const byLot = await queryRows(
      t.db,
      z.object({ lotId: z.string(), status: z.string(), n: z.number() }),
      sql`select lot_id as "lotId", status, count(*)::int as n from collections
        where lot_id in (${big.id}, ${small.id}) group by lot_id, status order by lot_id`,
    );
    expect(byLot.filter((r) => r.lotId === big.id).every((r) => r.status === 'sold')).toBe(true);
    expect(byLot.filter((r) => r.lotId === small.id).every((r) => r.status === 'in_lot')).toBe(true);
    expect(byLot.length).toBeGreaterThan(0);
  });

  it('refuses actions out of turn: a draft cannot close, a closed auction takes no results, lots leave only a draft', async () => {
    const lot = await makeLot(t.db, setup);
    const stray = await makeLot(t.db, setup);
    const buyer = await makeBuyer(t.db);
    const { data } = await newAuction(t, officer, setup.seasonCropId);
    const empty = await t.request<Err>('PATCH', `/sales/auctions/${data.id}/publish`, {
      token: officer.access,
    });
    expect([empty.status, empty.body.message]).toEqual([
      400,
      'Add at least one lot before publishing the catalogue',
    ]);
    await catalogue(t, officer, data.id, [{ lotId: lot.id, reservePrice: '1.00' }]);
    const draftClose = await t.request<Err>('PATCH', `/sales/auctions/${data.id}/close`, {
      token: officer.access,
    });
    expect(draftClose.status).toBe(409);
    const notThere = await t.request<Err>('POST', `/sales/auctions/${data.id}/lots/remove`, {
      token: officer.access,
      body: { lotIds: [stray.id] },
    });
    expect(notThere.status).toBe(400);
    await publish(t, officer, data.id);
    const earlyDecision = await t.request<Err>('PUT', `/sales/auctions/${data.id}/decisions`, {
      token: officer.access,
      body: { decisions: [{ lotId: lot.id, decision: 'accept', formRef: 'X' }] },
    });
    expect(earlyDecision.status).toBe(409);
    const removeLate = await t.request<Err>('POST', `/sales/auctions/${data.id}/lots/remove`, {
      token: officer.access,
      body: { lotIds: [lot.id] },
    });
    expect(removeLate.status).toBe(409);
    await enterResults(t, officer, data.id, [{ lotId: lot.id, result: 'withdrawn' }]);
    // Only a withdrawn lot: nothing to decide, nothing sold, no invoice; the lot goes back in store.
    const closed = await must(
      t.request<Saved>('PATCH', `/sales/auctions/${data.id}/close`, { token: officer.access }),
      'close',
    );
    expect(closed.data).toMatchObject({ status: 'closed', soldAmount: '0.00', invoices: [] });
    expect((await statusOf([lot.id]))[lot.id]).toBe('in_store');
    const late = await t.request<Err>('PUT', `/sales/auctions/${data.id}/results`, {
      token: officer.access,
      body: { results: [{ lotId: lot.id, buyerId: buyer.id, pricePerKg: '2000.00' }] },
    });
    expect([late.status, late.body.message]).toEqual([409, 'This auction is closed']);
    const unknown = await t.request<Err>('GET', '/sales/auctions/00000000-0000-4000-8000-000000000000', {
      token: officer.access,
    });
    expect(unknown.status).toBe(404);
  });
});
