import type { DeliveryNoteDetail } from '@ushirika/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { collections, deliveryNotes } from '../schema.ts';
import { assertStatus, lockNote } from './lock-note.ts';
import { getDeliveryNote } from './queries.ts';

/** Cancels a draft note: its collections return to the society's stock (status recorded). */
export async function cancelDeliveryNote(
  db: Db,
  actor: Actor,
  { id, reason }: { id: string; reason: string },
): Promise<DeliveryNoteDetail> {
  return db.transaction(async (tx) => {
    const note = await lockNote(tx, actor, id);
    assertStatus(note, 'draft', 'cancelled');
    const released = await tx
      .update(collections)
      .set({ status: 'recorded', deliveryNoteId: null, updatedAt: new Date() })
      .where(and(eq(collections.deliveryNoteId, id), eq(collections.status, 'in_delivery')))
      .returning({ id: collections.id });
    await tx
      .update(deliveryNotes)
      .set({ status: 'cancelled', cancelReason: reason, bags: 0, netKg: '0', updatedAt: new Date() })
      .where(eq(deliveryNotes.id, id));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'cancelled',
      entity: 'delivery_note',
      entityId: id,
      before: {
        status: note.status,
        bags: note.bags,
        netKg: note.netKg,
        collectionIds: released.map((r) => r.id),
      },
      after: { status: 'cancelled', reason },
    });
    return getDeliveryNote(tx, id);
  });
}
