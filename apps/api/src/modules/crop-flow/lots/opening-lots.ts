import type { OpeningPreviewRow } from '@ushirika/contracts';
import { dec, sheetFigure, sum } from '@ushirika/domain';
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../../../db/rows.ts';
import { ConflictError } from '../../../platform/errors.ts';
import type { SheetRow } from '../../../platform/import-sheet.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import {
  fateOf,
  lockRecords,
  type OpeningKindDefinition,
  type OpeningRecord,
} from '../../accounts/opening/kinds.ts';
import { farmersNumbered } from '../../farmers/queries.ts';
import { collections, lots } from '../schema.ts';

const named = z.object({ id: z.string(), key: z.string(), name: z.string() });
const seasonCropRow = z.object({ id: z.string(), key: z.string(), cropId: z.string() });
const takenRow = z.object({ key: z.string() });
const usedRow = z.object({ lotNo: z.string() });

/** The lots Ushirika numbers itself (`LOT-2026-0001`): an old lot may not take one of them. */
const OUR_LOT_NO = /^LOT-\d{4}-\d+$/i;

/** What makes a lot: every row of the lot must say the same. */
const LOT_FIELDS = ['amcos_code', 'season', 'crop_code', 'grade_code', 'bags', 'net_kg'] as const;

type Share = { farmerId: string; bags: number; kg: string };
type OpeningLot = {
  warehouseId: string;
  lotNo: string;
  amcosId: string;
  seasonCropId: string;
  gradeId: string;
  bags: number;
  netKg: string;
  shares: Share[];
};

const lower = (text: string | undefined) => (text ?? '').trim().toLowerCase();
const positiveWhole = (text: string | undefined) => {
  const figure = sheetFigure(text ?? '', 0);
  return figure !== null && /^\d+$/.test(figure) && Number.parseInt(figure, 10) > 0
    ? Number.parseInt(figure, 10)
    : null;
};

async function lookups(tx: Parameters<OpeningKindDefinition['check']>[0], rows: SheetRow[]) {
  const warehouses = await queryRows(
    tx,
    named,
    sql`select id, lower(name) as key, name from warehouses where active
        union all select id, lower(licence_no) as key, name from warehouses where active`,
  );
  const societies = await queryRows(tx, named, sql`select id, lower(code) as key, name from amcos`);
  const seasonCrops = await queryRows(
    tx,
    seasonCropRow,
    sql`select sc.id, lower(s.name) || '|' || lower(c.code) as key, sc.crop_id as "cropId"
        from season_crops sc join seasons s on s.id = sc.season_id join crops c on c.id = sc.crop_id`,
  );
  const grades = await queryRows(
    tx,
    named,
    sql`select id, crop_id || '|' || lower(code) as key, name from grades`,
  );
  const taken = await queryRows(
    tx,
    takenRow,
    sql`select warehouse_id || '|' || lower(lot_no) as key from lots`,
  );
  const numbers = [
    ...new Set(rows.map((r) => (r.cells.farmer_no ?? '').trim().toUpperCase()).filter(Boolean)),
  ];
  const found = await farmersNumbered(tx, numbers);
  const byKey = <T extends { key: string }>(list: T[]) => new Map(list.map((r) => [r.key, r]));
  return {
    warehouses: byKey(warehouses),
    societies: byKey(societies),
    seasonCrops: byKey(seasonCrops),
    grades: byKey(grades),
    taken: new Set(taken.map((r) => r.key)),
    farmers: new Map(found.map((f) => [f.farmerNo.toUpperCase(), f])),
  };
}

/**
 * Crop lots in the warehouses at go-live, not yet sold (#36): one row per farmer's share of a lot
 * (the lot's warehouse and its old number, society, season, crop, grade, bags and warehouse kg on
 * each row alike), or one row with no farmer for a lot whose farmers the union does not know. Each
 * lot comes in as an issued warehouse receipt (a WHR number, its old lot number kept), in store at
 * the opening date, and its farmers' shares as its collections, so it is catalogued, sold and
 * settled like any lot. A lot without farmer detail is flagged: it can be sold, but its settlement
 * asks for farmers it does not have. Nothing is posted: the crop is the farmers' until it is sold,
 * and no account of either book holds it.
 */
