import { readFile } from 'node:fs/promises';
import type {
  Collection,
  DashboardReply,
  Lot,
  LotDetail,
  SalesInvoiceDetail,
  SeasonCrop,
  StockReply,
} from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { weighing } from '../../../test/crop-flow.ts';
import { type CropWorld, lotsInStore } from '../../../test/crop-flow-lots.ts';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import type { Listed } from '../../../test/master-data.ts';
import { makeBuyer } from '../../../test/sales-lots.ts';
import { queryRows } from '../../db/rows.ts';
import { decide, enterResults, must, publishedAuction, type Saved } from '../sales/auctions/testing.ts';
import { DEFAULT_CROPS } from '../seasons/default-crops.ts';
import { crops } from '../seasons/schema.ts';

// Crop and grade names that reach a screen through a join (collections, stock, lots, season
// crops, the dashboard) and the files made from the same queries are in the reader's language:
// the server reads `name_sw` on a Swahili request (Accept-Language), `name` otherwise or when the
// Swahili name is missing (#20).

let t: TestApp;
let admin: Session;
let seasonName: string;
let lotId: string;
let world: CropWorld;
let storeLots: LotDetail[];

const cashew = DEFAULT_CROPS[0];
const standard = cashew.grades[0];
const underGrade = cashew.grades[1];

const get = async <T>(path: string, lang: 'en' | 'sw') => {
  const r = await t.request<T>('GET', path, { token: admin.access, lang });
  expect(r.status).toBe(200);
  return r;
};

/** What each screen's query answers for the one lot and its collections, in `lang`. */
async function namesIn(lang: 'en' | 'sw') {
  const lots = await get<Listed<Lot>>('/collections/lots?per_page=100', lang);
  const lot = lots.body.data.find((l) => l.id === lotId);
  const receipts = await get<Listed<Collection>>('/collections/receipts?per_page=100', lang);
  const stock = await get<StockReply>('/collections/stock', lang);
  const seasonCrops = await get<Listed<SeasonCrop>>('/settings/collection/season-crops?per_page=100', lang);
  const dashboard = await get<DashboardReply>('/dashboard/season', lang);
  const csv = new TextDecoder().decode((await get('/collections/lots?format=csv', lang)).raw);
  return {
    lot: [lot?.seasonCropName, lot?.gradeName],
    receipts: [...new Set(receipts.body.data.map((c) => `${c.cropName} / ${c.gradeName}`))],
    stock: [...new Set(stock.body.data.map((s) => `${s.cropName} / ${s.gradeName}`))],
    seasonCrops: [...new Set(seasonCrops.body.data.map((s) => s.cropName))],
    dashboard: dashboard.body.byCrop.map((c) => c.name),
    csv,
  };
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await sessionAs(t, 'Administrator');
  // Two lots: the second is made Under grade for the auction (a report sorted by grade name).
  const store = await lotsInStore(t, admin, { lots: ['500.000', '500.000'] });
  world = store.world;
  storeLots = store.lots;
  seasonName = store.world.cashew.seasonName;
  lotId = store.lots[0]?.id ?? '';
});
afterAll(() => t?.close());

