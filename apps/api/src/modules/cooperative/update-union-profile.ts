import type { UnionProfile, UpdateUnionBody } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { unionProfile } from './schema.ts';
import { getUnionProfile, UNION_ENTITY_ID } from './union.ts';

/** Changes the union's profile (name, registration, contacts) as the letterhead prints it. */
export async function updateUnionProfile(
  db: Db,
  actor: Actor,
  input: UpdateUnionBody,
): Promise<UnionProfile> {
  return db.transaction(async (tx) => {
    const before = await getUnionProfile(tx);
    await tx.update(unionProfile).set(input).where(eq(unionProfile.id, 1));
    const after = await getUnionProfile(tx);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'updated',
      entity: 'union',
      entityId: UNION_ENTITY_ID,
      before,
      after,
    });
    return after;
  });
}
