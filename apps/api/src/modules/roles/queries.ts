import { BUILT_IN_ROLES, type Role } from '@ushirika/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { roles } from './schema.ts';

export async function listRoles(db: DbOrTx): Promise<Role[]> {
  return db
    .select({
      id: roles.id,
      name: roles.name,
      audience: roles.audience,
      builtIn: roles.builtIn,
      permissions: roles.permissions,
      userCount: sql<number>`(select count(*)::int from user_roles ur where ur.role_id = ${roles.id})`,
    })
    .from(roles)
    .orderBy(asc(roles.audience), asc(roles.name));
}

/** Creates the built-in roles and keeps their permissions in step with the code on every start. */
export async function syncBuiltInRoles(db: DbOrTx): Promise<void> {
  for (const role of BUILT_IN_ROLES) {
    const permissions = [...new Set(role.permissions)];
    await db
      .insert(roles)
      .values({ name: role.name, audience: role.audience, builtIn: true, permissions })
      .onConflictDoUpdate({
        target: roles.name,
        set: { permissions, audience: role.audience, builtIn: true },
      });
  }
}

export async function roleIdByName(db: DbOrTx, name: string): Promise<string> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (!row) throw new Error(`Role ${name} is missing`);
  return row.id;
}
