import type { AwaitingLotRow, Lot, LotDetail, LotListQuery } from '@ushirika/contracts';
import { dec, splitExact } from '@ushirika/domain';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { localNameSql } from '../../../platform/labels.ts';
import { likeContains, type PageWindow, pageOf } from '../../../platform/list.ts';
import { amcos } from '../../amcos/schema.ts';
import { farmers } from '../../farmers/schema.ts';
import { crops, grades, seasons } from '../../seasons/schema.ts';
import { warehouses } from '../../warehouses/schema.ts';
import { collectionOfFarmer, joinSeasonCrop, noteNames, seasonCropName } from '../delivery-notes/queries.ts';
import { collections, deliveryNotes, lotSources, lots } from '../schema.ts';

const columns = {
  id: lots.id,
  whrNo: lots.whrNo,
  lotNo: lots.lotNo,
  warehouseId: lots.warehouseId,
  warehouseName: warehouses.name,
  amcosId: lots.amcosId,
  amcosName: amcos.name,
  seasonCropId: lots.seasonCropId,
  seasonCropName,
  gradeId: lots.gradeId,
  gradeName: localNameSql('grades'),
  bags: lots.bags,
  netKg: lots.netKg,
  collectedKg: lots.collectedKg,
  status: lots.status,
  certificateNo: lots.certificateNo,
  moisture: lots.moisture,
  outturn: lots.outturn,
  nutCount: lots.nutCount,
  issuedAt: lots.issuedAt,
  opening: sql<boolean>`${lots.openingImportId} is not null`.mapWith(Boolean),
  withoutFarmerDetail: lots.withoutFarmerDetail,
};

function baseQuery(db: DbOrTx) {
  const query = db
    .select(columns)
    .from(lots)
    .innerJoin(amcos, eq(amcos.id, lots.amcosId))
    .innerJoin(warehouses, eq(warehouses.id, lots.warehouseId))
    .innerJoin(grades, eq(grades.id, lots.gradeId))
    .$dynamic();
  return joinSeasonCrop(query, lots.seasonCropId);
}
type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];
const shape = (r: Row): Lot => ({ ...r, issuedAt: r.issuedAt.toISOString() });

export async function listLots(
  db: DbOrTx,
  query: LotListQuery,
  window: PageWindow,
  society: string | null,
): Promise<{ rows: Lot[]; total: number }> {
  const pattern = query.search ? likeContains(query.search) : undefined;
  const where: SQL | undefined = and(
    society ? eq(lots.amcosId, society) : undefined,
    query.amcos_id ? eq(lots.amcosId, query.amcos_id) : undefined,
    query.warehouse_id ? eq(lots.warehouseId, query.warehouse_id) : undefined,
    query.grade_id ? eq(lots.gradeId, query.grade_id) : undefined,
    query.season_crop_id ? eq(lots.seasonCropId, query.season_crop_id) : undefined,
    query.status ? eq(lots.status, query.status) : undefined,
    pattern
      ? or(
          ilike(lots.whrNo, pattern),
          ilike(lots.lotNo, pattern),
          ilike(lots.certificateNo, pattern),
          ilike(amcos.name, pattern),
        )
      : undefined,
  );
  const sortable = { whrNo: lots.whrNo, lotNo: lots.lotNo, netKg: lots.netKg, issuedAt: lots.issuedAt };
  const { rows, total } = await pageOf(db, () => baseQuery(db).$dynamic(), {
    where,
    order: {
      sort: query.sort,
      sortable,
      fallback: [desc(lots.issuedAt), desc(lots.whrNo)],
      tiebreak: lots.id,
    },
    window,
  });
  return { rows: rows.map(shape), total };
}

