import { type FlagReason, flagReason, type OfflineReceiptInput } from '@ushirika/contracts';
import { type OfflineReceiptFacts, parseReceiptNo } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { ValidationError } from '../../../platform/errors.ts';
import { todayInTanzania } from '../collections/record-collection.ts';

/** The device a receipt came from, as the sync reads it. */
export type SyncingDevice = { id: string; amcosId: string; amcosCode: string; code: string; status: string };

const factsRow = z.object({
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

/**
 * Everything the rules of a receipt weighed offline are checked against, as they are now, in one
 * read: the farmer (of which society, active), the season crop and its season, the grade, whether
 * the number is taken, whether the date is in a closed or locked financial period, the society's
 * limits and the device's blocks for the season.
 */
export async function readReceiptFacts(
  tx: DbOrTx,
  device: SyncingDevice,
  r: OfflineReceiptInput,
): Promise<OfflineReceiptFacts> {
  // Ids the device had from the server: one the server does not know is a forged receipt.
  const [row] = await queryRows(
    tx,
    factsRow,
    sql`select f.id is not null as farmer_found, coalesce(f.status = 'active', false) as farmer_active,
        f.amcos_id::text as farmer_amcos, s.id::text as season_id, coalesce(s.status = 'open', false) as season_open,
        s.start_date::text as season_start, s.end_date::text as season_end,
        coalesce(sc.status = 'active', false) as season_crop_active, sc.max_moisture::text as max_moisture,
        sc.moisture_policy, g.id is not null as grade_found, coalesce(g.crop_id = sc.crop_id, false) as grade_of_crop,
        (exists (select 1 from collections c where c.receipt_no = ${r.receiptNo})
          or exists (select 1 from offline_receipts o where o.receipt_no = ${r.receiptNo}
            and o.client_id <> ${r.clientId} and o.status <> 'voided')) as number_taken,
        exists (select 1 from financial_years y where ${r.collectedOn}::date between y.start_date and y.end_date
          and (y.status = 'closed' or y.collection_locked_until >= ${r.collectedOn}::date)) as period_locked,
        l.max_kg_per_bag::text as max_kg_per_bag, l.max_net_kg::text as max_net_kg,
        coalesce((select json_agg(json_build_object('firstNo', b.first_no, 'lastNo', b.last_no))
          from receipt_blocks b where b.device_id = ${device.id} and b.season_id = s.id), '[]'::json) as blocks
      from (select 1) one
      left join farmers f on f.id = ${r.farmerId}
      left join season_crops sc on sc.id = ${r.seasonCropId}
      left join seasons s on s.id = sc.season_id
      left join grades g on g.id = ${r.gradeId}
      left join weighing_limits l on l.amcos_id = ${device.amcosId}`,
  );
  if (!row) throw new Error('Receipt facts query returned nothing');
  if (!row.farmer_found || !row.season_id || !row.grade_found) {
    throw new ValidationError(
      `Receipt ${r.receiptNo} names a farmer, season crop or grade the server does not know`,
    );
  }
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
    today: todayInTanzania(),
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
