import type { DeliveryNoteDetail, ReceiveDeliveryNoteBody } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ValidationError } from '../../../platform/errors.ts';
import { deliveryNotes } from '../schema.ts';
import { assertStatus, lockNote } from './lock-note.ts';
import { getDeliveryNote } from './queries.ts';

/**
 * The warehouse records what arrived: dispatched -> received, variance = received - dispatched kg
 * (negative = lost in transit). More than was dispatched needs `confirm_over`.
 */
export async function receiveDeliveryNote(
  db: Db,
  actor: Actor,
  { id, body }: { id: string; body: ReceiveDeliveryNoteBody },
): Promise<DeliveryNoteDetail> {
  return db.transaction(async (tx) => {
    const note = await lockNote(tx, actor, id);
    assertStatus(note, 'dispatched', 'received');
    const variance = dec(body.receivedKg).minus(note.netKg);
    const overKg = variance.greaterThan(0);
    const overBags = body.receivedBags > note.bags;
    if ((overKg || overBags) && body.confirm_over !== true) {
      const errors: Record<string, string[]> = {};
      if (overKg) errors.receivedKg = [`More than the ${note.netKg} kg dispatched`];
      if (overBags) errors.receivedBags = [`More than the ${note.bags} bags dispatched`];
      throw new ValidationError(
        `The warehouse received more than was dispatched (${body.receivedKg} kg and ${body.receivedBags} bags received, ${note.netKg} kg and ${note.bags} bags dispatched): check the weighing, or confirm to record it`,
        errors,
      );
    }
    const at = new Date();
    const varianceKg = variance.toFixed(3);
    await tx
      .update(deliveryNotes)
      .set({
        status: 'received',
        receivedBags: body.receivedBags,
        receivedKg: body.receivedKg,
        varianceKg,
        receivedAt: at,
        receivedBy: actor.userId,
        receiveRemarks: body.remarks,
        updatedAt: at,
      })
      .where(eq(deliveryNotes.id, id));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'received',
      entity: 'delivery_note',
      entityId: id,
      before: { status: note.status, bags: note.bags, netKg: note.netKg },
      after: {
        status: 'received',
        receivedBags: body.receivedBags,
        receivedKg: body.receivedKg,
        varianceKg,
        remarks: body.remarks,
        confirmedOver: overKg || overBags,
      },
    });
    return getDeliveryNote(tx, id);
  });
}
