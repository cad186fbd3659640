import type { Collection } from '@ushirika/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { collections } from '../schema.ts';
import { lockRecorded } from './lock-recorded.ts';
import { getCollection } from './queries.ts';

/** Cancels a collection still at the AMCOS, with the reason; its kg leave the stock. */
export async function cancelCollection(
  db: Db,
  actor: Actor,
  { id, reason }: { id: string; reason: string },
): Promise<Collection> {
  return db.transaction(async (tx) => {
    const before = await lockRecorded(tx, id, actor, 'cancelled');
    await tx
      .update(collections)
      .set({
        status: 'cancelled',
        cancelReason: reason,
        cancelledAt: sql`now()`,
        cancelledBy: actor.userId,
        updatedAt: sql`now()`,
      })
      .where(eq(collections.id, id));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'cancelled',
      entity: 'collection',
      entityId: id,
      before: { status: before.status },
      after: { status: 'cancelled', reason },
    });
    return getCollection(tx, id);
  });
}
