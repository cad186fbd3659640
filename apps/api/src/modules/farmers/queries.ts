import type { Farm, Farmer, FarmerDetail, FarmerListQuery, GeoPolygon } from '@ushirika/contracts';
import { and, asc, count, eq, like, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { likeContains, orderByOf, type PageWindow } from '../../platform/list.ts';
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

const selectFarmers = (db: DbOrTx) =>
  db
    .select(columns)
    .from(farmers)
    .innerJoin(amcos, eq(amcos.id, farmers.amcosId))
    .leftJoin(banks, eq(banks.id, farmers.bankId));

const toFarmer = ({ createdAt, ...row }: Omit<Farmer, 'createdAt'> & { createdAt: Date }): Farmer => ({
  ...row,
  createdAt: createdAt.toISOString(),
});

/**
 * What staff type into the search box, made to match how it is stored: phone numbers as digits
 * with the country code (0754… and +255754… both find 255754…), NIDA numbers without dashes.
 */
export function normaliseSearch(search: string): string {
  const text = search.trim().toLowerCase();
  if (/^\+?[\d\s-]{6,}$/.test(text)) {
    const digits = text.replace(/[^\d]/g, '');
    return digits.startsWith('0') ? digits.slice(1) : digits;
  }
  return text;
}

/**
 * A whole farmer number, phone or NIDA number is looked up by its unique index; anything else
 * (names, fragments) by the trigram index over names, number, phone and national ID.
 */
function searchCondition(search: string): SQL | undefined {
  const contains = like(farmers.searchText, likeContains(search));
  if (/^[a-z0-9]+-\d{5}$/.test(search)) return eq(farmers.farmerNo, search.toUpperCase());
  if (/^\d{20}$/.test(search)) return eq(farmers.nationalId, search);
  if (/^255\d{9}$/.test(search)) return eq(farmers.phone, search);
  if (/^\d{9}$/.test(search)) return eq(farmers.phone, `255${search}`);
  return contains;
}

export function farmerFilters(query: Partial<FarmerListQuery>, societyId: string | null): SQL | undefined {
  const search = query.search ? normaliseSearch(query.search) : '';
  return and(
    search ? searchCondition(search) : undefined,
    query.amcos_id ? eq(farmers.amcosId, query.amcos_id) : undefined,
    query.status ? eq(farmers.status, query.status) : undefined,
    query.gender ? eq(farmers.gender, query.gender) : undefined,
    query.village ? sql`lower(${farmers.village}) = ${query.village.toLowerCase()}` : undefined,
    // An AMCOS user's society bounds every read, whatever else the query asks for.
    societyId ? eq(farmers.amcosId, societyId) : undefined,
  );
}

const sortable = {
  name: farmers.firstName,
  last_name: farmers.lastName,
  farmer_no: farmers.farmerNo,
  created_at: farmers.createdAt,
  village: farmers.village,
};

export async function listFarmers(
  db: DbOrTx,
  query: Partial<FarmerListQuery>,
  window: PageWindow,
  societyId: string | null,
): Promise<{ rows: Farmer[]; total: number }> {
  const where = farmerFilters(query, societyId);
  const [rows, [total]] = await Promise.all([
    selectFarmers(db)
      .where(where)
      .orderBy(
        ...orderByOf(query.sort, sortable, [asc(farmers.firstName), asc(farmers.lastName)], farmers.id),
      )
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(farmers).where(where),
  ]);
  return { rows: rows.map(toFarmer), total: total?.value ?? 0 };
}

export async function listFarms(db: DbOrTx, farmerId: string): Promise<Farm[]> {
  const rows = await db
    .select({
      id: farms.id,
      farmerId: farms.farmerId,
      name: farms.name,
      cropId: farms.cropId,
      cropName: crops.name,
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
