import type { UpdateUserBody, User } from '@ushirika/contracts';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { ConflictError, fieldError, ValidationError } from '../../platform/errors.ts';
import { amcos } from '../amcos/schema.ts';
import { sessions } from '../auth/schema.ts';
import { assertRolesFit, getUser } from './queries.ts';
import { userRoles, users } from './schema.ts';

/** Edits a user; deactivating one ends all their sessions at once. */
export async function updateUser(
  db: Db,
  actor: Actor,
  { id, ...body }: UpdateUserBody & { id: string },
): Promise<User> {
  return db.transaction(async (tx) => {
    const before = await getUser(tx, id);
    if (id === actor.userId && body.active === false) {
      throw new ValidationError('You cannot deactivate your own account');
    }
    if (body.email && body.email !== before.email) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, body.email), ne(users.id, id)));
      if (taken) throw new ConflictError('A user with this email already exists');
    }
    const amcosId = body.amcosId === undefined ? before.amcosId : body.amcosId;
    if (amcosId && amcosId !== before.amcosId) {
      const [society] = await tx.select({ id: amcos.id }).from(amcos).where(eq(amcos.id, amcosId));
      if (!society) throw fieldError('amcosId', 'The chosen AMCOS does not exist');
    }
    const roleIds = body.roleIds ?? before.roles.map((r) => r.id);
    await assertRolesFit(tx, roleIds, amcosId);

    const { roleIds: _roles, ...fields } = body;
    await tx
      .update(users)
      .set({ ...fields, amcosId })
      .where(eq(users.id, id));
    if (body.roleIds) {
      await tx.delete(userRoles).where(eq(userRoles.userId, id));
      await tx.insert(userRoles).values([...new Set(body.roleIds)].map((roleId) => ({ userId: id, roleId })));
    }
    if (body.active === false && before.active) {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: 'deactivated' })
        .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
    }
    const after = await getUser(tx, id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'updated',
      entity: 'user',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}
