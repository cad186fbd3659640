import type { Collection, updateCollectionBody } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { collections } from '../schema.ts';
import { lockRecorded, pick } from './lock-recorded.ts';
import { getCollection } from './queries.ts';
import { checkWeighing, loadContext } from './record-collection.ts';

/**
 * Corrects a weighing while the collection is still at the AMCOS (status recorded: not on a
 * delivery note). Same rules as recording; farmer, season crop and receipt number stay.
 */
export async function updateCollection(
  db: Db,
  actor: Actor,
  { id, body: changes }: { id: string; body: z.infer<typeof updateCollectionBody> },
): Promise<Collection> {
  return db.transaction(async (tx) => {
    const before = await lockRecorded(tx, id, actor, 'edited');
    const next = {
      gradeId: changes.gradeId ?? before.gradeId,
      collectedOn: changes.collectedOn ?? before.collectedOn,
      bags: changes.bags ?? before.bags,
      grossKg: dec(changes.grossKg ?? before.grossKg).toFixed(3),
      tareKg: dec(changes.tareKg ?? before.tareKg).toFixed(3),
      moisture: dec(changes.moisture ?? before.moisture).toFixed(2),
    };
    const ctx = await loadContext(
      tx,
      { farmerId: before.farmerId, seasonCropId: before.seasonCropId, gradeId: next.gradeId },
      actor.userId,
    );
    const { moistureFlagged } = checkWeighing(ctx, next, actor, ctx.farmer_no ?? '');
    const values = { ...next, netKg: dec(next.grossKg).minus(next.tareKg).toFixed(3), moistureFlagged };
    await tx
      .update(collections)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(collections.id, id));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'updated',
      entity: 'collection',
      entityId: id,
      before: pick(before, Object.keys(values)),
      after: values,
    });
    return getCollection(tx, id);
  });
}
