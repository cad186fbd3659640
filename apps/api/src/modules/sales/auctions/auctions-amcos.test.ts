import type { AuctionImportPreview, AuctionLot } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { upload } from '../../../../test/master-data.ts';
import { makeBuyer, makeLot, makeSalesSetup, type SalesSetup } from '../../../../test/sales-lots.ts';
import { queryRows } from '../../../db/rows.ts';
import { buyers } from '../buyers/schema.ts';
import {
  catalogue,
  catalogueLots,
  decide,
  enterResults,
  must,
  newAuction,
  publish,
  publishedAuction,
  type Saved,
} from './testing.ts';

let t: TestApp;
let officer: Session;
let mine: SalesSetup;
let theirs: SalesSetup;
let manager: Session;
beforeAll(async () => {
  t = await startTestApp();
  officer = await sessionAs(t, 'Crop Officer');
  mine = await makeSalesSetup(t.db);
  // Another society's lots in the same season crop, grade and warehouse.
  const other = await makeSalesSetup(t.db);
  theirs = { ...mine, amcosId: other.amcosId };
  manager = await sessionAs(t, 'AMCOS Manager', { amcosId: mine.amcosId });
});
afterAll(() => t.close());

type Err = { message: string };

describe('AMCOS users and auctions', () => {
  it('see only their own lots, decide for their own lots only, and cannot run the auction', async () => {
    const own = await makeLot(t.db, mine, { netKg: '700.000' });
    const foreign = await makeLot(t.db, theirs, { netKg: '900.000' });
    const buyer = await makeBuyer(t.db);
    const { data } = await newAuction(t, officer, mine.seasonCropId);
    const onlyTheirs = await newAuction(t, officer, mine.seasonCropId);
    const foreign2 = await makeLot(t.db, theirs);
    await catalogue(t, officer, onlyTheirs.data.id, [{ lotId: foreign2.id, reservePrice: '1.00' }]);
    await catalogue(t, officer, data.id, [
      { lotId: own.id, reservePrice: '1500.00' },
      { lotId: foreign.id, reservePrice: '1500.00' },
    ]);
    await publish(t, officer, data.id);
    await enterResults(t, officer, data.id, [
      { lotId: own.id, buyerId: buyer.id, pricePerKg: '2000.00' },
      { lotId: foreign.id, buyerId: buyer.id, pricePerKg: '2100.00' },
    ]);

    const list = await must(
      t.request<{ data: { id: string; lotCount: number; netKg: string }[] }>('GET', '/sales/auctions', {
        token: manager.access,
      }),
      'list',
    );
    expect(list.data).toEqual([expect.objectContaining({ id: data.id, lotCount: 1, netKg: '700.000' })]);
    const detail = await must(
      t.request<Saved>('GET', `/sales/auctions/${data.id}`, { token: manager.access }),
      'detail',
    );
    expect(detail.data).toMatchObject({ counts: { lots: 1, bids: 1 }, invoices: [] });
    const lots = await must(
      t.request<{ data: AuctionLot[] }>('GET', `/sales/auctions/${data.id}/lots`, { token: manager.access }),
      'lots',
    );
    expect(lots.data.map((l) => l.lotId)).toEqual([own.id]);
    const xlsx = await t.request('GET', '/sales/auctions?format=xlsx', { token: manager.access });
    expect(xlsx.status).toBe(200);

    for (const path of [
      `/sales/auctions/${onlyTheirs.data.id}`,
      `/sales/auctions/${onlyTheirs.data.id}/lots`,
    ]) {
      const r = await t.request<Err>('GET', path, { token: manager.access });
      expect(r.status).toBe(403);
    }
    const foreignDecision = await t.request<Err>('PUT', `/sales/auctions/${data.id}/decisions`, {
      token: manager.access,
      body: { decisions: [{ lotId: foreign.id, decision: 'reject', formRef: 'AM-1' }] },
    });
    expect(foreignDecision.status).toBe(403);
    const mixed = await t.request<Err>('PUT', `/sales/auctions/${data.id}/decisions`, {
      token: manager.access,
      body: {
        decisions: [
          { lotId: own.id, decision: 'accept', formRef: 'AM-1' },
          { lotId: foreign.id, decision: 'accept', formRef: 'AM-1' },
        ],
      },
    });
    expect(mixed.status).toBe(403);
    const ok = await decide(t, manager, data.id, [{ lotId: own.id, decision: 'accept', formRef: 'AM-1' }]);
    expect(ok.data.counts).toMatchObject({ lots: 1, accepted: 1 });
    // Nothing of the foreign lot changed.
    const rows = await catalogueLots(t, officer, data.id);
    expect(rows.find((r) => r.lotId === foreign.id)).toMatchObject({ decision: null });

    // Union-side actions are refused to AMCOS users whatever their roles.
    const union = [
      [
        'POST',
        '/sales/auctions',
        { seasonCropId: mine.seasonCropId, auctionDate: '2026-01-01', platform: 'open' },
      ],
      ['POST', `/sales/auctions/${data.id}/lots`, { lots: [{ lotId: own.id, reservePrice: '1.00' }] }],
      ['PATCH', `/sales/auctions/${data.id}/publish`, undefined],
      ['PUT', `/sales/auctions/${data.id}/results`, { results: [{ lotId: own.id, result: 'no_bid' }] }],
      ['PATCH', `/sales/auctions/${data.id}/close`, undefined],
      ['GET', `/sales/auctions/${data.id}/available-lots`, undefined],
      ['GET', `/sales/auctions/${data.id}/available-lots/facets`, undefined],
    ] as const;
    for (const [method, path, body] of union) {
      const r = await t.request<Err>(method, path, { token: manager.access, ...(body ? { body } : {}) });
      expect([method, path, r.status]).toEqual([method, path, 403]);
    }

    // Reports are confined to the society's lots.
    await decide(t, officer, data.id, [{ lotId: foreign.id, decision: 'accept', formRef: 'TH-1' }]);
    await must(t.request('PATCH', `/sales/auctions/${data.id}/close`, { token: officer.access }), 'close');
    const report = await must(
      t.request<{ data: { totals: { lots: number; kg: string; amount: string } } }>(
        'GET',
        `/reports/auction/auction-details?auction_id=${data.id}`,
        { token: manager.access },
      ),
      'report',
    );
    expect(report.data.totals).toEqual({ lots: 1, kg: '700.000', amount: '1400000.00' });
  });
});

