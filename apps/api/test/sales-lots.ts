import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/client.ts';
import { amcos } from '../src/modules/amcos/schema.ts';
import { lots } from '../src/modules/crop-flow/schema.ts';
import { beneficiaries, deductionRules } from '../src/modules/deductions/schema.ts';
import { buyers } from '../src/modules/sales/buyers/schema.ts';
import { crops, grades, seasonCrops, seasons } from '../src/modules/seasons/schema.ts';
import { warehouses } from '../src/modules/warehouses/schema.ts';

/**
 * Test factory for the sales modules: a season crop with a grade, a warehouse, an AMCOS and lots in
 * store, written straight to the database (the crop-flow fixture may replace it later).
 */
/** The one row an insert returned. */
export function one<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('Insert returned nothing');
  return row;
}

/** A short unique tag for numbers and names of test rows. */
export const tag = () => randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase();

export type SalesSetup = {
  amcosId: string;
  seasonCropId: string;
  gradeId: string;
  warehouseId: string;
};

export async function makeSalesSetup(db: Db, opts: { amcosId?: string } = {}): Promise<SalesSetup> {
  const t = tag();
  const crop = one(
    await db
      .insert(crops)
      .values({ name: `Cashew ${t}`, code: `C${t}` })
      .returning({ id: crops.id }),
  );
  const grade = one(
    await db
      .insert(grades)
      .values({ cropId: crop.id, code: 'STD', name: 'Standard' })
      .returning({ id: grades.id }),
  );
  const season = one(
    await db
      .insert(seasons)
      .values({ name: `Season ${t}`, startDate: '2026-01-01', endDate: '2026-12-31', status: 'planned' })
      .returning({ id: seasons.id }),
  );
  const seasonCrop = one(
    await db
      .insert(seasonCrops)
      .values({
        seasonId: season.id,
        cropId: crop.id,
        indicativePrice: '2000',
        standardBagKg: '80',
        maxMoisture: '10',
      })
      .returning({ id: seasonCrops.id }),
  );
  const warehouse = one(
    await db
      .insert(warehouses)
      .values({ name: `Warehouse ${t}`, operator: 'Operator', licenceNo: `WL${t}` })
      .returning({ id: warehouses.id }),
  );
  let amcosId = opts.amcosId;
  if (!amcosId) {
    const a = one(
      await db
        .insert(amcos)
        .values({ code: `S${t.slice(0, 6)}`, name: `AMCOS ${t}` })
        .returning({ id: amcos.id }),
    );
    amcosId = a.id;
  }
  return { amcosId, seasonCropId: seasonCrop.id, gradeId: grade.id, warehouseId: warehouse.id };
}

export async function makeLot(
  db: Db,
  setup: SalesSetup,
  opts: {
    netKg?: string;
    bags?: number;
    /** The farmers' kg in the lot; defaults to `netKg`. */
    collectedKg?: string;
    status?: 'in_store' | 'catalogued' | 'sold' | 'released';
  } = {},
): Promise<{ id: string; lotNo: string; netKg: string; bags: number }> {
  const t = tag();
  const netKg = opts.netKg ?? '1000.000';
  const bags = opts.bags ?? 12;
  const lot = one(
    await db
      .insert(lots)
      .values({
        whrNo: `WHR-${t}`,
        lotNo: `L-${t}`,
        warehouseId: setup.warehouseId,
        amcosId: setup.amcosId,
        seasonCropId: setup.seasonCropId,
        gradeId: setup.gradeId,
        bags,
        netKg,
        collectedKg: opts.collectedKg ?? netKg,
        status: opts.status ?? 'in_store',
      })
      .returning({ id: lots.id, lotNo: lots.lotNo }),
  );
  return { id: lot.id, lotNo: lot.lotNo, netKg, bags };
}

export async function makeBuyer(db: Db, name = 'Olam Tanzania'): Promise<{ id: string; name: string }> {
  const t = tag();
  const b = one(
    await db
      .insert(buyers)
      .values({
        name: `${name} ${t}`,
        licenceNo: `LIC-${t}`,
        bidCode: `B${t}`,
        licenceExpiresOn: '2099-12-31',
      })
      .returning({ id: buyers.id, name: buyers.name }),
  );
  return b;
}

/** A buyer-paid levy on the season crop, owed to a new beneficiary. */
export async function makeBuyerLevy(
  db: Db,
  setup: SalesSetup,
  rule: {
    name: string;
    basis: 'per_kg' | 'percent_of_gross' | 'per_bag' | 'fixed';
    rate: string;
    order?: number;
  },
): Promise<{ ruleId: string; beneficiaryId: string }> {
  const b = one(
    await db
      .insert(beneficiaries)
      .values({ name: `${rule.name} ${tag()}`, kind: 'crop_board' })
      .returning({ id: beneficiaries.id }),
  );
  const r = one(
    await db
      .insert(deductionRules)
      .values({
        seasonCropId: setup.seasonCropId,
        name: rule.name,
        recipient: 'beneficiary',
        beneficiaryId: b.id,
        payer: 'buyer',
        basis: rule.basis,
        rate: rule.rate,
        order: rule.order ?? 0,
      })
      .returning({ id: deductionRules.id }),
  );
  return { ruleId: r.id, beneficiaryId: b.id };
}
