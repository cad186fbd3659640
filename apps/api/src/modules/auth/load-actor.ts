import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { ActorLoader } from '../../platform/access.ts';
import { users } from '../users/schema.ts';
import { sessions } from './schema.ts';

/** The per-request check, prepared once per database handle: no query building per request. */
const prepareActor = (db: DbOrTx) =>
  db
    .select({
      amcosId: users.amcosId,
      isInitialPassword: users.isInitialPassword,
      permissions: sql<string[]>`coalesce((
        select array_agg(distinct p) from user_roles ur
        join roles r on r.id = ur.role_id, unnest(r.permissions) p
        where ur.user_id = ${users.id}), '{}')`,
    })
    .from(users)
    .innerJoin(sessions, eq(sessions.userId, users.id))
    .where(
      and(
        eq(users.id, sql.placeholder('userId')),
        eq(users.active, true),
        eq(sessions.id, sql.placeholder('sessionId')),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > now()`,
      ),
    )
    .prepare('access_actor');
const preparedActor = new WeakMap<DbOrTx, ReturnType<typeof prepareActor>>();

/** The access check's actor reader over this database (platform/access.ts calls it per request). */
export function actorLoader(db: DbOrTx): ActorLoader {
  const prepared = preparedActor.get(db) ?? prepareActor(db);
  preparedActor.set(db, prepared);
  return async (userId, sessionId) => {
    const [row] = await prepared.execute({ userId, sessionId });
    if (!row) return null;
    return {
      userId,
      sessionId,
      amcosId: row.amcosId,
      permissions: new Set(row.permissions),
      mustChangePassword: row.isInitialPassword,
    };
  };
}
