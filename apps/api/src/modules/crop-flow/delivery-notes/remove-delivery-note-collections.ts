import type { DeliveryNoteDetail } from '@ushirika/contracts';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { assertStatus, lockNote } from './lock-note.ts';
import { getDeliveryNote } from './queries.ts';
import { detachCollections } from './select-collections.ts';

/** Takes collections off a draft note; they go back to the society's stock. */
export async function removeDeliveryNoteCollections(
  db: Db,
  actor: Actor,
  { id, collectionIds }: { id: string; collectionIds: string[] },
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
