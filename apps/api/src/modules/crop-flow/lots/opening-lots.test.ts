import type { SettlementPreview } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Session, sessionAs, type TestApp } from '../../../../test/harness.ts';
import {
  makeFarmers,
  makeSettlementWorld,
  type SettlementWorld,
  sellLot,
  startSettlementApp,
} from '../../../../test/settlement-fixtures.ts';
import { queryRows } from '../../../db/rows.ts';
import { csvSheet, goLiveOn, makeOpeningAccount, sendOpening } from '../../accounts/opening/testing.ts';
import { THIS_YEAR } from '../../accounts/testing.ts';

const Y = THIS_YEAR;
const HEADER =
  'warehouse,lot_no,amcos_code,season,crop_code,grade_code,bags,net_kg,farmer_no,farmer_bags,farmer_kg';
type Preview = {
  data: {
    rows: { row: number; fate: string; detail: string | null }[];
    accepted: number;
    refused: number;
    problem: string | null;
  };
};
type Imported = { data: { id: string; rows: number; total: string; entryId: string | null } };
type Check = {
  data: { agreed: boolean; checks: { key: string; difference: string }[] };
};

const lotRow = z.object({
  id: z.string(),
  whrNo: z.string(),
  lotNo: z.string(),
  status: z.string(),
  bags: z.number(),
  netKg: z.string(),
  collectedKg: z.string(),
  withoutFarmerDetail: z.boolean(),
  issuedOn: z.string(),
});
const shareRow = z.object({
  lotNo: z.string(),
  farmerNo: z.string(),
  bags: z.number(),
  kg: z.string(),
  status: z.string(),
  collectedOn: z.string(),
});

let t: TestApp;
let admin: Session;
let officer: Session;
let accountant: Session;
let world: SettlementWorld;
let farmers: { id: string; farmerNo: string }[];
let other: { id: string; farmerNo: string }[];
let lotStart: string;

const openingLots = () =>
  queryRows(
    t.db,
    lotRow,
    sql`select id, whr_no as "whrNo", lot_no as "lotNo", status, bags, net_kg::text as "netKg",
          collected_kg::text as "collectedKg", without_farmer_detail as "withoutFarmerDetail",
          to_char(issued_at at time zone 'UTC', 'YYYY-MM-DD') as "issuedOn"
        from lots where warehouse_id = ${world.warehouseId} and opening_import_id is not null order by lot_no`,
  );
const shares = () =>
  queryRows(
    t.db,
    shareRow,
    sql`select l.lot_no as "lotNo", f.farmer_no as "farmerNo", c.bags, c.net_kg::text as kg, c.status,
          c.collected_on::text as "collectedOn"
        from collections c join lots l on l.id = c.lot_id join farmers f on f.id = c.farmer_id
        where l.warehouse_id = ${world.warehouseId} order by l.lot_no, f.farmer_no`,
  );
const reverse = (id: string) =>
  t.request<{ message: string }>('PATCH', `/accounts/opening/imports/${id}/reverse`, {
    token: accountant.access,
    body: { reason: 'Lots counted again' },
  });

beforeAll(async () => {
  ({ t, admin, officer } = await startSettlementApp());
  accountant = await sessionAs(t, 'Accountant');
  world = await makeSettlementWorld(t.db);
  farmers = await makeFarmers(t.db, world, ['mobile', 'mobile', 'mobile']);
  const otherWorld = await makeSettlementWorld(t.db);
  other = await makeFarmers(t.db, otherWorld, ['mobile']);
  const [names] = await queryRows(
    t.db,
    z.object({ warehouse: z.string(), amcos: z.string(), season: z.string(), crop: z.string() }),
    sql`select w.name as warehouse, a.code as amcos, s.name as season, c.code as crop
        from season_crops sc join seasons s on s.id = sc.season_id join crops c on c.id = sc.crop_id,
          warehouses w, amcos a
        where sc.id = ${world.seasonCropId} and w.id = ${world.warehouseId} and a.id = ${world.amcosId}`,
  );
  if (!names) throw new Error('no world');
  lotStart = `${names.warehouse},{lot},${names.amcos},${names.season},${names.crop}`;
  const openingAccount = await makeOpeningAccount(t, admin, 'collection');
  expect((await goLiveOn(t, accountant, 'collection', `${Y}-05-01`, openingAccount)).status).toBe(200);
});
afterAll(() => t.close());

