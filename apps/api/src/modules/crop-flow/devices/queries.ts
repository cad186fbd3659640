import {
  type DeviceListQuery,
  type DevicePack,
  type OfflineReceipt,
  type OfflineReceiptListQuery,
  offlineReceipt,
  packFarmer,
  type WeighingDevice,
  type WeighingLimits,
  weighingDevice,
} from '@ushirika/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { localNameSql } from '../../../platform/labels.ts';
import { likeContains, type PageWindow, sqlPageOf } from '../../../platform/list.ts';
import { amcos } from '../../amcos/schema.ts';
import { cropColumns } from '../../seasons/crops.ts';
import { crops, seasons } from '../../seasons/schema.ts';
import { selectSeasonCrops } from '../../seasons/seasons.ts';
import { weighingLimits } from './schema.ts';

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A device as the screens read it: its society, counts of its receipts, and its blocks. */
const deviceColumns = sql`d.id, d.amcos_id as "amcosId", a.code as "amcosCode", a.name as "amcosName",
  d.code, d.label, d.status,
  (select concat_ws(' ', u.first_name, u.last_name) from users u where u.id = d.registered_by) as "registeredByName",
  ${iso('d.registered_at')} as "registeredAt", ${iso('d.retired_at')} as "retiredAt",
  d.retire_reason as "retireReason", ${iso('d.last_sync_at')} as "lastSyncAt",
  d.waiting_reported as "waitingReported",
  (select count(*)::int from offline_receipts r where r.device_id = d.id and r.status in ('stored', 'approved')) as "storedCount",
  (select count(*)::int from offline_receipts r where r.device_id = d.id and r.status = 'needs_review') as "flaggedCount",
  coalesce((select json_agg(json_build_object('seasonId', b.season_id, 'seasonName', s.name,
      'year', extract(year from s.start_date)::int, 'firstNo', b.first_no, 'lastNo', b.last_no)
      order by s.start_date, b.first_no)
    from receipt_blocks b join seasons s on s.id = b.season_id where b.device_id = d.id), '[]'::json) as blocks`;
const deviceFrom = sql`weighing_devices d join amcos a on a.id = d.amcos_id`;

/** The devices of a society (or of all, for the union): last sync, waiting as reported, flagged. */
export function listDevices(db: DbOrTx, query: DeviceListQuery, window: PageWindow, society: string | null) {
  const filters: SQL[] = [];
  const amcosId = society ?? query.amcos_id;
  if (amcosId) filters.push(sql`d.amcos_id = ${amcosId}`);
  if (query.status) filters.push(sql`d.status = ${query.status}`);
  if (query.search) {
    const like = likeContains(query.search);
    filters.push(
      sql`(lower(d.code) like ${like} or lower(d.label) like ${like} or lower(a.name) like ${like})`,
    );
  }
  return sqlPageOf(db, weighingDevice, {
    columns: deviceColumns,
    from: deviceFrom,
    where: filters.length > 0 ? sql.join(filters, sql` and `) : undefined,
    order: {
      sort: query.sort,
      sortable: { code: sql`d.code`, amcos: sql`a.name`, last_sync: sql`d.last_sync_at` },
      fallback: [sql`a.name asc`, sql`d.code asc`],
      tiebreak: sql`d.id`,
    },
    window,
  });
}

export async function getDevice(db: DbOrTx, id: string): Promise<WeighingDevice> {
  const [row] = await queryRows(
    db,
    weighingDevice,
    sql`select ${deviceColumns} from ${deviceFrom} where d.id = ${id}`,
  );
  if (!row) throw new NotFoundError('Device not found');
  return row;
}

const receiptColumns = sql`r.id, r.client_id as "clientId", r.receipt_no as "receiptNo", r.device_id as "deviceId",
  d.code as "deviceCode", r.amcos_id as "amcosId", a.name as "amcosName", r.farmer_id as "farmerId",
  f.farmer_no as "farmerNo", concat_ws(' ', f.first_name, f.middle_name, f.last_name) as "farmerName",
  r.season_crop_id as "seasonCropId", s.name as "seasonName", ${localNameSql('c')} as "cropName",
  r.grade_id as "gradeId", g.code as "gradeCode", r.collected_on::text as "collectedOn", r.bags,
  r.gross_kg::text as "grossKg", r.tare_kg::text as "tareKg", r.net_kg::text as "netKg",
  r.moisture::text as moisture, ${iso('r.captured_at')} as "capturedAt",
  (select concat_ws(' ', u.first_name, u.last_name) from users u where u.id = r.captured_by) as "capturedByName",
  ${iso('r.received_at')} as "receivedAt", r.status, r.reason_code as "reasonCode", r.reason,
  r.collection_id as "collectionId",
  (select concat_ws(' ', u.first_name, u.last_name) from users u where u.id = r.reviewed_by) as "reviewedByName",
  ${iso('r.reviewed_at')} as "reviewedAt", r.review_reason as "reviewReason"`;
