import type { Collection, DashboardReply, Lot, SeasonCrop, StockReply } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotsInStore } from '../../../test/crop-flow-lots.ts';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import type { Listed } from '../../../test/master-data.ts';
import { DEFAULT_CROPS } from '../seasons/default-crops.ts';

// Crop and grade names that reach a screen through a join (collections, stock, lots, season
// crops, the dashboard) and the files made from the same queries are in the reader's language:
// the server reads `name_sw` on a Swahili request (Accept-Language), `name` otherwise or when the
// Swahili name is missing (#20).

let t: TestApp;
let admin: Session;
let seasonName: string;
let lotId: string;

const cashew = DEFAULT_CROPS[0];
const standard = cashew.grades[0];

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
  const store = await lotsInStore(t, admin);
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
});
