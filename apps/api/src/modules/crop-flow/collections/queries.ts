import type { Collection, CollectionListQuery, StockQuery, StockReply, StockRow } from '@ushirika/contracts';
import { sum } from '@ushirika/domain';
import { and, count, desc, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import type { ExportColumn } from '../../../platform/exports.ts';
import { localNameSql } from '../../../platform/labels.ts';
import { likeContains, orderByOf, type PageWindow } from '../../../platform/list.ts';
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
  const [rows, [total]] = await Promise.all([
    selectCollections(db)
      .where(where)
      .orderBy(
        ...orderByOf(
          query.sort,
          sortable,
          [desc(collections.collectedOn), desc(collections.createdAt)],
          collections.id,
        ),
      )
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(collections).where(where),
  ]);
  return { rows: rows.map(toCollection), total: total?.value ?? 0 };
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

type StockSqlRow = {
  amcos_id: string;
  amcos_code: string;
  amcos_name: string;
  season_crop_id: string;
  season_name: string;
  crop_name: string;
  grade_id: string;
  grade_code: string;
  grade_name: string;
  collected_bags: number | string;
  collected_kg: string;
  delivered_kg: string;
  stock_count: number | string;
  stock_bags: number | string;
  stock_kg: string;
};

/**
 * The AMCOS stock per season crop and grade, from the trigger-kept totals (`collection_stock`,
 * one row per status), pivoted in SQL: collected (every status but cancelled), delivered (on a
 * delivery note or further), stock (recorded: still at the AMCOS). In transit is summed from the
 * collections of the few dispatched notes not yet received. `society` confines it to one AMCOS.
 */
export async function amcosStock(db: DbOrTx, query: StockQuery, society: string | null): Promise<StockReply> {
  const amcosId = society ?? query.amcos_id ?? null;
  const filters = (alias: string) =>
    sql.join(
      [
        amcosId ? sql`and ${sql.raw(alias)}.amcos_id = ${amcosId}::uuid` : sql``,
        query.season_crop_id
          ? sql`and ${sql.raw(alias)}.season_crop_id = ${query.season_crop_id}::uuid`
          : sql``,
      ],
      sql` `,
    );
  const [rows, transit] = await Promise.all([
    queryRows<StockSqlRow>(
      db,
      sql`select t.amcos_id, a.code as amcos_code, a.name as amcos_name, t.season_crop_id,
            s.name as season_name, ${localNameSql('c')} as crop_name, t.grade_id, g.code as grade_code, ${localNameSql('g')} as grade_name,
            t.collected_bags, t.collected_kg::text, t.delivered_kg::text, t.stock_count, t.stock_bags, t.stock_kg::text
          from (
            select st.amcos_id, st.season_crop_id, st.grade_id,
              coalesce(sum(st.bags) filter (where st.status <> 'cancelled'), 0) as collected_bags,
              coalesce(sum(st.net_kg) filter (where st.status <> 'cancelled'), 0)::numeric(16,3) as collected_kg,
              coalesce(sum(st.net_kg) filter (where st.status not in ('recorded', 'cancelled')), 0)::numeric(16,3) as delivered_kg,
              coalesce(sum(st.collections) filter (where st.status = 'recorded'), 0) as stock_count,
              coalesce(sum(st.bags) filter (where st.status = 'recorded'), 0) as stock_bags,
              coalesce(sum(st.net_kg) filter (where st.status = 'recorded'), 0)::numeric(16,3) as stock_kg
            from collection_stock st
            where true ${filters('st')}
            group by st.amcos_id, st.season_crop_id, st.grade_id
            having sum(st.collections) filter (where st.status <> 'cancelled') > 0
          ) t
          join amcos a on a.id = t.amcos_id
          join season_crops sc on sc.id = t.season_crop_id
          join seasons s on s.id = sc.season_id
          join crops c on c.id = sc.crop_id
          join grades g on g.id = t.grade_id
          order by a.name, s.name desc, ${localNameSql('c')}, g.code`,
    ),
    queryRows<{
      amcos_id: string;
      season_crop_id: string;
      grade_id: string;
      bags: number | string;
      net_kg: string;
    }>(
      db,
      sql`select c.amcos_id, c.season_crop_id, c.grade_id, sum(c.bags) as bags, sum(c.net_kg)::numeric(16,3)::text as net_kg
          from delivery_notes dn join collections c on c.delivery_note_id = dn.id
          where dn.status = 'dispatched' ${filters('dn')}
          group by c.amcos_id, c.season_crop_id, c.grade_id`,
    ),
  ]);
  const inTransit = new Map(transit.map((t) => [`${t.amcos_id}|${t.season_crop_id}|${t.grade_id}`, t]));
  const data: StockRow[] = rows.map((r) => {
    const t = inTransit.get(`${r.amcos_id}|${r.season_crop_id}|${r.grade_id}`);
    return {
      amcosId: r.amcos_id,
      amcosCode: r.amcos_code,
      amcosName: r.amcos_name,
      seasonCropId: r.season_crop_id,
      seasonName: r.season_name,
      cropName: r.crop_name,
      gradeId: r.grade_id,
      gradeCode: r.grade_code,
      gradeName: r.grade_name,
      collectedBags: Number(r.collected_bags),
      collectedKg: r.collected_kg,
      deliveredKg: r.delivered_kg,
      stockCount: Number(r.stock_count),
      stockBags: Number(r.stock_bags),
      stockKg: r.stock_kg,
      inTransitBags: t ? Number(t.bags) : 0,
      inTransitKg: t ? t.net_kg : '0.000',
    };
  });
  return {
    data,
    totals: {
      stockBags: data.reduce((n, r) => n + r.stockBags, 0),
      stockKg: sum(data.map((r) => r.stockKg)).toFixed(3),
      inTransitKg: sum(data.map((r) => r.inTransitKg)).toFixed(3),
      collectedKg: sum(data.map((r) => r.collectedKg)).toFixed(3),
    },
  };
}

/** For the audit owners map: the society a collection belongs to. */
export async function collectionSociety(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ amcosId: collections.amcosId })
    .from(collections)
    .where(eq(collections.id, id));
  return row?.amcosId;
}
