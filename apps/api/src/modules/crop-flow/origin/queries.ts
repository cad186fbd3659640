import type { Origin, OriginFarm } from '@ushirika/contracts';
import { checkPlot, dec, type Position } from '@ushirika/domain';
import { and, asc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { type Actor, assertSociety } from '../../../platform/access.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { localNameSql } from '../../../platform/labels.ts';
import { amcos } from '../../amcos/schema.ts';
import { councils, districts } from '../../cooperative/schema.ts';
import { farmers, farms } from '../../farmers/schema.ts';
import { salesInvoiceLines, salesInvoices } from '../../sales/invoices/schema.ts';
import { releaseNoteLots, releaseNotes } from '../../sales/release-notes/schema.ts';
import { grades, seasonCrops } from '../../seasons/schema.ts';
import { collectionOfFarmer, joinSeasonCrop } from '../delivery-notes/queries.ts';
import { collections, deliveryNotes, lotSources, lots } from '../schema.ts';

/** What an origin is asked for: one lot, or the lots of a sales invoice or a release note. */
export type OriginSource = { kind: 'lot' | 'invoice' | 'release_note'; id: string };

/**
 * The lots of the source, refused (404) when it does not exist and (403) to an AMCOS user for a lot
 * of another society. Every step below reads by an index: the invoice's lines by invoice, the
 * release note's lots by note, lot sources and collections by lot, farms by farmer.
 */
export async function lotsOfSource(db: DbOrTx, source: OriginSource, actor: Actor) {
  if (source.kind === 'lot') {
    const [lot] = await db
      .select({ id: lots.id, amcosId: lots.amcosId, no: lots.whrNo })
      .from(lots)
      .where(eq(lots.id, source.id));
    if (!lot) throw new NotFoundError('Lot not found');
    assertSociety(actor, lot.amcosId);
    return { lotIds: [lot.id], name: lot.no };
  }
  if (source.kind === 'invoice') {
    const [invoice] = await db
      .select({ no: salesInvoices.invoiceNo })
      .from(salesInvoices)
      .where(eq(salesInvoices.id, source.id));
    if (!invoice) throw new NotFoundError('Sales invoice not found');
    const rows = await db
      .selectDistinct({ id: salesInvoiceLines.lotId })
      .from(salesInvoiceLines)
      .where(and(eq(salesInvoiceLines.invoiceId, source.id), sql`${salesInvoiceLines.lotId} is not null`));
    return { lotIds: rows.flatMap((r) => (r.id ? [r.id] : [])), name: invoice.no };
  }
  const [note] = await db
    .select({ no: releaseNotes.releaseNo })
    .from(releaseNotes)
    .where(eq(releaseNotes.id, source.id));
  if (!note) throw new NotFoundError('Release note not found');
  const rows = await db
    .select({ id: releaseNoteLots.lotId })
    .from(releaseNoteLots)
    .where(eq(releaseNoteLots.releaseNoteId, source.id));
  return { lotIds: rows.map((r) => r.id), name: note.no };
}

const boundaryRow = z
  .object({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))) })
  .nullable();

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The origin of these lots, confined to one society's collections and farms when `society` is set
 * (an AMCOS user's). Farms are those of the farmers with a collection in the lots, for the lots'
 * crops or with no crop recorded: a receipt names the farmer, not the farm.
 */
export async function readOrigin(db: DbOrTx, lotIds: string[], society: string | null): Promise<Origin> {
  if (lotIds.length === 0) return emptyOrigin();
  const inSociety = (column: Parameters<typeof eq>[0]): SQL | undefined =>
    society ? eq(column, society) : undefined;
  const lotQuery = db
    .select({
      id: lots.id,
      whrNo: lots.whrNo,
      lotNo: lots.lotNo,
      amcosName: amcos.name,
      cropId: seasonCrops.cropId,
      cropName: localNameSql('crops'),
      gradeName: localNameSql('grades'),
      netKg: lots.netKg,
      collectedKg: lots.collectedKg,
    })
    .from(lots)
    .innerJoin(amcos, eq(amcos.id, lots.amcosId))
    .innerJoin(grades, eq(grades.id, lots.gradeId))
    .$dynamic();
  const [lotRows, noteRows, collectionRows] = await Promise.all([
    joinSeasonCrop(lotQuery, lots.seasonCropId)
      .where(and(inArray(lots.id, lotIds), inSociety(lots.amcosId)))
      .orderBy(asc(lots.lotNo)),
    db
      .select({
        id: deliveryNotes.id,
        dnNo: deliveryNotes.dnNo,
        lotNo: lots.lotNo,
        amcosName: amcos.name,
        vehiclePlate: deliveryNotes.vehiclePlate,
        driverName: deliveryNotes.driverName,
        dispatchedAt: deliveryNotes.dispatchedAt,
        receivedAt: deliveryNotes.receivedAt,
        netKg: lotSources.netKg,
      })
      .from(lotSources)
      .innerJoin(deliveryNotes, eq(deliveryNotes.id, lotSources.deliveryNoteId))
      .innerJoin(lots, eq(lots.id, lotSources.lotId))
      .innerJoin(amcos, eq(amcos.id, deliveryNotes.amcosId))
      .where(and(inArray(lotSources.lotId, lotIds), inSociety(deliveryNotes.amcosId)))
      .orderBy(asc(lots.lotNo), asc(deliveryNotes.dnNo)),
    db
      .select({
        ...collectionOfFarmer,
        gradeName: localNameSql('grades'),
        bags: collections.bags,
        netKg: collections.netKg,
        dnNo: deliveryNotes.dnNo,
        lotNo: lots.lotNo,
      })
      .from(collections)
      .innerJoin(farmers, eq(farmers.id, collections.farmerId))
      .innerJoin(grades, eq(grades.id, collections.gradeId))
      .innerJoin(deliveryNotes, eq(deliveryNotes.id, collections.deliveryNoteId))
      .innerJoin(lots, eq(lots.id, collections.lotId))
      .where(
        and(
          inArray(collections.lotId, lotIds),
          ne(collections.status, 'cancelled'),
          inSociety(collections.amcosId),
        ),
      )
      .orderBy(asc(collections.collectedOn), asc(collections.receiptNo)),
  ]);
  const kgByFarmer = new Map<string, ReturnType<typeof dec>>();
  for (const c of collectionRows)
    kgByFarmer.set(c.farmerId, (kgByFarmer.get(c.farmerId) ?? dec(0)).plus(c.netKg));
  const farmRows = await readFarms(db, [...kgByFarmer.keys()], [...new Set(lotRows.map((l) => l.cropId))]);
  const originFarms: OriginFarm[] = farmRows.map((f) => {
    const boundary = boundaryRow.parse(f.boundary ?? null);
    const point: Position | null =
      f.latitude && f.longitude ? [Number(f.longitude), Number(f.latitude)] : null;
    const check = checkPlot({ acres: f.acres, point, ring: boundary?.coordinates[0] ?? null });
    const { boundary: _b, latitude, longitude, acres: _a, ...rest } = f;
    return {
      ...rest,
      farmerKg: (kgByFarmer.get(f.farmerId) ?? dec(0)).toFixed(3),
      declaredHa: check.declaredHa,
      measuredHa: check.measuredHa,
      geometry: check.geometry,
      location: latitude && longitude ? { lat: Number(latitude), lng: Number(longitude) } : null,
      boundary,
      issues: check.issues,
    };
  });
  return {
    lots: lotRows.map(({ cropId: _c, ...l }) => l),
    deliveryNotes: noteRows.map((n) => ({
      ...n,
      dispatchedAt: iso(n.dispatchedAt),
      receivedAt: iso(n.receivedAt),
    })),
    collections: collectionRows,
    farms: originFarms,
    summary: {
      farmers: kgByFarmer.size,
      farms: originFarms.length,
      collections: collectionRows.length,
      collectedKg: collectionRows.reduce((sum, c) => sum.plus(c.netKg), dec(0)).toFixed(3),
      blocking: originFarms.filter((f) => f.issues.some((i) => i.blocking)).length,
      warnings: originFarms.filter((f) => f.issues.some((i) => !i.blocking)).length,
    },
  };
}

/** The delivering farmers' farms (by the farms' farmer index), with their place: village, ward, district. */
function readFarms(db: DbOrTx, farmerIds: string[], cropIds: string[]) {
  if (farmerIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: farms.id,
      farmerId: farms.farmerId,
      farmerNo: farmers.farmerNo,
      producerName: sql<string>`concat_ws(' ', ${farmers.firstName}, ${farmers.middleName}, ${farmers.lastName})`,
      farmName: farms.name,
      village: sql<string | null>`coalesce(${farmers.village}, ${amcos.village})`,
      ward: amcos.ward,
      district: districts.name,
      amcosName: amcos.name,
      acres: farms.acres,
      latitude: farms.latitude,
      longitude: farms.longitude,
      boundary: farms.boundary,
    })
    .from(farms)
    .innerJoin(farmers, eq(farmers.id, farms.farmerId))
    .innerJoin(amcos, eq(amcos.id, farmers.amcosId))
    .leftJoin(councils, eq(councils.id, amcos.councilId))
    .leftJoin(districts, eq(districts.id, councils.districtId))
    .where(
      and(
        inArray(farms.farmerId, farmerIds),
        cropIds.length > 0 ? or(isNull(farms.cropId), inArray(farms.cropId, cropIds)) : undefined,
      ),
    )
    .orderBy(asc(farmers.farmerNo), asc(farms.name), asc(farms.id));
}

function emptyOrigin(): Origin {
  return {
    lots: [],
    deliveryNotes: [],
    collections: [],
    farms: [],
    summary: { farmers: 0, farms: 0, collections: 0, collectedKg: '0.000', blocking: 0, warnings: 0 },
  };
}