const receiptFrom = sql`offline_receipts r join weighing_devices d on d.id = r.device_id
  join amcos a on a.id = r.amcos_id join farmers f on f.id = r.farmer_id
  join season_crops sc on sc.id = r.season_crop_id join seasons s on s.id = sc.season_id
  join crops c on c.id = sc.crop_id join grades g on g.id = r.grade_id`;

/** Receipts the devices sent: the ones waiting for review first, oldest first. */
export function listOfflineReceipts(
  db: DbOrTx,
  query: OfflineReceiptListQuery,
  window: PageWindow,
  society: string | null,
) {
  const filters: SQL[] = [];
  const amcosId = society ?? query.amcos_id;
  if (amcosId) filters.push(sql`r.amcos_id = ${amcosId}`);
  if (query.device_id) filters.push(sql`r.device_id = ${query.device_id}`);
  if (query.status) filters.push(sql`r.status = ${query.status}`);
  if (query.search) {
    const like = likeContains(query.search);
    filters.push(sql`(lower(r.receipt_no) like ${like} or lower(f.farmer_no) like ${like}
      or lower(concat_ws(' ', f.first_name, f.middle_name, f.last_name)) like ${like})`);
  }
  return sqlPageOf(db, offlineReceipt, {
    columns: receiptColumns,
    from: receiptFrom,
    where: filters.length > 0 ? sql.join(filters, sql` and `) : undefined,
    order: {
      sort: query.sort,
      sortable: {
        receipt_no: sql`r.receipt_no`,
        received_at: sql`r.received_at`,
        collected_on: sql`r.collected_on`,
      },
      fallback: [sql`(r.status = 'needs_review') desc`, sql`r.received_at asc`],
      tiebreak: sql`r.id`,
    },
    window,
  });
}

export async function getOfflineReceipt(db: DbOrTx, id: string): Promise<OfflineReceipt> {
  const [row] = await queryRows(
    db,
    offlineReceipt,
    sql`select ${receiptColumns} from ${receiptFrom} where r.id = ${id}`,
  );
  if (!row) throw new NotFoundError('Receipt not found');
  return row;
}

export async function getWeighingLimits(db: DbOrTx, amcosId: string): Promise<WeighingLimits> {
  const [row] = await db
    .select({ maxKgPerBag: weighingLimits.maxKgPerBag, maxNetKg: weighingLimits.maxNetKg })
    .from(weighingLimits)
    .where(eq(weighingLimits.amcosId, amcosId));
  return row ?? { maxKgPerBag: null, maxNetKg: null };
}

const packAmcos = z.object({ id: z.string(), code: z.string(), name: z.string() });

/**
 * What a device keeps to weigh offline (#29): its society's active farmers (numbers, names, phone,
 * village: what finding and the receipt need), the open seasons' active crops with their grades,
 * and the society's limits. One society's only: the device never holds another's farmers.
 */
export async function devicePackOf(db: DbOrTx, amcosId: string): Promise<DevicePack> {
  const [society] = await queryRows(
    db,
    packAmcos,
    sql`select id, code, name from amcos where id = ${amcosId}`,
  );
  if (!society) throw new NotFoundError('Society not found');
  const [farmers, seasonCropRows, limits] = await Promise.all([
    queryRows(
      db,
      packFarmer,
      sql`select id, farmer_no as "farmerNo", first_name as "firstName", middle_name as "middleName",
          last_name as "lastName", phone, village
        from farmers where amcos_id = ${amcosId} and status = 'active' order by farmer_no`,
    ),
    selectSeasonCrops(db).where(and(eq(seasons.status, 'open'), sql`season_crops.status = 'active'`)),
    getWeighingLimits(db, amcosId),
  ]);
  const cropIds = [...new Set(seasonCropRows.map((s) => s.cropId))];
  const cropRows =
    cropIds.length === 0
      ? []
      : await db.select(cropColumns).from(crops).where(sql`${crops.id} in ${cropIds}`);
  return {
    amcos: society,
    farmers,
    seasonCrops: seasonCropRows,
    crops: cropRows,
    limits,
    generatedAt: new Date().toISOString(),
  };
}

/** The society's code and state, for a device's numbers. */
export const amcosOf = (db: DbOrTx, amcosId: string) =>
  db.select({ code: amcos.code, status: amcos.status }).from(amcos).where(eq(amcos.id, amcosId));
