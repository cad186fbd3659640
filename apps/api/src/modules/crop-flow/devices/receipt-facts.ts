import { type FlagReason, flagReason, type OfflineReceiptInput } from '@ushirika/contracts';
import { type OfflineReceiptFacts, parseReceiptNo, todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';

/** The device a receipt came from, as the sync reads it. */
export type SyncingDevice = { id: string; amcosId: string; amcosCode: string; code: string; status: string };

const factsRow = z.object({
  i: z.number(),
  farmer_found: z.boolean(),
  farmer_active: z.boolean(),
  farmer_amcos: z.string().nullable(),
  season_id: z.string().nullable(),
  grade_found: z.boolean(),
  season_open: z.boolean(),
  season_start: z.string().nullable(),
  season_end: z.string().nullable(),
  season_crop_active: z.boolean(),
  max_moisture: z.string().nullable(),
  moisture_policy: z.string().nullable(),
  grade_of_crop: z.boolean(),
  number_taken: z.boolean(),
  period_locked: z.boolean(),
  max_kg_per_bag: z.string().nullable(),
  max_net_kg: z.string().nullable(),
  blocks: z.array(z.object({ firstNo: z.number(), lastNo: z.number() })),
});

/** A receipt naming a farmer, season crop or grade the server never had: a forged or corrupt one. */
export const UNKNOWN_IDS = 'names a farmer, season crop or grade the server does not know';

/**
 * Everything the rules of receipts weighed offline are checked against, as they are now, in ONE
 * read for a whole chunk (#29): per receipt the farmer (of which society, active), the season crop
 * and its season, the grade, whether the number is taken (by a collection, or by another receipt
 * of this device: a number with another device's prefix is never issued to this one), whether the
 * date is in a closed or locked financial period, the society's limits and the device's blocks for
 * the season. Answers, in the receipts' order, the facts, or null for a receipt whose ids the
 * server does not know (rejected, never kept: there is nothing to keep it against).
 */
export async function readReceiptsFacts(
  tx: DbOrTx,
  device: SyncingDevice,
  receipts: readonly OfflineReceiptInput[],
): Promise<(OfflineReceiptFacts | null)[]> {
  if (receipts.length === 0) return [];
  const input = receipts.map((r, i) => ({
    i,
    client_id: r.clientId,
    receipt_no: r.receiptNo,
    farmer_id: r.farmerId,
    season_crop_id: r.seasonCropId,
    grade_id: r.gradeId,
    collected_on: r.collectedOn,
  }));
  const rows = await queryRows(
    tx,
    factsRow,
    sql`select x.i, f.id is not null as farmer_found, coalesce(f.status = 'active', false) as farmer_active,
        f.amcos_id::text as farmer_amcos, s.id::text as season_id, coalesce(s.status = 'open', false) as season_open,
        s.start_date::text as season_start, s.end_date::text as season_end,
        coalesce(sc.status = 'active', false) as season_crop_active, sc.max_moisture::text as max_moisture,
        sc.moisture_policy, g.id is not null as grade_found, coalesce(g.crop_id = sc.crop_id, false) as grade_of_crop,
        (exists (select 1 from collections c where c.receipt_no = x.receipt_no)
          or exists (select 1 from offline_receipts o where o.device_id = ${device.id}::uuid
            and o.receipt_no = x.receipt_no and o.client_id <> x.client_id and o.status <> 'voided')) as number_taken,
        exists (select 1 from financial_years y where x.collected_on between y.start_date and y.end_date
          and (y.status = 'closed' or y.collection_locked_until >= x.collected_on)) as period_locked,
        l.max_kg_per_bag::text as max_kg_per_bag, l.max_net_kg::text as max_net_kg,
        coalesce((select json_agg(json_build_object('firstNo', b.first_no, 'lastNo', b.last_no))
          from receipt_blocks b where b.device_id = ${device.id}::uuid and b.season_id = s.id), '[]'::json) as blocks
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(i int, client_id text, receipt_no text,
        farmer_id uuid, season_crop_id uuid, grade_id uuid, collected_on date)
      left join farmers f on f.id = x.farmer_id
      left join season_crops sc on sc.id = x.season_crop_id
      left join seasons s on s.id = sc.season_id
      left join grades g on g.id = x.grade_id
      left join weighing_limits l on l.amcos_id = ${device.amcosId}::uuid
      order by x.i`,
  );
  const today = todayInTanzania();
  return receipts.map((r, i) => {
    const row = rows[i];
    if (!row || row.i !== i) throw new Error('Receipt facts query lost a row');
    if (!row.farmer_found || !row.season_id || !row.grade_found) return null;
    const number = parseReceiptNo(r.receiptNo);
    return {
      deviceActive: device.status === 'active',
      numberPrefixOk: number?.prefix === `${device.amcosCode}-${device.code}`,
      runningNo: number?.n ?? null,
      blocks: row.blocks,
      numberTaken: row.number_taken,
      farmerFound: row.farmer_found,
      farmerActive: row.farmer_active,
      farmerOfDeviceSociety: row.farmer_amcos === device.amcosId,
      seasonOpen: row.season_open,
      seasonCropActive: row.season_crop_active,
      gradeOfCrop: row.grade_of_crop,
      collectedOn: r.collectedOn,
      today,
      seasonStart: row.season_start ?? '0000-01-01',
      seasonEnd: row.season_end ?? '9999-12-31',
      periodLocked: row.period_locked,
      maxMoisture: row.max_moisture ?? '100',
      moisturePolicy: row.moisture_policy ?? 'refuse',
      limits: { maxKgPerBag: row.max_kg_per_bag, maxNetKg: row.max_net_kg },
      bags: r.bags,
      grossKg: r.grossKg,
      tareKg: r.tareKg,
      netKg: r.netKg,
      moisture: r.moisture,
    };
  });
}

/** What a flagged receipt's reason says, in the server's words (the screens show their own). */
export const FLAG_TEXT: Record<FlagReason, string> = {
  farmer_unknown: 'The farmer is not known to the server',
  farmer_inactive: 'The farmer was deactivated',
  farmer_moved: 'The farmer now belongs to another society',
  season_closed: 'The season is closed',
  crop_inactive: 'The crop is no longer active in the season',
  grade_withdrawn: 'The grade is not a grade of the crop',
  date_outside_season: 'The date is outside the season',
  date_in_future: 'The date is in the future',
  period_locked: 'The date is in a closed or locked financial period',
  outside_limits: "The weight is outside the society's weighing limits",
  moisture_too_high: "The moisture is above the crop's maximum",
  net_differs: 'The net is not gross minus tare',
  number_not_issued: 'The receipt number was not issued to this device',
  number_taken: 'The receipt number is already used',
  device_retired: 'The device was retired',
};

/** A stored reason code read back as a flag (null for none or an unknown one). */
export function flagOf(code: string | null): FlagReason | null {
  const parsed = flagReason.safeParse(code);
  return parsed.success ? parsed.data : null;
}
