import type { CollectionSelection } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { ConflictError, ForbiddenError, fieldError, ValidationError } from '../../../platform/errors.ts';
import { collections, deliveryNotes } from '../schema.ts';

type Scope = { amcosId: string; seasonCropId: string };

const oldestFirst = [asc(collections.collectedOn), asc(collections.createdAt), asc(collections.receiptNo)];

/**
 * Locks and returns the pending collections a selection names. Explicit ids must all be the
 * society's pending collections of the note's season crop; a kg target takes the oldest pending
 * collections while the total stays within the target and refuses a target above the stock.
 */
async function resolveSelection(
  tx: Tx,
  actor: Actor,
  scope: Scope,
  selection: CollectionSelection,
): Promise<{ id: string; netKg: string }[]> {
  if (selection.mode === 'explicit') {
    const ids = [...new Set(selection.collectionIds)];
    const rows = await tx
      .select({
        id: collections.id,
        receiptNo: collections.receiptNo,
        amcosId: collections.amcosId,
        seasonCropId: collections.seasonCropId,
        status: collections.status,
        netKg: collections.netKg,
      })
      .from(collections)
      .where(inArray(collections.id, ids))
      .orderBy(...oldestFirst)
      .for('update');
    if (rows.length !== ids.length)
      throw fieldError('selection', 'One of the chosen collections does not exist');
    const foreign = rows.filter((r) => r.amcosId !== scope.amcosId);
    if (foreign.length > 0) {
      if (actor.amcosId) throw new ForbiddenError('One of the chosen collections belongs to another society');
      throw fieldError(
        'selection',
        `Collection ${foreign[0]?.receiptNo} belongs to another society than the delivery note's`,
      );
    }
    const otherCrop = rows.find((r) => r.seasonCropId !== scope.seasonCropId);
    if (otherCrop) {
      throw fieldError('selection', `Collection ${otherCrop.receiptNo} is of another season crop`);
    }
    const notPending = rows.find((r) => r.status !== 'recorded');
    if (notPending) {
      throw new ConflictError(
        notPending.status === 'cancelled'
          ? `Collection ${notPending.receiptNo} is cancelled`
          : `Collection ${notPending.receiptNo} is already on a delivery note`,
      );
    }
    return rows;
  }
  const pending = await tx
    .select({ id: collections.id, netKg: collections.netKg })
    .from(collections)
    .where(
      and(
        eq(collections.amcosId, scope.amcosId),
        eq(collections.seasonCropId, scope.seasonCropId),
        eq(collections.status, 'recorded'),
        selection.gradeId ? eq(collections.gradeId, selection.gradeId) : undefined,
      ),
    )
    .orderBy(...oldestFirst)
    .for('update');
  if (pending.length === 0) {
    throw fieldError('selection', 'The society has no pending collections of this crop and grade');
  }
  if (selection.mode === 'grade') return pending;
  const target = dec(selection.targetKg);
  const stock = pending.reduce((s, c) => s.plus(c.netKg), dec(0));
  if (target.greaterThan(stock)) {
    throw fieldError(
      'selection',
      `The target of ${target.toFixed(3)} kg is more than the society's pending stock of ${stock.toFixed(3)} kg`,
    );
  }
  const taken: typeof pending = [];
  let total = dec(0);
  for (const c of pending) {
    if (total.plus(c.netKg).greaterThan(target)) break;
    taken.push(c);
    total = total.plus(c.netKg);
  }
  if (taken.length === 0) {
    throw fieldError('selection', 'The oldest pending collection alone is more than the kg target');
  }
  return taken;
}

/**
 * Puts the selected pending collections on a draft note and refreshes its totals. They leave the
 * AMCOS stock at once (status in_delivery), so no other note or edit can take them meanwhile.
 */
export async function attachCollections(
  tx: Tx,
  actor: Actor,
  noteId: string,
  scope: Scope,
  selection: CollectionSelection,
): Promise<string[]> {
  const chosen = await resolveSelection(tx, actor, scope, selection);
  const ids = chosen.map((c) => c.id);
  const updated = await tx
    .update(collections)
    .set({ deliveryNoteId: noteId, status: 'in_delivery', updatedAt: new Date() })
    .where(
      and(
        inArray(collections.id, ids),
        eq(collections.status, 'recorded'),
        isNull(collections.deliveryNoteId),
      ),
    )
    .returning({ id: collections.id });
  if (updated.length !== ids.length) {
    throw new ConflictError('Some of the chosen collections were just put on another delivery note');
  }
  await refreshTotals(tx, noteId);
  return ids;
}

/** Takes collections off a draft note: they are pending at the society again. */
export async function detachCollections(tx: Tx, noteId: string, collectionIds: string[]): Promise<string[]> {
  const removed = await tx
    .update(collections)
    .set({ deliveryNoteId: null, status: 'recorded', updatedAt: new Date() })
    .where(
      and(
        inArray(collections.id, collectionIds),
        eq(collections.deliveryNoteId, noteId),
        eq(collections.status, 'in_delivery'),
      ),
    )
    .returning({ id: collections.id });
  if (removed.length !== new Set(collectionIds).size) {
    throw new ValidationError('One of the chosen collections is not on this delivery note');
  }
  await refreshTotals(tx, noteId);
  return removed.map((r) => r.id);
}

/** The note's bags and net kg are the sums of its collections. */
export async function refreshTotals(tx: Tx, noteId: string): Promise<void> {
  await tx
    .update(deliveryNotes)
    .set({
      bags: sql`(select coalesce(sum(c.bags), 0) from collections c where c.delivery_note_id = ${noteId})`,
      netKg: sql`(select coalesce(sum(c.net_kg), 0) from collections c where c.delivery_note_id = ${noteId})`,
      updatedAt: new Date(),
    })
    .where(eq(deliveryNotes.id, noteId));
}
