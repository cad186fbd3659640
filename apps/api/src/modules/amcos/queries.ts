import type { Amcos, AmcosDetail, AmcosListQuery } from '@ushirika/contracts';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { likeContains, type PageWindow, pageOf } from '../../platform/list.ts';
import { banks, councils } from '../cooperative/schema.ts';
import { amcos } from './schema.ts';

const columns = {
  id: amcos.id,
  code: amcos.code,
  name: amcos.name,
  status: amcos.status,
  registrationNo: amcos.registrationNo,
  councilId: amcos.councilId,
  councilName: councils.name,
  ward: amcos.ward,
  village: amcos.village,
  phone: amcos.phone,
  email: amcos.email,
  manager: amcos.manager,
  bankId: amcos.bankId,
  bankName: banks.name,
  accountNo: amcos.accountNo,
  latitude: amcos.latitude,
  longitude: amcos.longitude,
  farmerCount: sql<number>`(select count(*)::int from farmers f where f.amcos_id = "amcos"."id")`,
};

type Row = Omit<Amcos, 'location'> & { latitude: string | null; longitude: string | null };

/** Coordinates are not money: numbers on the wire are fine for a map. */
export function pointOf(latitude: string | null, longitude: string | null) {
  return latitude !== null && longitude !== null ? { lat: Number(latitude), lng: Number(longitude) } : null;
}

function toAmcos({ latitude, longitude, ...row }: Row): Amcos {
  return { ...row, location: pointOf(latitude, longitude) };
}

const selectAmcos = (db: DbOrTx) =>
  db
    .select(columns)
    .from(amcos)
    .leftJoin(councils, eq(councils.id, amcos.councilId))
    .leftJoin(banks, eq(banks.id, amcos.bankId));

const sortable = { code: amcos.code, name: amcos.name, council: councils.name, status: amcos.status };

/** AMCOS users see only their own society. */
export async function listAmcos(
  db: DbOrTx,
  query: Partial<Pick<AmcosListQuery, 'search' | 'status' | 'sort' | 'council_id'>>,
  window: PageWindow,
  societyId: string | null,
): Promise<{ rows: Amcos[]; total: number }> {
  const pattern = query.search ? likeContains(query.search) : undefined;
  const where: SQL | undefined = and(
    pattern
      ? or(ilike(amcos.name, pattern), ilike(amcos.code, pattern), ilike(amcos.village, pattern))
      : undefined,
    query.status ? eq(amcos.status, query.status) : undefined,
    query.council_id ? eq(amcos.councilId, query.council_id) : undefined,
    societyId ? eq(amcos.id, societyId) : undefined,
  );
  const { rows, total } = await pageOf(db, () => selectAmcos(db).$dynamic(), {
    where,
    order: { sort: query.sort, sortable, fallback: [asc(amcos.name)], tiebreak: amcos.id },
    window,
  });
  return { rows: rows.map(toAmcos), total };
}

export async function getAmcos(db: DbOrTx, id: string): Promise<AmcosDetail> {
  const [row] = await db
    .select({
      ...columns,
      userCount: sql<number>`(select count(*)::int from users u where u.amcos_id = "amcos"."id")`,
      farmCount: sql<number>`(select count(*)::int from farms fa join farmers f on f.id = fa.farmer_id where f.amcos_id = "amcos"."id")`,
      createdAt: amcos.createdAt,
    })
    .from(amcos)
    .leftJoin(councils, eq(councils.id, amcos.councilId))
    .leftJoin(banks, eq(banks.id, amcos.bankId))
    .where(eq(amcos.id, id));
  if (!row) throw new NotFoundError('AMCOS not found');
  const { userCount, farmCount, createdAt, ...rest } = row;
  return { ...toAmcos(rest), userCount, farmCount, createdAt: createdAt.toISOString() };
}
