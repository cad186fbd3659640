import { toGroupedQuantity } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { auditInsertSql } from '../../../platform/audit.ts';
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

const inserted = z.object({ n: z.number() });

/**
 * Stores devices' receipts as their collections (#29), in the caller's transaction and ONE
 * statement however many: the number the farmer was given, the kg the device showed (gross, tare
 * and net as sent: kg conserved), the society the device belongs to; the collection's trigger adds
 * each to the stock, each has its audit event naming the device, and each farmer's SMS (the
 * weighing's own text, FARMER_SMS.collected) goes into the outbox now, once. Answers the new
 * collections' ids in the receipts' order.
 */
export async function storeOfflineCollections(
  tx: DbOrTx,
  actorId: string,
  receipts: readonly OfflineCollection[],
): Promise<string[]> {
  if (receipts.length === 0) return [];
  const input = receipts.map((r) => ({
    id: uuidv7(),
    sms_id: uuidv7(),
    audit_id: uuidv7(),
    receipt_no: r.receiptNo,
    collected_on: r.collectedOn,
    season_crop_id: r.seasonCropId,
    amcos_id: r.amcosId,
    farmer_id: r.farmerId,
    grade_id: r.gradeId,
    bags: r.bags,
    gross_kg: r.grossKg,
    tare_kg: r.tareKg,
    net_kg: r.netKg,
    moisture: r.moisture,
    kg_text: toGroupedQuantity(r.netKg),
    date_text: formatDate('sw', r.collectedOn),
    after: { ...r, offline: true },
  }));
  const [row] = await queryRows(
    tx,
    inserted,
    sql`with input as (
        select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(id uuid, sms_id uuid, audit_id uuid,
          receipt_no text, collected_on date, season_crop_id uuid, amcos_id uuid, farmer_id uuid, grade_id uuid,
          bags int, gross_kg text, tare_kg text, net_kg text, moisture text, kg_text text, date_text text, after jsonb)
      ),
      ins as (
        insert into collections (id, receipt_no, collected_on, season_crop_id, amcos_id, farmer_id, grade_id,
          bags, gross_kg, tare_kg, net_kg, moisture, moisture_flagged, created_by)
        select i.id, i.receipt_no, i.collected_on, sc.id, i.amcos_id, i.farmer_id, i.grade_id, i.bags,
          i.gross_kg::numeric, i.tare_kg::numeric, i.net_kg::numeric, i.moisture::numeric,
          i.moisture::numeric > sc.max_moisture, ${actorId}::uuid
        from input i join season_crops sc on sc.id = i.season_crop_id
        returning id, receipt_no
      ),
      sms as (${enqueueSmsSql(
        sql`select i.sms_id as id, f.phone as recipient, ${smsTextSql(FARMER_SMS.collected.sw, {
          society: sql`a.name`,
          kg: sql`i.kg_text`,
          bags: sql`i.bags`,
          crop: sql`coalesce(nullif(c.name_sw, ''), c.name)`,
          grade: sql`g.code`,
          date: sql`i.date_text`,
          receipt: sql`ins.receipt_no`,
        })} as body
        from ins join input i on i.id = ins.id
          join amcos a on a.id = i.amcos_id join farmers f on f.id = i.farmer_id
          join season_crops sc on sc.id = i.season_crop_id join crops c on c.id = sc.crop_id
          join grades g on g.id = i.grade_id`,
      )}),
      audit as (${auditInsertSql(
        { actorId, action: 'recorded', entity: 'collection' },
        sql`select i.audit_id as id, ins.id::text as entity_id, null::jsonb as before, i.after as after
          from ins join input i on i.id = ins.id`,
      )})
      select count(*)::int as n from ins`,
  );
  if (row?.n !== receipts.length) throw new Error('Offline collections insert lost a receipt');
  return input.map((r) => r.id);
}

/** One device receipt as its collection (the manager's approval): the statement above for one. */
export async function storeOfflineCollection(
  tx: DbOrTx,
  actorId: string,
  r: OfflineCollection,
): Promise<string> {
  const [id] = await storeOfflineCollections(tx, actorId, [r]);
  if (!id) throw new Error('Offline collection insert returned nothing');
  return id;
}
