import { toGroupedQuantity } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { formatDate } from '../../../platform/labels.ts';
import { enqueueSmsSql } from '../../../platform/sms-outbox.ts';
import { FARMER_SMS, smsTextSql } from '../../../platform/sms-texts.ts';

/** A device's receipt as it becomes a collection: the device's number and figures, unchanged. */
export type OfflineCollection = {
  clientId: string;
  receiptNo: string;
  deviceCode: string;
  amcosId: string;
  farmerId: string;
  seasonCropId: string;
  gradeId: string;
  collectedOn: string;
  bags: number;
  grossKg: string;
  tareKg: string;
  netKg: string;
  moisture: string;
};

const inserted = z.object({ id: z.string() });

/**
 * Stores a device's receipt as its collection (#29), in the caller's transaction: the number the
 * farmer was given, the kg the device showed (gross, tare and net as sent: kg conserved), the
 * society the device belongs to; the collection's trigger adds it to the stock, the audit event
 * names the device, and the farmer's SMS (the weighing's own text, FARMER_SMS.collected) goes into the outbox now, once.
 */
export async function storeOfflineCollection(
  tx: DbOrTx,
  actorId: string,
  r: OfflineCollection,
): Promise<string> {
  const id = uuidv7();
  const [row] = await queryRows(
    tx,
    inserted,
    sql`with ins as (
        insert into collections (id, receipt_no, collected_on, season_crop_id, amcos_id, farmer_id, grade_id,
          bags, gross_kg, tare_kg, net_kg, moisture, moisture_flagged, created_by)
        select ${id}::uuid, ${r.receiptNo}, ${r.collectedOn}::date, sc.id, ${r.amcosId}::uuid, ${r.farmerId}::uuid,
          ${r.gradeId}::uuid, ${r.bags}::int, ${r.grossKg}::numeric, ${r.tareKg}::numeric, ${r.netKg}::numeric,
          ${r.moisture}::numeric, ${r.moisture}::numeric > sc.max_moisture, ${actorId}::uuid
        from season_crops sc where sc.id = ${r.seasonCropId}::uuid
        returning id, receipt_no
      ),
      ctx as (
        select a.name as amcos_name, f.phone, coalesce(nullif(c.name_sw, ''), c.name) as crop_sw, g.code as grade_code
        from amcos a, farmers f, season_crops sc join crops c on c.id = sc.crop_id, grades g
        where a.id = ${r.amcosId}::uuid and f.id = ${r.farmerId}::uuid and sc.id = ${r.seasonCropId}::uuid
          and g.id = ${r.gradeId}::uuid
      ),
      sms as (${enqueueSmsSql(
        sql`select ${uuidv7()}::uuid as id, ctx.phone as recipient, ${smsTextSql(FARMER_SMS.collected.sw, {
          society: sql`ctx.amcos_name`,
          kg: sql`${toGroupedQuantity(r.netKg)}`,
          bags: sql`${String(r.bags)}`,
          crop: sql`ctx.crop_sw`,
          grade: sql`ctx.grade_code`,
          date: sql`${formatDate('sw', r.collectedOn)}`,
          receipt: sql`ins.receipt_no`,
        })} as body
        from ins, ctx`,
      )})
      select ins.id::text as id from ins`,
  );
  if (!row) throw new Error('Offline collection insert returned nothing');
  await recordAudit(tx, {
    actorId,
    action: 'recorded',
    entity: 'collection',
    entityId: id,
    after: { ...r, offline: true },
  });
  return id;
}
