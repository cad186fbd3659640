import type { SessionUser, User, UserListQuery } from '@ushirika/contracts';
import { and, asc, count, eq, inArray, isNotNull, isNull, like, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fieldError, NotFoundError } from '../../platform/errors.ts';
import { likeContains, orderByOf, type PageWindow } from '../../platform/list.ts';
import { amcos } from '../amcos/schema.ts';
import { roles } from '../roles/schema.ts';
import { userRoles, users } from './schema.ts';

const userColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  mobile: users.mobile,
  gender: users.gender,
  profile: users.profile,
  amcosId: users.amcosId,
  amcosName: amcos.name,
  isInitialPassword: users.isInitialPassword,
  active: users.active,
  language: users.language,
  dateFormat: users.dateFormat,
  createdAt: users.createdAt,
  roles: sql<{ id: string; name: string }[]>`coalesce((
    select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.name)
    from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${users.id}), '[]'::json)`,
};

type UserRow = Omit<User, 'createdAt' | 'amcosUuid'> & { createdAt: Date };

function toUser(row: UserRow): User {
  return { ...row, amcosUuid: row.amcosId, createdAt: row.createdAt.toISOString() };
}

function selectUsers(db: DbOrTx) {
  return db.select(userColumns).from(users).leftJoin(amcos, eq(amcos.id, users.amcosId));
}

function userFilters(query: UserListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    query.search ? like(users.searchText, likeContains(query.search)) : undefined,
    query.amcos_id ? eq(users.amcosId, query.amcos_id) : undefined,
    query.active === undefined ? undefined : eq(users.active, query.active),
    query.kind === 'union'
      ? isNull(users.amcosId)
      : query.kind === 'amcos'
        ? isNotNull(users.amcosId)
        : undefined,
    query.role_id
      ? sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.roleId} = ${query.role_id})`
      : undefined,
  ];
  return and(...conditions);
}

const sortable = {
  name: users.firstName,
  email: users.email,
  created_at: users.createdAt,
  mobile: users.mobile,
};

/** One round trip: the page and, by a window count, the total (a second query only past the last page). */
export async function listUsers(db: DbOrTx, query: UserListQuery, window: PageWindow) {
  const where = userFilters(query);
  const rows = await db
    .select({ ...userColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .leftJoin(amcos, eq(amcos.id, users.amcosId))
    .where(where)
    .orderBy(...orderByOf(query.sort, sortable, [asc(users.firstName), asc(users.lastName)], users.id))
    .limit(window.limit)
    .offset(window.offset);
  const total =
    rows[0]?.total ??
    (window.offset > 0 ? ((await db.select({ value: count() }).from(users).where(where))[0]?.value ?? 0) : 0);
  return { rows: rows.map(({ total: _total, ...row }) => toUser(row)), total };
}

export async function getUser(db: DbOrTx, id: string): Promise<User> {
  const [row] = await selectUsers(db).where(eq(users.id, id));
  if (!row) throw new NotFoundError('User not found');
  return toUser(row);
}

export async function getSessionUser(db: DbOrTx, id: string): Promise<SessionUser> {
  const user = await getUser(db, id);
  const rows = await db
    .select({ permissions: roles.permissions })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, id));
  const permissions = [...new Set(rows.flatMap((r) => r.permissions))].sort();
  return { ...user, permissions };
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

/** Roles the user may hold must match their kind: AMCOS roles for AMCOS users, union roles otherwise. */
export async function assertRolesFit(db: DbOrTx, roleIds: string[], amcosId: string | null) {
  const found = await db
    .select({ id: roles.id, name: roles.name, audience: roles.audience })
    .from(roles)
    .where(inArray(roles.id, roleIds));
  if (found.length !== new Set(roleIds).size)
    throw fieldError('roleIds', 'One of the chosen roles does not exist');
  const audience = amcosId ? 'amcos' : 'union';
  const misfit = found.find((r) => r.audience !== audience);
  if (misfit) {
    const kind = misfit.audience === 'amcos' ? 'AMCOS' : 'union';
    throw fieldError('roleIds', `The role ${misfit.name} is for ${kind} users only`);
  }
}
