import type { CollectionSelection, DeliveryNoteDetail } from '@ushirika/contracts';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { assertStatus, lockNote } from './lock-note.ts';
import { getDeliveryNote } from './queries.ts';
import { attachCollections, detachCollections } from './select-collections.ts';

/** Adds pending collections of the note's society and season crop to a draft note. */
export async function addDeliveryNoteCollections(
  db: Db,
  { id, selection, actor }: { id: string; selection: CollectionSelection; actor: Actor },
): Promise<DeliveryNoteDetail> {
  return db.transaction(async (tx) => {
    const note = await lockNote(tx, actor, id);
    assertStatus(note, 'draft', 'changed');
    const ids = await attachCollections(
      tx,
      actor,
      id,
      { amcosId: note.amcosId, seasonCropId: note.seasonCropId },
      selection,
    );
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'collections_added',
      entity: 'delivery_note',
      entityId: id,
      after: { collectionIds: ids },
    });
    return getDeliveryNote(tx, id);
  });
}

/** Takes collections off a draft note; they go back to the society's stock. */
export async function removeDeliveryNoteCollections(
  db: Db,
  { id, collectionIds, actor }: { id: string; collectionIds: string[]; actor: Actor },
): Promise<DeliveryNoteDetail> {
  return db.transaction(async (tx) => {
    const note = await lockNote(tx, actor, id);
    assertStatus(note, 'draft', 'changed');
    const ids = await detachCollections(tx, id, collectionIds);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'collections_removed',
      entity: 'delivery_note',
      entityId: id,
      before: { collectionIds: ids },
    });
    return getDeliveryNote(tx, id);
  });
}
