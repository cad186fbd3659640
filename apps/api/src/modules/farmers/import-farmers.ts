import type { FarmerImportResult } from '@ushirika/contracts';
import { inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db, Tx } from '../../db/client.ts';
import { explainConstraints } from '../../platform/constraints.ts';
import { ValidationError } from '../../platform/errors.ts';
import { amcos } from '../amcos/schema.ts';
import { type CheckedImport, type ImportFarmer, previewOf } from './check-import.ts';
import { farmerConstraints } from './duplicates.ts';
import { farmerNumber, takeFarmerNumbers } from './numbering.ts';

const p = sql.param; // one array parameter per column, not one parameter per value

/** Numbers each farmer from their AMCOS's counter, taking each AMCOS's block in one statement. */
async function numberFarmers(tx: Tx, valid: ImportFarmer[]) {
  const byAmcos = new Map<string, ImportFarmer[]>();
  for (const f of valid) byAmcos.set(f.amcosId, [...(byAmcos.get(f.amcosId) ?? []), f]);
  const codes = new Map(
    (
      await tx
        .select({ id: amcos.id, code: amcos.code })
        .from(amcos)
        .where(inArray(amcos.id, [...byAmcos.keys()]))
    ).map((a) => [a.id, a.code]),
  );
  const numbers = new Map<ImportFarmer, string>();
  // Counters are locked in AMCOS id order, so two imports at once cannot deadlock.
  for (const amcosId of [...byAmcos.keys()].sort()) {
    const group = byAmcos.get(amcosId) ?? [];
    const { first } = await takeFarmerNumbers(tx, amcosId, group.length);
    group.forEach((f, i) => {
      numbers.set(f, farmerNumber(codes.get(amcosId) ?? '', first + i));
    });
  }
  return numbers;
}

/**
 * Saves the valid rows of a checked sheet in one transaction with bulk statements (`unnest`
 * arrays): every farmer, their farm, and one audit event each. If anything fails, nothing is saved.
 */
export async function importFarmers(
  db: Db,
  { checked, actorId }: { checked: CheckedImport; actorId: string },
): Promise<FarmerImportResult> {
  const { valid } = checked;
  if (valid.length === 0) {
    const message = 'No row can be imported: correct the errors and upload the sheet again';
    throw new ValidationError(message, { file: [message] });
  }
  const saved = await explainConstraints(farmerConstraints, () =>
    db.transaction(async (tx) => {
      const numbers = await numberFarmers(tx, valid);
      const ids = valid.map(() => uuidv7());
      const col = <T>(pick: (f: ImportFarmer) => T) => valid.map(pick);
      await tx.execute(sql`
        insert into farmers (id, farmer_no, amcos_id, first_name, middle_name, last_name, gender, date_of_birth,
          national_id, phone, bank_id, account_no, village, created_by)
        select t.*, ${actorId}::uuid from unnest(${p(ids)}::uuid[], ${p(col((f) => numbers.get(f) ?? ''))}::text[],
          ${p(col((f) => f.amcosId))}::uuid[], ${p(col((f) => f.firstName))}::text[], ${p(col((f) => f.middleName))}::text[],
          ${p(col((f) => f.lastName))}::text[], ${p(col((f) => f.gender))}::text[], ${p(col((f) => f.dateOfBirth))}::date[],
          ${p(col((f) => f.nationalId))}::text[], ${p(col((f) => f.phone))}::text[], ${p(col((f) => f.bankId))}::uuid[],
          ${p(col((f) => f.accountNo))}::text[], ${p(col((f) => f.village))}::text[]) as t`);
      const withFarm = valid.flatMap((f, i) => (f.farm ? [{ farmerId: ids[i] ?? '', farm: f.farm }] : []));
      if (withFarm.length > 0) {
        const fcol = <T>(pick: (x: (typeof withFarm)[number]) => T) => withFarm.map(pick);
        await tx.execute(sql`
          insert into farms (id, farmer_id, name, crop_id, acres, trees, latitude, longitude)
          select * from unnest(${p(fcol(() => uuidv7()))}::uuid[], ${p(fcol((x) => x.farmerId))}::uuid[],
            ${p(fcol((x) => (x.farm.cropName ? `${x.farm.cropName} farm` : 'Farm')))}::text[],
            ${p(fcol((x) => x.farm.cropId))}::uuid[], ${p(fcol((x) => x.farm.acres))}::numeric[],
            ${p(fcol((x) => x.farm.trees))}::int[], ${p(fcol((x) => (x.farm.lat === null ? null : String(x.farm.lat))))}::numeric[],
            ${p(fcol((x) => (x.farm.lng === null ? null : String(x.farm.lng))))}::numeric[])`);
      }
      await tx.execute(sql`
        insert into audit_events (id, actor_id, action, entity, entity_id, after)
        select t.id, ${actorId}::uuid, 'imported', 'farmer', t.farmer_id::text, t.after
        from unnest(${p(ids.map(() => uuidv7()))}::uuid[], ${p(ids)}::uuid[],
          ${p(valid.map((f) => JSON.stringify({ ...f, farmerNo: numbers.get(f), row: undefined })))}::jsonb[])
          as t(id, farmer_id, after)`);
      return ids.map((id, i) => ({ id, farmerNo: numbers.get(valid[i] as ImportFarmer) ?? '' }));
    }),
  );
  const sorted = saved.map((s) => s.farmerNo).sort();
  return {
    ...previewOf(checked),
    message: `${saved.length.toLocaleString('en')} farmers imported successfully`,
    imported: saved.length,
    firstNo: sorted[0] ?? null,
    lastNo: sorted.at(-1) ?? null,
  };
}
