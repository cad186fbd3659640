import type { Collection, CollectionListQuery } from '@ushirika/contracts';
import { and, desc, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import type { ExportColumn } from '../../../platform/exports.ts';
import { localNameSql } from '../../../platform/labels.ts';
import { likeContains, type PageWindow, pageOf } from '../../../platform/list.ts';
import { amcos } from '../../amcos/schema.ts';
import { farmers } from '../../farmers/schema.ts';
import { crops, grades, seasonCrops, seasons } from '../../seasons/schema.ts';
import { users } from '../../users/schema.ts';
import { collections } from '../schema.ts';

const columns = {
  id: collections.id,
  receiptNo: collections.receiptNo,
  collectedOn: collections.collectedOn,
  seasonCropId: collections.seasonCropId,
  seasonName: seasons.name,
  cropName: localNameSql('crops'),
  amcosId: collections.amcosId,
  amcosCode: amcos.code,
  amcosName: amcos.name,
  farmerId: collections.farmerId,
  farmerNo: farmers.farmerNo,
  farmerName: sql<string>`concat_ws(' ', ${farmers.firstName}, ${farmers.middleName}, ${farmers.lastName})`,
  farmerPhone: farmers.phone,
  gradeId: collections.gradeId,
  gradeCode: grades.code,
  gradeName: localNameSql('grades'),
  bags: collections.bags,
  grossKg: collections.grossKg,
  tareKg: collections.tareKg,
  netKg: collections.netKg,
  moisture: collections.moisture,
  moistureFlagged: collections.moistureFlagged,
  status: collections.status,
  deliveryNoteId: collections.deliveryNoteId,
  lotId: collections.lotId,
  cancelReason: collections.cancelReason,
  cancelledAt: collections.cancelledAt,
  createdByName: sql<
    string | null
  >`case when ${users.id} is null then null else concat_ws(' ', ${users.firstName}, ${users.lastName}) end`,
  createdAt: collections.createdAt,
};

type Row = Omit<Collection, 'createdAt' | 'cancelledAt'> & { createdAt: Date; cancelledAt: Date | null };

const selectCollections = (db: DbOrTx) =>
  db
    .select(columns)
    .from(collections)
    .innerJoin(farmers, eq(farmers.id, collections.farmerId))
    .innerJoin(amcos, eq(amcos.id, collections.amcosId))
    .innerJoin(seasonCrops, eq(seasonCrops.id, collections.seasonCropId))
    .innerJoin(seasons, eq(seasons.id, seasonCrops.seasonId))
    .innerJoin(crops, eq(crops.id, seasonCrops.cropId))
    .innerJoin(grades, eq(grades.id, collections.gradeId))
    .leftJoin(users, eq(users.id, collections.createdBy));

const toCollection = ({ createdAt, cancelledAt, ...row }: Row): Collection => ({
  ...row,
  createdAt: createdAt.toISOString(),
  cancelledAt: cancelledAt ? cancelledAt.toISOString() : null,
});

export async function getCollection(db: DbOrTx, id: string): Promise<Collection> {
  const [row] = await selectCollections(db).where(eq(collections.id, id));
  if (!row) throw new NotFoundError('Collection not found');
  return toCollection(row);
}

/**
 * The search box takes a receipt number (RC-…), a farmer number or part of a farmer's name. A
 * name matches farmers first (of the caller's society), then their collections by index.
 */
function searchCondition(search: string, society: string | null): SQL {
  const upper = search.toUpperCase();
  const pattern = likeContains(search);
  const farmerIds = sql`select f.id from farmers f where (f.farmer_no = ${upper}
      or lower(concat_ws(' ', f.first_name, f.middle_name, f.last_name)) like ${pattern})
      ${society ? sql`and f.amcos_id = ${society}` : sql``}`;
  return or(
    eq(collections.receiptNo, upper),
    sql`${collections.receiptNo} like ${`${upper.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
    sql`${collections.farmerId} in (${farmerIds})`,
  ) as SQL;
}

export async function listCollections(
  db: DbOrTx,
  query: CollectionListQuery,
  window: PageWindow,
  society: string | null,
): Promise<{ rows: Collection[]; total: number }> {
  const where = and(
    society ? eq(collections.amcosId, society) : undefined,
    query.amcos_id ? eq(collections.amcosId, query.amcos_id) : undefined,
    query.season_crop_id ? eq(collections.seasonCropId, query.season_crop_id) : undefined,
    query.grade_id ? eq(collections.gradeId, query.grade_id) : undefined,
    query.farmer_id ? eq(collections.farmerId, query.farmer_id) : undefined,
    query.status ? eq(collections.status, query.status) : undefined,
    query.from ? gte(collections.collectedOn, query.from) : undefined,
    query.to ? lte(collections.collectedOn, query.to) : undefined,
    query.search ? searchCondition(query.search, society) : undefined,
  );
  const sortable = {
    receipt_no: collections.receiptNo,
    collected_on: collections.collectedOn,
    net_kg: collections.netKg,
    bags: collections.bags,
    status: collections.status,
    farmer: farmers.lastName,
  };
  const { rows, total } = await pageOf(db, () => selectCollections(db).$dynamic(), {
    where,
    order: {
      sort: query.sort,
      sortable,
      fallback: [desc(collections.collectedOn), desc(collections.createdAt)],
      tiebreak: collections.id,
    },
    window,
    counted: () => db.select({ id: collections.id }).from(collections).$dynamic(),
  });
  return { rows: rows.map(toCollection), total };
}

export const collectionExportColumns: ExportColumn<Collection>[] = [
  { header: 'Receipt no', value: (r) => r.receiptNo, width: 22 },
  { header: 'Date', value: (r) => r.collectedOn },
  { header: 'AMCOS', value: (r) => r.amcosName, width: 24 },
  { header: 'Farmer no', value: (r) => r.farmerNo },
  { header: 'Farmer', value: (r) => r.farmerName, width: 26 },
  { header: 'Season', value: (r) => r.seasonName },
  { header: 'Crop', value: (r) => r.cropName },
  { header: 'Grade', value: (r) => r.gradeName },
  { header: 'Bags', value: (r) => r.bags },
  { header: 'Gross kg', value: (r) => r.grossKg },
  { header: 'Tare kg', value: (r) => r.tareKg },
  { header: 'Net kg', value: (r) => r.netKg },
  { header: 'Moisture %', value: (r) => r.moisture },
  { header: 'Moisture flagged', value: (r) => (r.moistureFlagged ? 'yes' : 'no') },
  { header: 'Status', value: (r) => r.status },
  { header: 'Cancel reason', value: (r) => r.cancelReason, width: 30 },
];

/** For the audit owners map: the society a collection belongs to. */
export async function collectionSociety(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ amcosId: collections.amcosId })
    .from(collections)
    .where(eq(collections.id, id));
  return row?.amcosId;
}