async function sheet(rows: (string | number)[][]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Results');
  ws.addRow(['Lot No', 'Bid Code', 'Price']);
  for (const r of rows) ws.addRow(r);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}
const xlsxFile = (bytes: Uint8Array) => ({
  name: 'results.xlsx',
  type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  bytes,
});

describe('results from the exchange sheet', () => {
  it('previews row errors, refuses to apply a sheet with errors, then applies a clean one', async () => {
    const l1 = await makeLot(t.db, mine, { netKg: '1000.000' });
    const l2 = await makeLot(t.db, mine, { netKg: '2000.000' });
    const l3 = await makeLot(t.db, mine, { netKg: '300.000' });
    const stray = await makeLot(t.db, mine);
    const buyer = await makeBuyer(t.db);
    const [b] = await t.db
      .select({ code: buyers.bidCode })
      .from(buyers)
      .where(sql`${buyers.id} = ${buyer.id}`);
    const code = b?.code ?? '';
    const { data } = await publishedAuction(t, officer, mine.seasonCropId, [
      { lotId: l1.id, reservePrice: '2000.00' },
      { lotId: l2.id, reservePrice: '2000.00' },
      { lotId: l3.id, reservePrice: '2000.00' },
    ]);

    const bad = await sheet([
      [l1.lotNo, code, '2100'],
      [stray.lotNo, code, '2100'],
      [l2.lotNo, 'ZZZ', '2100'],
      [l3.lotNo, code, '1900'],
    ]);
    const preview = await upload<AuctionImportPreview>(
      t,
      `/sales/auctions/${data.id}/results/import`,
      xlsxFile(bad),
      officer.access,
    );
    expect(preview.status).toBe(200);
    expect(preview.body.valid).toBe(1);
    expect(preview.body.rows.map((r) => [r.row, r.errors])).toEqual([
      [2, []],
      [3, [`Lot ${stray.lotNo} is not in this auction's catalogue`]],
      [4, ['No buyer has bid code ZZZ']],
      [5, ['The price is below the reserve of 2000.00: confirm the sale below reserve']],
    ]);
    const refused = await upload<Err>(
      t,
      `/sales/auctions/${data.id}/results/import?mode=apply`,
      xlsxFile(bad),
      officer.access,
    );
    expect(refused.status).toBe(400);
    expect((await catalogueLots(t, officer, data.id)).every((r) => r.result === null)).toBe(true);

    const good = await sheet([
      [l1.lotNo, code, '2100.50'],
      [l2.lotNo, '', ''],
      [l3.lotNo, code, '1900'],
    ]);
    const applied = await upload<Saved>(
      t,
      `/sales/auctions/${data.id}/results/import?mode=apply&confirm_below_reserve=true`,
      xlsxFile(good),
      officer.access,
    );
    expect(applied.status).toBe(200);
    expect(applied.body.data).toMatchObject({ status: 'results', counts: { withResult: 3, bids: 2 } });
    const rows = await catalogueLots(t, officer, data.id);
    expect(rows.find((r) => r.lotId === l1.id)).toMatchObject({
      pricePerKg: '2100.50',
      amount: '2100500.00',
    });
    expect(rows.find((r) => r.lotId === l2.id)).toMatchObject({ result: 'no_bid' });
    expect(rows.find((r) => r.lotId === l3.id)).toMatchObject({ belowReserveConfirmed: true });
  });
});

