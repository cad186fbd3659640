import type {
  DeliveryNote,
  DeliveryNoteDetail,
  DeliveryNoteListQuery,
  DeliveryNoteOptions,
  PendingCollection,
} from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { type AnyColumn, and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { localNameSql } from '../../../platform/labels.ts';
import { likeContains, type PageWindow, pageOf } from '../../../platform/list.ts';
import { amcos } from '../../amcos/schema.ts';
import { farmers } from '../../farmers/schema.ts';
import { crops, grades, seasonCrops, seasons } from '../../seasons/schema.ts';
import { transporters, vehicles } from '../../transporters/schema.ts';
import { warehouses } from '../../warehouses/schema.ts';
import { collections, deliveryNotes, lots } from '../schema.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const seasonCropName = sql<string>`${seasons.name} || ' ' || ${localNameSql('crops')}`;

/** The joins `seasonCropName` reads: the season crop of `seasonCropId`, its season and its crop. */
export function joinSeasonCrop<T extends PgSelect>(query: T, seasonCropId: AnyColumn) {
  return query
    .innerJoin(seasonCrops, eq(seasonCrops.id, seasonCropId))
    .innerJoin(seasons, eq(seasons.id, seasonCrops.seasonId))
    .innerJoin(crops, eq(crops.id, seasonCrops.cropId));
}

/**
 * The season crop's transporter deduction rule (the first by order), which pays the carrier
 * instead of the note's charge (settlement does the same, docs/DECISIONS.md): with what a per-kg
 * rule pays on the received (warehouse) kg, half-up to the cent.
 */
const transportRuleOfNote = sql<DeliveryNote['transportRule']>`(
  select json_build_object('name', r.name, 'basis', r.basis, 'rate', r.rate::text,
    'amount', case when r.basis = 'per_kg' and ${deliveryNotes.receivedKg} is not null
      then round(${deliveryNotes.receivedKg} * r.rate, 2)::numeric(16,2)::text end)
  from deduction_rules r
  where r.season_crop_id = ${deliveryNotes.seasonCropId} and r.recipient = 'transporter'
  order by r.sort_order, r.id limit 1)`;

/** A note's number, society, season crop and warehouse with their names (joins of `baseQuery`). */
export const noteNames = {
  dnNo: deliveryNotes.dnNo,
  amcosId: deliveryNotes.amcosId,
  amcosName: amcos.name,
  seasonCropId: deliveryNotes.seasonCropId,
  seasonCropName,
  warehouseId: deliveryNotes.warehouseId,
  warehouseName: warehouses.name,
};

const columns = {
  id: deliveryNotes.id,
  ...noteNames,
  transporterId: deliveryNotes.transporterId,
  transporterName: transporters.name,
  vehicleId: deliveryNotes.vehicleId,
  vehiclePlate: deliveryNotes.vehiclePlate,
  driverName: deliveryNotes.driverName,
  driverPhone: deliveryNotes.driverPhone,
  status: deliveryNotes.status,
  bags: deliveryNotes.bags,
  netKg: deliveryNotes.netKg,
  transportCharge: deliveryNotes.transportCharge,
  transportRule: transportRuleOfNote,
  dispatchedAt: deliveryNotes.dispatchedAt,
  receivedBags: deliveryNotes.receivedBags,
  receivedKg: deliveryNotes.receivedKg,
  varianceKg: deliveryNotes.varianceKg,
  receivedAt: deliveryNotes.receivedAt,
  receiveRemarks: deliveryNotes.receiveRemarks,
  cancelReason: deliveryNotes.cancelReason,
  createdAt: deliveryNotes.createdAt,
};

function baseQuery(db: DbOrTx) {
  const query = db
    .select(columns)
    .from(deliveryNotes)
    .innerJoin(amcos, eq(amcos.id, deliveryNotes.amcosId))
    .innerJoin(warehouses, eq(warehouses.id, deliveryNotes.warehouseId))
    .innerJoin(transporters, eq(transporters.id, deliveryNotes.transporterId))
    .$dynamic();
  return joinSeasonCrop(query, deliveryNotes.seasonCropId);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];
const shape = (r: Row): DeliveryNote => ({
  ...r,
  // One transport figure: where a rule pays the carrier, the note's charge is not paid.
  transportCharge: r.transportRule ? null : r.transportCharge,
  transportRule: r.transportRule ?? null,
  dispatchedAt: iso(r.dispatchedAt),
  receivedAt: iso(r.receivedAt),
  createdAt: r.createdAt.toISOString(),
});

/** Received notes whose collections are not all in lots yet. */
const awaitingLots = sql`${deliveryNotes.status} = 'received'`;

export async function listDeliveryNotes(
  db: DbOrTx,
  query: DeliveryNoteListQuery,
  window: PageWindow,
  society: string | null,
): Promise<{ rows: DeliveryNote[]; total: number }> {
  const pattern = query.search ? likeContains(query.search) : undefined;
  const where: SQL | undefined = and(
    society ? eq(deliveryNotes.amcosId, society) : undefined,
    query.amcos_id ? eq(deliveryNotes.amcosId, query.amcos_id) : undefined,
    query.status ? eq(deliveryNotes.status, query.status) : undefined,
    query.season_crop_id ? eq(deliveryNotes.seasonCropId, query.season_crop_id) : undefined,
    query.warehouse_id ? eq(deliveryNotes.warehouseId, query.warehouse_id) : undefined,
    query.awaiting_lots ? awaitingLots : undefined,
    pattern
      ? or(
          ilike(deliveryNotes.dnNo, pattern),
          ilike(deliveryNotes.vehiclePlate, pattern),
          ilike(deliveryNotes.driverName, pattern),
          ilike(amcos.name, pattern),
        )
      : undefined,
  );
  const sortable = {
    dnNo: deliveryNotes.dnNo,
    createdAt: deliveryNotes.createdAt,
    netKg: deliveryNotes.netKg,
    status: deliveryNotes.status,
  };
  const { rows, total } = await pageOf(db, () => baseQuery(db).$dynamic(), {
    where,
    order: {
      sort: query.sort,
      sortable,
      fallback: [desc(deliveryNotes.createdAt)],
      tiebreak: deliveryNotes.id,
    },
    window,
  });
  return { rows: rows.map(shape), total };
}

export async function findDeliveryNote(db: DbOrTx, id: string): Promise<DeliveryNote | undefined> {
  const [row] = await baseQuery(db).where(eq(deliveryNotes.id, id));
  return row ? shape(row) : undefined;
}

const farmerName = sql<string>`${farmers.firstName} || ' ' || ${farmers.lastName}`;

/** A collection's receipt, day and farmer (joined), as the note and lot details list them. */
export const collectionOfFarmer = {
  id: collections.id,
  receiptNo: collections.receiptNo,
  collectedOn: collections.collectedOn,
  farmerId: collections.farmerId,
  farmerNo: farmers.farmerNo,
  farmerName,
};

export async function getDeliveryNote(db: DbOrTx, id: string): Promise<DeliveryNoteDetail> {
  const note = await findDeliveryNote(db, id);
  if (!note) throw new NotFoundError('Delivery note not found');
  const items = await db
    .select({
      ...collectionOfFarmer,
      gradeId: collections.gradeId,
      gradeName: localNameSql('grades'),
      bags: collections.bags,
      netKg: collections.netKg,
      status: collections.status,
      lotId: collections.lotId,
      lotNo: lots.lotNo,
    })
    .from(collections)
    .innerJoin(farmers, eq(farmers.id, collections.farmerId))
    .innerJoin(grades, eq(grades.id, collections.gradeId))
    .leftJoin(lots, eq(lots.id, collections.lotId))
    .where(eq(collections.deliveryNoteId, id))
    .orderBy(asc(collections.collectedOn), asc(collections.receiptNo));
  const byGrade = new Map<string, DeliveryNoteDetail['grades'][number]>();
  for (const c of items) {
    const g = byGrade.get(c.gradeId) ?? {
      gradeId: c.gradeId,
      gradeName: c.gradeName,
      collections: 0,
      bags: 0,
      netKg: '0',
      inLotKg: '0.000',
    };
    g.collections += 1;
    g.bags += c.bags;
    g.netKg = addKg(g.netKg, c.netKg);
    if (c.lotId) g.inLotKg = addKg(g.inLotKg, c.netKg);
    byGrade.set(c.gradeId, g);
  }
  return { ...note, grades: [...byGrade.values()], collections: items };
}

const addKg = (a: string, b: string) => dec(a).plus(b).toFixed(3);

/** An AMCOS's collections of one season crop still at the society (status recorded), oldest first. */
export async function listPendingCollections(
  db: DbOrTx,
  filter: { amcosId: string; seasonCropId: string; gradeId?: string | undefined },
): Promise<PendingCollection[]> {
  return db
    .select({
      id: collections.id,
      receiptNo: collections.receiptNo,
      collectedOn: collections.collectedOn,
      farmerNo: farmers.farmerNo,
      farmerName,
      gradeId: collections.gradeId,
      gradeName: localNameSql('grades'),
      bags: collections.bags,
      netKg: collections.netKg,
    })
    .from(collections)
    .innerJoin(farmers, eq(farmers.id, collections.farmerId))
    .innerJoin(grades, eq(grades.id, collections.gradeId))
    .where(
      and(
        eq(collections.amcosId, filter.amcosId),
        eq(collections.seasonCropId, filter.seasonCropId),
        eq(collections.status, 'recorded'),
        filter.gradeId ? eq(collections.gradeId, filter.gradeId) : undefined,
      ),
    )
    .orderBy(asc(collections.collectedOn), asc(collections.createdAt), asc(collections.receiptNo))
    .limit(5000);
}

/** Active transporters (with vehicles) and warehouses for the note form; AMCOS users may read them. */
export async function deliveryNoteFormOptions(db: DbOrTx): Promise<DeliveryNoteOptions> {
  const [carriers, trucks, stores] = await Promise.all([
    db
      .select({
        id: transporters.id,
        name: transporters.name,
        rateBasis: transporters.rateBasis,
        rate: transporters.rate,
      })
      .from(transporters)
      .where(eq(transporters.active, true))
      .orderBy(asc(transporters.name)),
    db
      .select({ id: vehicles.id, plateNo: vehicles.plateNo, transporterId: vehicles.transporterId })
      .from(vehicles)
      .orderBy(asc(vehicles.plateNo)),
    db
      .select({ id: warehouses.id, name: warehouses.name })
      .from(warehouses)
      .where(eq(warehouses.active, true))
      .orderBy(asc(warehouses.name)),
  ]);
  return {
    transporters: carriers.map((c) => ({
      ...c,
      vehicles: trucks.filter((v) => v.transporterId === c.id).map(({ id, plateNo }) => ({ id, plateNo })),
    })),
    warehouses: stores,
  };
}