export async function getLot(db: DbOrTx, id: string): Promise<LotDetail> {
  const [row] = await baseQuery(db).where(eq(lots.id, id));
  if (!row) throw new NotFoundError('Lot not found');
  const [sources, items] = await Promise.all([
    db
      .select({
        deliveryNoteId: lotSources.deliveryNoteId,
        dnNo: deliveryNotes.dnNo,
        bags: lotSources.bags,
        netKg: lotSources.netKg,
        collectedKg: lotSources.collectedKg,
      })
      .from(lotSources)
      .innerJoin(deliveryNotes, eq(deliveryNotes.id, lotSources.deliveryNoteId))
      .where(eq(lotSources.lotId, id))
      .orderBy(asc(deliveryNotes.dnNo)),
    db
      .select({
        ...collectionOfFarmer,
        dnNo: deliveryNotes.dnNo,
        bags: collections.bags,
        netKg: collections.netKg,
        status: collections.status,
      })
      .from(collections)
      .innerJoin(farmers, eq(farmers.id, collections.farmerId))
      .innerJoin(deliveryNotes, eq(deliveryNotes.id, collections.deliveryNoteId))
      .where(eq(collections.lotId, id))
      .orderBy(asc(deliveryNotes.dnNo), asc(collections.collectedOn), asc(collections.receiptNo)),
  ]);
  return { ...shape(row), sources, collections: items };
}

/**
 * Received notes' collections not yet in lots, per note and grade, with the grade's share of the
 * warehouse weight still free (the same split `issueLots` checks against).
 */
export async function listAwaitingLots(
  db: DbOrTx,
  filter: { warehouseId?: string | undefined; amcosId?: string | undefined },
  society: string | null,
): Promise<AwaitingLotRow[]> {
  const query = db
    .select({
      deliveryNoteId: deliveryNotes.id,
      ...noteNames,
      receivedKg: deliveryNotes.receivedKg,
      receivedAt: deliveryNotes.receivedAt,
      gradeId: collections.gradeId,
      gradeName: localNameSql('grades'),
      gradeKg: sql<string>`sum(${collections.netKg})`,
      collections: sql<number>`(count(*) filter (where ${collections.lotId} is null))::int`,
      bags: sql<number>`(coalesce(sum(${collections.bags}) filter (where ${collections.lotId} is null), 0))::int`,
      collectedKg: sql<string>`coalesce(sum(${collections.netKg}) filter (where ${collections.lotId} is null), 0)`,
      usedKg: sql<string>`coalesce((select sum(ls.net_kg) from lot_sources ls join lots l on l.id = ls.lot_id
        where ls.delivery_note_id = ${deliveryNotes.id} and l.grade_id = ${collections.gradeId}), 0)`,
    })
    .from(deliveryNotes)
    .innerJoin(collections, eq(collections.deliveryNoteId, deliveryNotes.id))
    .innerJoin(amcos, eq(amcos.id, deliveryNotes.amcosId))
    .innerJoin(warehouses, eq(warehouses.id, deliveryNotes.warehouseId))
    .innerJoin(grades, eq(grades.id, collections.gradeId))
    .$dynamic();
  const rows = await joinSeasonCrop(query, deliveryNotes.seasonCropId)
    .where(
      and(
        eq(deliveryNotes.status, 'received'),
        sql`${collections.status} <> 'cancelled'`,
        society ? eq(deliveryNotes.amcosId, society) : undefined,
        filter.amcosId ? eq(deliveryNotes.amcosId, filter.amcosId) : undefined,
        filter.warehouseId ? eq(deliveryNotes.warehouseId, filter.warehouseId) : undefined,
      ),
    )
    .groupBy(
      deliveryNotes.id,
      amcos.name,
      warehouses.name,
      seasons.name,
      crops.id,
      collections.gradeId,
      grades.id,
    )
    .orderBy(asc(deliveryNotes.receivedAt), asc(deliveryNotes.dnNo), asc(collections.gradeId))
    .limit(1000);
  const byNote = new Map<string, typeof rows>();
  for (const r of rows) byNote.set(r.deliveryNoteId, [...(byNote.get(r.deliveryNoteId) ?? []), r]);
  const result: AwaitingLotRow[] = [];
  for (const group of byNote.values()) {
    const received = group[0]?.receivedKg ?? '0';
    const shares = splitExact(
      received,
      group.map((g) => g.gradeKg),
      3,
    );
    group.forEach((g, i) => {
      if (g.collections === 0) return;
      const left = (shares[i] ?? dec(0)).minus(g.usedKg);
      const { receivedKg: _r, gradeKg: _g, usedKg: _u, receivedAt, ...rest } = g;
      result.push({
        ...rest,
        receivedAt: receivedAt ? receivedAt.toISOString() : null,
        warehouseKg: (left.isNegative() ? dec(0) : left).toFixed(3),
      });
    });
  }
  return result;
}