describe('property: invoices bill exactly the sold lots', () => {
  it('sum of the invoices lot lines = sum over sold lots of kg x price (to the cent)', async () => {
    const buyerPool = await Promise.all([
      makeBuyer(t.db, 'P1'),
      makeBuyer(t.db, 'P2'),
      makeBuyer(t.db, 'P3'),
    ]);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            grams: fc.integer({ min: 1_000, max: 40_000_000 }), // 1 kg to 40 t: an amount is never 0.00
            cents: fc.integer({ min: 1, max: 500_000 }),
            buyer: fc.integer({ min: 0, max: 2 }),
            accept: fc.boolean(),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        async (spec) => {
          const made = await Promise.all(
            spec.map((s) => makeLot(t.db, mine, { netKg: (s.grams / 1000).toFixed(3) })),
          );
          const { data } = await newAuction(t, officer, mine.seasonCropId);
          await catalogue(
            t,
            officer,
            data.id,
            made.map((l) => ({ lotId: l.id, reservePrice: '0.00' })),
          );
          await publish(t, officer, data.id);
          await enterResults(
            t,
            officer,
            data.id,
            spec.map((s, i) => ({
              lotId: made[i]?.id,
              buyerId: buyerPool[s.buyer]?.id,
              pricePerKg: dec(s.cents).div(100).toFixed(2),
            })),
          );
          await decide(
            t,
            officer,
            data.id,
            spec.map((s, i) => ({
              lotId: made[i]?.id,
              decision: s.accept ? 'accept' : 'reject',
              formRef: 'P',
            })),
          );
          await must(
            t.request('PATCH', `/sales/auctions/${data.id}/close`, { token: officer.access }),
            'close',
          );
          // Expected in integer arithmetic: kg x price = grams x cents / 100,000 shillings = grams x cents / 1,000 cents.
          let expected = 0n;
          for (const s of spec) {
            if (!s.accept) continue;
            const milliCents = BigInt(s.grams) * BigInt(s.cents);
            expected += (milliCents + 500n) / 1_000n; // half-up to the cent
          }
          const [got] = await queryRows(
            t.db,
            z.object({ cents: z.string(), invoices: z.number(), buyers: z.number() }),
            sql`select coalesce(sum(l.amount) * 100, 0)::bigint::text as cents, count(distinct i.id)::int as invoices,
              count(distinct i.buyer_id)::int as buyers
              from sales_invoices i join sales_invoice_lines l on l.invoice_id = i.id and l.kind = 'lot'
              where i.auction_id = ${data.id}`,
          );
          expect(got?.cents).toBe(expected.toString());
          expect(got?.invoices).toBe(new Set(spec.filter((s) => s.accept).map((s) => s.buyer)).size);
        },
      ),
      { numRuns: 12 },
    );
  });
});