const line = (lot: string, rest: string) => `${lotStart.replace('{lot}', lot)},${rest}`;

describe('going live: crop lots in the warehouses (#36)', () => {
  it('dry-runs each row: unknown warehouse, society, crop, grade or farmer, a lot number in use or ours, rows of a lot that disagree, a farmer of another society or twice, not a number', async () => {
    const [a, b] = farmers;
    const r = await sendOpening<Preview>(
      t,
      accountant,
      { kind: 'crop_lots', step: 'preview' },
      csvSheet('lots-bad.csv', HEADER, [
        line('OLD-1', `STD,10,800,${a?.farmerNo},6,500`),
        line('OLD-1', `STD,10,800,${b?.farmerNo},4,300`),
        `Nowhere,OLD-2,X,X,X,STD,1,1,,,`,
        line('LOT-2026-0007', 'STD,1,100,,,'),
        line('OLD-3', 'PREMIUM,1,100,,,'),
        line('OLD-1', `STD,11,800,${farmers[2]?.farmerNo},1,10`),
        line('OLD-1', `STD,10,800,${a?.farmerNo},1,10`),
        line('OLD-1', `STD,10,800,${other[0]?.farmerNo},1,10`),
        line('OLD-1', 'STD,10,800,,,'),
        line('OLD-4', 'STD,ten,100,,,'),
        line('OLD-5', `STD,2,100,NOPE-00001,1,50`),
        line('OLD-6', `STD,2,100,${farmers[2]?.farmerNo},1,lots`),
        line('OLD-7', 'STD,6,480,,,'),
      ]),
    );
    expect(r.status).toBe(200);
    expect(r.body.data.rows.map((x) => [x.row, x.fate, x.detail])).toEqual([
      [2, 'ok', '500.000'],
      [3, 'ok', '300.000'],
      [4, 'unknown_code', 'warehouse'],
      [5, 'number_taken', 'lot_no'],
      [6, 'unknown_code', 'grade_code'],
      [7, 'lot_differs', 'bags'],
      [8, 'duplicate', '2'],
      [9, 'other_amcos', null],
      [10, 'missing', 'farmer_no'],
      [11, 'not_a_number', 'bags'],
      [12, 'unknown_code', 'farmer_no'],
      [13, 'not_a_number', 'farmer_kg'],
      [14, 'without_farmer_detail', '480.000'],
    ]);
    expect(r.body.data).toMatchObject({ accepted: 3, refused: 10 });
    expect(r.body.data.problem).toMatch(/^10 of 13 rows cannot be imported/);
    expect(await openingLots()).toEqual([]);
  });

  it('brings three lots in whole, in store at the opening date with their farmers’ shares, nothing posted; the book still ties at 0.00', async () => {
    const [a, b, c] = farmers;
    const sheet = csvSheet('lots.csv', HEADER, [
      line('OLD-1', `STD,10,800,${a?.farmerNo},6,500`),
      line('OLD-1', `STD,10,800,${b?.farmerNo},4,310.5`),
      line('OLD-2', `STD,3,240,${c?.farmerNo},3,240`),
      line('OLD-3', 'STD,6,480,,,'),
    ]);
    const r = await sendOpening<Imported>(t, accountant, { kind: 'crop_lots', step: 'import' }, sheet);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ rows: 4, total: '0.00', entryId: null });
    expect((await sendOpening(t, accountant, { kind: 'crop_lots', step: 'import' }, sheet)).status).toBe(409);
    const made = await openingLots();
    expect(
      made.map((l) => [l.lotNo, l.status, l.bags, l.netKg, l.collectedKg, l.withoutFarmerDetail, l.issuedOn]),
    ).toEqual([
      ['OLD-1', 'in_store', 10, '800.000', '810.500', false, `${Y}-04-30`],
      ['OLD-2', 'in_store', 3, '240.000', '240.000', false, `${Y}-04-30`],
      ['OLD-3', 'in_store', 6, '480.000', '480.000', true, `${Y}-04-30`],
    ]);
    expect(made.every((l) => /^WHR-/.test(l.whrNo))).toBe(true);
    expect((await shares()).map((s) => [s.lotNo, s.farmerNo, s.bags, s.kg, s.status, s.collectedOn])).toEqual(
      [
        ['OLD-1', a?.farmerNo, 6, '500.000', 'in_lot', `${Y}-04-30`],
        ['OLD-1', b?.farmerNo, 4, '310.500', 'in_lot', `${Y}-04-30`],
        ['OLD-2', c?.farmerNo, 3, '240.000', 'in_lot', `${Y}-04-30`],
      ].sort((x, y) => `${x[0]}${x[1]}`.localeCompare(`${y[0]}${y[1]}`)),
    );
    // The lot is the warehouse's like any other: the lots list shows it in store.
    const listed = await t.request<{ data: { lotNo: string; status: string }[] }>(
      'GET',
      `/collections/lots?warehouse_id=${world.warehouseId}&per_page=50`,
      { token: admin.access },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((l) => l.lotNo).sort()).toEqual(['OLD-1', 'OLD-2', 'OLD-3']);

    const tb = csvSheet('collection-tb.csv', 'account_code,account_name,debit,credit', [
      '1101,Crop collection bank account,2000000,',
      '3101,Collection fund balance,,2000000',
    ]);
    expect(
      (await sendOpening(t, accountant, { kind: 'trial_balance', step: 'import', book: 'collection' }, tb))
        .status,
    ).toBe(200);
    const check = await t.request<Check>('GET', '/accounts/opening/books/collection/check', {
      token: accountant.access,
    });
    expect(check.body.data.agreed).toBe(true);
    expect(check.body.data.checks.every((x) => x.difference === '0.00')).toBe(true);
  });

  it('reverses whole and comes in again; once a lot is catalogued the lots can no longer be reversed', async () => {
    const overview = await t.request<{ data: { imports: { id: string; kind: string; status: string }[] } }>(
      'GET',
      '/accounts/opening',
      { token: accountant.access },
    );
    const lotsImport = overview.body.data.imports.find(
      (i) => i.kind === 'crop_lots' && i.status === 'imported',
    );
    if (!lotsImport) throw new Error('no lots import');
    expect((await reverse(lotsImport.id)).status).toBe(200);
    expect(await openingLots()).toEqual([]);
    expect(await shares()).toEqual([]);

    const again = await sendOpening<Imported>(
      t,
      accountant,
      { kind: 'crop_lots', step: 'import' },
      csvSheet('lots-again.csv', HEADER, [line('OLD-1', `STD,10,800,${farmers[0]?.farmerNo},10,800`)]),
    );
    expect(again.status).toBe(200);
    await t.db.execute(
      sql`update lots set status = 'catalogued' where warehouse_id = ${world.warehouseId} and lot_no = 'OLD-1'`,
    );
    const refused = await reverse(again.body.data.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Lot OLD-1 has been catalogued or sold since go-live: the opening lots can no longer be reversed',
    );
    expect((await openingLots()).map((l) => l.lotNo)).toEqual(['OLD-1']);
  });

  it('an opening lot is settled like any lot: its farmers share its money; a lot without farmer detail is refused', async () => {
    const alone = await sendOpening<Imported>(
      t,
      accountant,
      { kind: 'crop_lots', step: 'import' },
      csvSheet('lots-alone.csv', HEADER, [line('OLD-8', 'STD,5,400,,,')]),
    );
    expect(alone.status).toBe(200);
    const made = await openingLots();
    const one = made.find((l) => l.lotNo === 'OLD-1');
    const eight = made.find((l) => l.lotNo === 'OLD-8');
    if (!one || !eight) throw new Error('no lots');
    await sellLot(t.db, world, one, { netKg: one.netKg, price: '2000' });
    await sellLot(t.db, world, eight, { netKg: eight.netKg, price: '2000' });
    const preview = (lotIds: string[]) =>
      t.request<{ data: SettlementPreview; message?: string }>('POST', '/payments/settlements/preview', {
        token: officer.access,
        body: { lotIds },
      });
    const refused = await preview([eight.id]);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Lot OLD-8 has no farmers' collections: its farmers cannot be paid");
    const settled = await preview([one.id]);
    expect(settled.status).toBe(200);
    expect(settled.body.data.gross).toBe('1600000.00');
    expect(settled.body.data.farmers.map((f) => [f.farmerNo, f.kg, f.grossShare])).toEqual([
      [farmers[0]?.farmerNo, '800.000', '1600000.00'],
    ]);
  });

  it('only the union’s accountants import lots', async () => {
    const r = await sendOpening(
      t,
      officer,
      { kind: 'crop_lots', step: 'preview' },
      csvSheet('lots.csv', HEADER, [line('OLD-9', 'STD,1,80,,,')]),
    );
    expect(r.status).toBe(403);
  });
});