export const cropLotsOpening: OpeningKindDefinition = {
  book: 'collection',
  async check(tx, rows, { openingDate }) {
    const found = await lookups(tx, rows);
    const lotKey = (cells: SheetRow['cells']) => `${lower(cells.warehouse)}|${lower(cells.lot_no)}`;
    const withFarmers = new Set(
      rows.filter((r) => lower(r.cells.farmer_no) !== '').map((r) => lotKey(r.cells)),
    );
    const first = new Map<string, SheetRow>();
    const byLot = new Map<string, OpeningLot>();
    const sharedRow = new Map<string, number>();
    const preview: OpeningPreviewRow[] = [];
    for (const { row, cells } of rows) {
      const key = lotKey(cells);
      const warehouse = found.warehouses.get(lower(cells.warehouse));
      const society = found.societies.get(lower(cells.amcos_code));
      const farmerNo = (cells.farmer_no ?? '').trim().toUpperCase();
      const farmer = found.farmers.get(farmerNo);
      const base = {
        reference: `${(cells.warehouse ?? '').trim()} / ${(cells.lot_no ?? '').trim()}`,
        name:
          [society?.name, farmer ? `${farmer.first} ${farmer.last}` : null].filter(Boolean).join(': ') ||
          null,
      };
      const refuse = (fate: Parameters<typeof fateOf>[1], detail: string | null = null) =>
        preview.push(fateOf(row, fate, { ...base, detail }));
      if (!warehouse) {
        refuse('unknown_code', 'warehouse');
        continue;
      }
      const lotNo = (cells.lot_no ?? '').trim();
      if (!lotNo) {
        refuse('missing', 'lot_no');
        continue;
      }
      if (found.taken.has(`${warehouse.id}|${lotNo.toLowerCase()}`) || OUR_LOT_NO.test(lotNo)) {
        refuse('number_taken', 'lot_no');
        continue;
      }
      const seasonCrop = found.seasonCrops.get(`${lower(cells.season)}|${lower(cells.crop_code)}`);
      const grade = seasonCrop && found.grades.get(`${seasonCrop.cropId}|${lower(cells.grade_code)}`);
      if (!society || !seasonCrop || !grade) {
        refuse('unknown_code', !society ? 'amcos_code' : !seasonCrop ? 'crop_code' : 'grade_code');
        continue;
      }
      const bags = positiveWhole(cells.bags);
      const netKg = sheetFigure(cells.net_kg ?? '', 3);
      if (bags === null || netKg === null || !dec(netKg).gt(0)) {
        refuse('not_a_number', bags === null ? 'bags' : 'net_kg');
        continue;
      }
      const earlier = first.get(key);
      const differs = earlier && LOT_FIELDS.find((f) => lower(earlier.cells[f]) !== lower(cells[f]));
      if (differs) {
        refuse('lot_differs', differs);
        continue;
      }
      if (!earlier) first.set(key, { row, cells });
      const lot = byLot.get(key) ?? {
        warehouseId: warehouse.id,
        lotNo,
        amcosId: society.id,
        seasonCropId: seasonCrop.id,
        gradeId: grade.id,
        bags,
        netKg,
        shares: [],
      };
      if (!farmerNo) {
        if (withFarmers.has(key)) refuse('missing', 'farmer_no');
        else if (byLot.has(key)) refuse('duplicate', String(earlier?.row ?? ''));
        else {
          byLot.set(key, lot);
          preview.push(fateOf(row, 'without_farmer_detail', { ...base, detail: netKg }));
        }
        continue;
      }
      if (!farmer) {
        refuse('unknown_code', 'farmer_no');
        continue;
      }
      if (farmer.amcosId !== society.id) {
        refuse('other_amcos');
        continue;
      }
      const twice = sharedRow.get(`${key}|${farmer.id}`);
      if (twice !== undefined) {
        refuse('duplicate', String(twice));
        continue;
      }
      const farmerBags = positiveWhole(cells.farmer_bags);
      const farmerKg = sheetFigure(cells.farmer_kg ?? '', 3);
      if (farmerBags === null || farmerKg === null || !dec(farmerKg).gt(0)) {
        refuse('not_a_number', farmerBags === null ? 'farmer_bags' : 'farmer_kg');
        continue;
      }
      sharedRow.set(`${key}|${farmer.id}`, row);
      lot.shares.push({ farmerId: farmer.id, bags: farmerBags, kg: farmerKg });
      byLot.set(key, lot);
      preview.push(fateOf(row, 'ok', { ...base, detail: farmerKg }));
    }
    const lotsIn = [...byLot.values()];
    return {
      rows: preview,
      // Lots carry kg, not money: the import's total is nil and nothing ties to an account.
      totalDebit: dec(0),
      totalCredit: dec(0),
      problem: lotsIn.length === 0 ? 'The sheet has no lots to import' : null,
      apply: async (t, actor, importId) => ({
        entryId: null,
        records: await insertOpeningLots(t, actor.userId, importId, lotsIn, openingDate),
      }),
    };
  },
  async undo(tx, records) {
    // Locked first: a catalogue taking one of them now waits, then finds it gone.
    const ids = await lockRecords(tx, lots, records);
    const [used] = await queryRows(
      tx,
      usedRow,
      sql`select l.lot_no as "lotNo" from lots l
          where l.id in (select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))
            and (l.status <> 'in_store'
              or exists (select 1 from auction_lots a where a.lot_id = l.id)
              or exists (select 1 from sales_invoice_lines s where s.lot_id = l.id)
              or exists (select 1 from release_note_lots r where r.lot_id = l.id)
              or exists (select 1 from settlement_lots x where x.lot_id = l.id))
          order by l.lot_no limit 1`,
    );
    if (used)
      throw new ConflictError(
        `Lot ${used.lotNo} has been catalogued or sold since go-live: the opening lots can no longer be reversed`,
      );
    // Never posted, so nothing to reverse: the lots and their shares go, and their numbers may come in again.
    await tx.delete(collections).where(inArray(collections.lotId, ids));
    await tx.delete(lots).where(inArray(lots.id, ids));
  },
};

