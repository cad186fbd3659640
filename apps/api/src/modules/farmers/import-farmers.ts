import type { FarmerImportResult } from '@ushirika/contracts';
import { inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { auditInsertSql } from '../../platform/audit.ts';
import { explainConstraints } from '../../platform/constraints.ts';
import { ValidationError } from '../../platform/errors.ts';
import { amcos } from '../amcos/schema.ts';
import { type CheckedImport, type ImportFarmer, previewOf } from './check-import.ts';
import { farmerConstraints } from './duplicates.ts';
import { farmerNumber, takeFarmerNumbersFor } from './numbering.ts';

/** Numbers each farmer from their AMCOS's counter, taking every AMCOS's block in one statement. */
async function numberFarmers(tx: Tx, valid: ImportFarmer[]) {
  const byAmcos = new Map<string, ImportFarmer[]>();
  for (const f of valid) {
    const group = byAmcos.get(f.amcosId);
    if (group) group.push(f);
    else byAmcos.set(f.amcosId, [f]);
  }
  const codes = new Map(
    (
      await tx
        .select({ id: amcos.id, code: amcos.code })
        .from(amcos)
        .where(inArray(amcos.id, [...byAmcos.keys()]))
    ).map((a) => [a.id, a.code]),
  );
  const firsts = await takeFarmerNumbersFor(
    tx,
    new Map([...byAmcos].map(([id, group]) => [id, group.length])),
  );
  const numbers = new Map<ImportFarmer, string>();
  for (const [amcosId, group] of byAmcos) {
    const first = firsts.get(amcosId) ?? 0;
    group.forEach((f, i) => {
      numbers.set(f, farmerNumber(codes.get(amcosId) ?? '', first + i));
    });
  }
  return numbers;
}

/**
 * Saves the valid rows of a checked sheet in one transaction with one bulk statement: every
 * farmer, their farm, and one audit event each (through the audit door's SQL builder). If anything
 * fails, nothing is saved.
 */
export async function importFarmers(
  db: Db,
  actor: Actor,
  { checked }: { checked: CheckedImport },
): Promise<FarmerImportResult> {
  const actorId = actor.userId;
  const { valid } = checked;
  if (valid.length === 0) {
    const message = 'No row can be imported: correct the errors and upload the sheet again';
    throw new ValidationError(message, { file: [message] });
  }
  const saved = await explainConstraints(farmerConstraints, () =>
    db.transaction(async (tx) => {
      const numbers = await numberFarmers(tx, valid);
      const ids = valid.map(() => uuidv7());
      // The whole sheet goes as one JSON document in one statement: PostgreSQL parses one JSON
      // text far faster than thirteen array literals (on PGlite about three times faster).
      const input = valid.map((f, i) => ({
        id: ids[i],
        farmer_no: numbers.get(f) ?? '',
        amcos_id: f.amcosId,
        first_name: f.firstName,
        middle_name: f.middleName,
        last_name: f.lastName,
        gender: f.gender,
        date_of_birth: f.dateOfBirth,
        national_id: f.nationalId,
        phone: f.phone,
        bank_id: f.bankId,
        account_no: f.accountNo,
        village: f.village,
        farm_id: f.farm ? uuidv7() : null,
        farm_name: f.farm ? (f.farm.cropName ? `${f.farm.cropName} farm` : 'Farm') : null,
        crop_id: f.farm?.cropId ?? null,
        acres: f.farm?.acres ?? null,
        trees: f.farm?.trees ?? null,
        latitude: f.farm?.lat ?? null,
        longitude: f.farm?.lng ?? null,
        audit_id: uuidv7(),
        after: { ...f, farmerNo: numbers.get(f), row: undefined },
      }));
      await tx.execute(sql`
        with input as (
          select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as r(id uuid, farmer_no text,
            amcos_id uuid, first_name text, middle_name text, last_name text, gender text, date_of_birth date,
            national_id text, phone text, bank_id uuid, account_no text, village text, farm_id uuid, farm_name text,
            crop_id uuid, acres numeric, trees int, latitude numeric, longitude numeric, audit_id uuid, after jsonb)
        ), saved as (
          insert into farmers (id, farmer_no, amcos_id, first_name, middle_name, last_name, gender, date_of_birth,
            national_id, phone, bank_id, account_no, village, created_by)
          select id, farmer_no, amcos_id, first_name, middle_name, last_name, gender, date_of_birth, national_id,
            phone, bank_id, account_no, village, ${actorId}::uuid from input
          returning id
        ), saved_farms as (
          insert into farms (id, farmer_id, name, crop_id, acres, trees, latitude, longitude)
          select i.farm_id, i.id, i.farm_name, i.crop_id, i.acres, i.trees, i.latitude, i.longitude
          from input i join saved using (id) where i.farm_id is not null
        )
        ${auditInsertSql(
          { actorId, action: 'imported', entity: 'farmer' },
          sql`select i.audit_id as id, i.id::text as entity_id, null::jsonb as before, i.after
            from input i join saved using (id)`,
        )}`);
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