describe('crop and grade names in the reader language', () => {
  it('answers Swahili names to a Swahili request and English names to an English one', async () => {
    const sw = await namesIn('sw');
    expect(sw.lot).toEqual([`${seasonName} ${cashew.nameSw}`, standard.nameSw]);
    expect(sw.receipts).toEqual([`${cashew.nameSw} / ${standard.nameSw}`]);
    expect(sw.stock).toEqual([`${cashew.nameSw} / ${standard.nameSw}`]);
    expect(sw.seasonCrops).toEqual([cashew.nameSw]);
    expect(sw.dashboard).toEqual([cashew.nameSw]);
    expect(sw.csv).toContain(`${seasonName} ${cashew.nameSw}`);
    expect(sw.csv).toContain(standard.nameSw);

    const en = await namesIn('en');
    expect(en.lot).toEqual([`${seasonName} ${cashew.name}`, standard.name]);
    expect(en.receipts).toEqual([`${cashew.name} / ${standard.name}`]);
    expect(en.stock).toEqual([`${cashew.name} / ${standard.name}`]);
    expect(en.seasonCrops).toEqual([cashew.name]);
    expect(en.dashboard).toEqual([cashew.name]);
    expect(en.csv).not.toContain(cashew.nameSw);

    // A search by the Swahili name finds the crop and its season crop, in either language.
    const found = await get<Listed<SeasonCrop>>(
      `/settings/collection/season-crops?search=${cashew.nameSw}`,
      'en',
    );
    expect(found.body.data.map((s) => s.cropName)).toEqual([cashew.name]);
    const crops = await get<Listed<{ code: string }>>(
      `/settings/collection/crops?search=${cashew.nameSw}`,
      'sw',
    );
    expect(crops.body.data.map((c) => c.code)).toEqual([cashew.code]);
  });

  it('answers the weighing save in the reader language; the farmer SMS names the crop in Swahili', async () => {
    const farmer = world.society.farmers[0];
    if (!farmer) throw new Error('no farmer');
    // Both languages through the one prepared statement of the save (PostgreSQL): the language is
    // a parameter, not part of its text.
    const save = async (lang: 'en' | 'sw') => {
      const r = await t.request<{ data: Collection }>('POST', '/collections/receipts', {
        token: world.society.clerk.access,
        lang,
        body: weighing(world.cashew, farmer),
      });
      expect(r.status).toBe(201);
      return r.body.data;
    };
    const sw = await save('sw');
    const en = await save('en');
    expect([sw.cropName, sw.gradeName]).toEqual([cashew.nameSw, standard.nameSw]);
    expect([en.cropName, en.gradeName]).toEqual([cashew.name, standard.name]);
    // The farmers' SMS is Swahili whatever the clerk's screen language: Korosho, not Cashew nuts.
    for (const saved of [sw, en]) {
      const [sms] = await queryRows(
        t.db,
        z.object({ body: z.string() }),
        sql`select body from sms_outbox where body like ${`%${saved.receiptNo}%`}`,
      );
      expect(sms?.body).toContain(`za ${cashew.nameSw} daraja ${standard.code}`);
      expect(sms?.body).not.toContain(cashew.name);
    }
  });

  it('writes the invoice lines of an auction close in both languages; the price report sorts by the shown grade', async () => {
    const [first, second] = storeLots;
    if (!first || !second || !underGrade) throw new Error('two lots expected');
    await t.db.execute(
      sql`update lots set grade_id = (select id from grades where code = ${underGrade.code}
          and crop_id = ${world.cashew.cropId}::uuid) where id = ${second.id}::uuid`,
    );
    const buyer = await makeBuyer(t.db, 'Majina Traders');
    const lots = [first, second];
    const { data: auction } = await publishedAuction(
      t,
      admin,
      world.cashew.seasonCrop.id,
      lots.map((l) => ({ lotId: l.id, reservePrice: '1000.00' })),
    );
    await enterResults(
      t,
      admin,
      auction.id,
      lots.map((l) => ({ lotId: l.id, buyerId: buyer.id, pricePerKg: '2000.00' })),
    );
    await decide(
      t,
      admin,
      auction.id,
      lots.map((l) => ({ lotId: l.id, decision: 'accept', formRef: 'F-1' })),
    );
    const closed = await must(
      t.request<Saved>('PATCH', `/sales/auctions/${auction.id}/close`, { token: admin.access }),
      'close',
    );
    const invoiceId = closed.data.invoices[0]?.id ?? '';
    const lines = async (lang: 'en' | 'sw') =>
      (await get<{ data: SalesInvoiceDetail }>(`/sales/invoices/${invoiceId}`, lang)).body.data.lines.map(
        (l) => l.description,
      );
    // Lines in lot number order, as the close writes them.
    const byLotNo = [
      [first, standard],
      [second, underGrade],
    ] as const;
    const sorted = [...byLotNo].sort(([a], [b]) => a.lotNo.localeCompare(b.lotNo));
    const no = auction.auctionNo;
    const swLines = sorted.map(([l, g]) => `${no} loti ${l.lotNo} (WHR ${l.whrNo}), ${g.nameSw}`);
    const enLines = sorted.map(([l, g]) => `${no} lot ${l.lotNo} (WHR ${l.whrNo}), ${g.name}`);
    expect(await lines('sw')).toEqual(swLines);
    expect(await lines('en')).toEqual(enLines);

    // Lines closed before the Swahili text was stored get it from the migration (exact text only).
    await t.db.execute(
      sql`update sales_invoice_lines set description_sw = null where invoice_id = ${invoiceId}::uuid`,
    );
    await t.db.execute(
      sql`insert into sales_invoice_lines (id, invoice_id, line_no, kind, description, amount)
          values (gen_random_uuid(), ${invoiceId}::uuid, 99, 'lot', 'Typed by a person', 0)`,
    );
    const migration = await readFile(
      new URL('../../db/migrations/0043_invoice_line_text_sw.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint')[1] ?? '';
    expect(backfill).toContain('UPDATE "sales_invoice_lines"');
    await t.db.execute(sql.raw(backfill));
    expect(await lines('sw')).toEqual([...swLines, 'Typed by a person']);
    await t.db.execute(
      sql`delete from sales_invoice_lines where invoice_id = ${invoiceId}::uuid and line_no = 99`,
    );

    // The price report per grade: Chini ya daraja before Daraja la kawaida in Swahili, Standard
    // before Under grade in English.
    const grades = async (lang: 'en' | 'sw') =>
      (
        await get<{ data: { rows: { gradeName: string }[] } }>(
          `/reports/auction/auction-price?auction_id=${auction.id}`,
          lang,
        )
      ).body.data.rows.map((r) => r.gradeName);
    expect(await grades('sw')).toEqual([underGrade.nameSw, standard.nameSw]);
    expect(await grades('en')).toEqual([standard.name, underGrade.name]);
  });

  it('falls back to the English name where the Swahili one is missing or empty', async () => {
    await t.db.execute(sql`update crops set name_sw = null where code = ${cashew.code}`);
    await t.db.execute(
      sql`update grades set name_sw = '' where code = ${standard.code}
        and crop_id = (select id from crops where code = ${cashew.code})`,
    );
    const sw = await namesIn('sw');
    expect(sw.lot).toEqual([`${seasonName} ${cashew.name}`, standard.name]);
    expect(sw.receipts).toEqual([`${cashew.name} / ${standard.name}`]);
    expect(sw.stock).toEqual([`${cashew.name} / ${standard.name}`]);
    expect(sw.seasonCrops).toEqual([cashew.name]);
    expect(sw.dashboard).toEqual([cashew.name]);
    expect(sw.csv).toContain(`${seasonName} ${cashew.name}`);
  });

  it('sorts crops, grades and season crops by the name the reader sees', async () => {
    // The names the fallback test removed, back.
    await t.db.execute(sql`update crops set name_sw = ${cashew.nameSw} where code = ${cashew.code}`);
    await t.db.execute(
      sql`update grades set name_sw = ${standard.nameSw} where code = ${standard.code}
        and crop_id = (select id from crops where code = ${cashew.code})`,
    );
    // A crop the system named in both languages whose English name sorts first (Avocado) and
    // whose Swahili one sorts between Korosho and Ufuta (Parachichi), in the same season.
    const [avocado] = await t.db
      .insert(crops)
      .values({ name: 'Avocado', nameSw: 'Parachichi', code: 'AVOCADO' })
      .returning({ id: crops.id });
    const added = await t.request('POST', '/settings/collection/season-crops', {
      token: admin.access,
      body: {
        seasonId: world.cashew.seasonId,
        cropId: avocado?.id,
        indicativePrice: '1500.00',
        standardBagKg: '80.000',
        maxMoisture: '10.00',
      },
    });
    expect(added.status).toBe(201);

    const codes = async (path: string, lang: 'en' | 'sw') =>
      (await get<Listed<{ code: string }>>(path, lang)).body.data.map((r) => r.code);
    for (const path of ['/settings/collection/crops', '/settings/collection/crops?sort=name:asc']) {
      expect(await codes(path, 'sw')).toEqual([cashew.code, 'AVOCADO', 'SESAME']);
      expect(await codes(path, 'en')).toEqual(['AVOCADO', cashew.code, 'SESAME']);
    }
    const gradesPath = `/settings/collection/grades?crop_id=${world.cashew.cropId}&sort=name:asc`;
    expect(await codes(gradesPath, 'sw')).toEqual([underGrade?.code, standard.code]);
    expect(await codes(gradesPath, 'en')).toEqual([standard.code, underGrade?.code]);
    expect(await codes(gradesPath.replace(':asc', ':desc'), 'sw')).toEqual([standard.code, underGrade?.code]);

    const seasonCropNames = async (sort: string, lang: 'en' | 'sw') =>
      (
        await get<Listed<SeasonCrop>>(
          `/settings/collection/season-crops?season_id=${world.cashew.seasonId}${sort}`,
          lang,
        )
      ).body.data.map((s) => s.cropName);
    for (const sort of ['', '&sort=crop:asc']) {
      expect(await seasonCropNames(sort, 'sw')).toEqual([cashew.nameSw, 'Parachichi']);
      expect(await seasonCropNames(sort, 'en')).toEqual(['Avocado', cashew.name]);
    }
  });
});