type ApplyTx = Parameters<Awaited<ReturnType<OpeningKindDefinition['check']>>['apply']>[0];

/** Each lot as an issued warehouse receipt in store at the opening date, its shares as collections. */
async function insertOpeningLots(
  t: ApplyTx,
  userId: string,
  importId: string,
  lotsIn: OpeningLot[],
  openingDate: string,
): Promise<OpeningRecord[]> {
  const records: OpeningRecord[] = [];
  const year = Number.parseInt(openingDate.slice(0, 4), 10);
  for (const lot of lotsIn) {
    const whrNo = await nextDocumentNumber(t, 'WHR', year);
    const [made] = await t
      .insert(lots)
      .values({
        whrNo,
        lotNo: lot.lotNo,
        warehouseId: lot.warehouseId,
        amcosId: lot.amcosId,
        seasonCropId: lot.seasonCropId,
        gradeId: lot.gradeId,
        bags: lot.bags,
        netKg: lot.netKg,
        collectedKg: lot.shares.length > 0 ? sum(lot.shares.map((s) => s.kg)).toFixed(3) : lot.netKg,
        issuedAt: new Date(`${openingDate}T00:00:00Z`),
        issuedBy: userId,
        openingImportId: importId,
        withoutFarmerDetail: lot.shares.length === 0,
      })
      .returning({ id: lots.id });
    if (!made) throw new Error('Lot insert returned nothing');
    if (lot.shares.length > 0)
      await t.insert(collections).values(
        lot.shares.map((s, i) => ({
          // The old books' receipts are not known: each share is numbered after its lot.
          receiptNo: `${whrNo}-${i + 1}`,
          collectedOn: openingDate,
          seasonCropId: lot.seasonCropId,
          amcosId: lot.amcosId,
          farmerId: s.farmerId,
          gradeId: lot.gradeId,
          bags: s.bags,
          grossKg: s.kg,
          tareKg: '0',
          netKg: s.kg,
          // Not measured here: the lot was weighed and graded before go-live.
          moisture: '0',
          status: 'in_lot' as const,
          lotId: made.id,
          createdBy: userId,
        })),
      );
    records.push({ type: 'lot', id: made.id });
  }
  return records;
}
