import type { CollectionSelection, DeliveryNoteDetail } from '@ushirika/contracts';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { assertStatus, lockNote } from './lock-note.ts';
import { getDeliveryNote } from './queries.ts';
import { attachCollections } from './select-collections.ts';

/** Adds pending collections of the note's society and season crop to a draft note. */
export async function addDeliveryNoteCollections(
  db: Db,
  actor: Actor,
  { id, selection }: { id: string; selection: CollectionSelection },
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
