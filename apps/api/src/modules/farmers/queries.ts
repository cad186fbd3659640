import type { Farm, Farmer, FarmerDetail, GeoPolygon } from '@ushirika/contracts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { localNameSql } from '../../platform/labels.ts';
import { pointOf } from '../amcos/queries.ts';
import { amcos } from '../amcos/schema.ts';
import { banks } from '../cooperative/schema.ts';
import { crops } from '../seasons/schema.ts';
import { farmers, farms } from './schema.ts';

const columns = {
  id: farmers.id,
  farmerNo: farmers.farmerNo,
  amcosId: farmers.amcosId,
  amcosCode: amcos.code,
  amcosName: amcos.name,
  firstName: farmers.firstName,
  middleName: farmers.middleName,
  lastName: farmers.lastName,
  gender: farmers.gender,
  dateOfBirth: farmers.dateOfBirth,
  nationalId: farmers.nationalId,
  phone: farmers.phone,
  bankId: farmers.bankId,
  bankName: banks.name,
  accountNo: farmers.accountNo,
  village: farmers.village,
  status: farmers.status,
  farmCount: sql<number>`(select count(*)::int from farms fa where fa.farmer_id = "farmers"."id")`,
  totalAcres: sql<string>`(select coalesce(sum(fa.acres), 0)::numeric(12,2)::text from farms fa where fa.farmer_id = "farmers"."id")`,
  createdAt: farmers.createdAt,
};

export const selectFarmers = (db: DbOrTx) =>
  db
    .select(columns)
    .from(farmers)
    .innerJoin(amcos, eq(amcos.id, farmers.amcosId))
    .leftJoin(banks, eq(banks.id, farmers.bankId));

export const toFarmer = ({ createdAt, ...row }: Omit<Farmer, 'createdAt'> & { createdAt: Date }): Farmer => ({
  ...row,
  createdAt: createdAt.toISOString(),
});

export async function listFarms(db: DbOrTx, farmerId: string): Promise<Farm[]> {
  const rows = await db
    .select({
      id: farms.id,
      farmerId: farms.farmerId,
      name: farms.name,
      cropId: farms.cropId,
      cropName: localNameSql('crops'),
      acres: farms.acres,
      trees: farms.trees,
      latitude: farms.latitude,
      longitude: farms.longitude,
      boundary: farms.boundary,
    })
    .from(farms)
    .leftJoin(crops, eq(crops.id, farms.cropId))
    .where(eq(farms.farmerId, farmerId))
    .orderBy(asc(farms.createdAt), asc(farms.id));
  return rows.map(({ latitude, longitude, boundary, ...f }) => ({
    ...f,
    location: pointOf(latitude, longitude),
    boundary: (boundary as GeoPolygon | null) ?? null,
  }));
}

async function detailWhere(db: DbOrTx, where: SQL): Promise<FarmerDetail | undefined> {
  const [row] = await selectFarmers(db).where(where);
  if (!row) return undefined;
  return { ...toFarmer(row), farms: await listFarms(db, row.id) };
}

export async function getFarmer(db: DbOrTx, id: string): Promise<FarmerDetail> {
  const found = await detailWhere(db, eq(farmers.id, id));
  if (!found) throw new NotFoundError('Farmer not found');
  return found;
}

export async function findFarmerByNumber(db: DbOrTx, farmerNo: string): Promise<FarmerDetail> {
  const found = await detailWhere(db, eq(farmers.farmerNo, farmerNo.trim().toUpperCase()));
  if (!found) throw new NotFoundError(`No farmer has the number ${farmerNo}`);
  return found;
}

/** Farms with a GPS point, for a map of one farmer, one AMCOS or (union staff) all. */
export async function listFarmPoints(
  db: DbOrTx,
  filters: { farmerId?: string | undefined; amcosId?: string | undefined },
  societyId: string | null,
  limit = 5000,
) {
  const rows = await db
    .select({
      farmId: farms.id,
      farmerId: farmers.id,
      farmerNo: farmers.farmerNo,
      farmerName: sql<string>`${farmers.firstName} || ' ' || ${farmers.lastName}`,
      farmName: farms.name,
      latitude: farms.latitude,
      longitude: farms.longitude,
    })
    .from(farms)
    .innerJoin(farmers, eq(farmers.id, farms.farmerId))
    .where(
      and(
        sql`${farms.latitude} is not null`,
        filters.farmerId ? eq(farmers.id, filters.farmerId) : undefined,
        filters.amcosId ? eq(farmers.amcosId, filters.amcosId) : undefined,
        societyId ? eq(farmers.amcosId, societyId) : undefined,
      ),
    )
    .limit(limit);
  return rows.map(({ latitude, longitude, ...r }) => ({
    ...r,
    lat: Number(latitude),
    lng: Number(longitude),
  }));
}

/** Reads a farmer for a change, refusing another society's. */
export async function farmerFor(tx: DbOrTx, id: string, actor: Actor) {
  const farmer = await getFarmer(tx, id);
  if (actor.amcosId && actor.amcosId !== farmer.amcosId)
    throw new ForbiddenError('This record belongs to another society');
  return farmer;
}

/** The farmers of these numbers, by their number and name (opening imports' lookups). */
export async function farmersNumbered(db: DbOrTx, numbers: string[]) {
  if (numbers.length === 0) return [];
  return db
    .select({
      id: farmers.id,
      farmerNo: farmers.farmerNo,
      amcosId: farmers.amcosId,
      first: farmers.firstName,
      last: farmers.lastName,
    })
    .from(farmers)
    .where(inArray(farmers.farmerNo, numbers));
}
