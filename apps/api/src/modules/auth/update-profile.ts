import type { SessionUser, UserDateFormat, UserLanguage } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { getSessionUser, getUser } from '../users/queries.ts';
import { users } from '../users/schema.ts';

/**
 * The signed-in user edits their own name and mobile, and keeps the language they chose on screen
 * (their SMS follow it) and how they read dates in English (#37); email, roles and society stay with the admin.
 */
export async function updateProfile(
  db: Db,
  actor: Actor,
  body: {
    firstName?: string | undefined;
    lastName?: string | undefined;
    mobile?: string | undefined;
    language?: UserLanguage | undefined;
    dateFormat?: UserDateFormat | undefined;
  },
): Promise<SessionUser> {
  const { userId } = actor;
  await db.transaction(async (tx) => {
    const before = await getUser(tx, userId);
    await tx.update(users).set(body).where(eq(users.id, userId));
    const after = await getUser(tx, userId);
    await recordAudit(tx, {
      actorId: userId,
      action: 'profile_updated',
      entity: 'user',
      entityId: userId,
      before,
      after,
    });
  });
  return getSessionUser(db, userId);
}
