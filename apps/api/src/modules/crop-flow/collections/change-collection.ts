import {
  type CancelCollectionBody,
  type Collection,
  cancelCollectionBody,
  type UpdateCollectionBody,
  updateCollectionBody,
} from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../platform/errors.ts';
import { collections } from '../schema.ts';
import { getCollection } from './queries.ts';
import { checkWeighing, loadContext } from './record-collection.ts';

type Locked = typeof collections.$inferSelect;

/**
 * Locks a collection for a change (`for update`: of two clicks, the second waits and then sees
 * the new status), refusing another society's record and any collection no longer at the AMCOS.
 */
async function lockRecorded(
  tx: DbOrTx,
  id: string,
  actor: Pick<Actor, 'amcosId'>,
  doing: string,
): Promise<Locked> {
  const [row] = await tx.select().from(collections).where(eq(collections.id, id)).for('update');
  if (!row) throw new NotFoundError('Collection not found');
  if (actor.amcosId && actor.amcosId !== row.amcosId) {
    throw new ForbiddenError('This record belongs to another society');
  }
  if (row.status !== 'recorded') {
    const where = row.status === 'cancelled' ? 'it is cancelled' : `it is ${row.status.replace('_', ' ')}`;
    throw new ConflictError(`Collection ${row.receiptNo} cannot be ${doing}: ${where}`);
  }
  return row;
}

/**
 * Corrects a weighing while the collection is still at the AMCOS (status recorded: not on a
 * delivery note). Same rules as recording; farmer, season crop and receipt number stay.
 */
export async function updateCollection(
  db: Db,
  actor: Pick<Actor, 'userId' | 'amcosId'>,
  id: string,
  body: UpdateCollectionBody,
): Promise<Collection> {
  const changes = updateCollectionBody.parse(body);
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

/** Cancels a collection still at the AMCOS, with the reason; its kg leave the stock. */
export async function cancelCollection(
  db: Db,
  actor: Pick<Actor, 'userId' | 'amcosId'>,
  id: string,
  body: CancelCollectionBody,
): Promise<Collection> {
  const { reason } = cancelCollectionBody.parse(body);
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

function pick(row: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, row[k]]));
}
