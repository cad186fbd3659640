import type { DeliveryNoteDetail } from '@ushirika/contracts';
import { dec, toMoney } from '@ushirika/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ValidationError } from '../../../platform/errors.ts';
import { transporters } from '../../transporters/schema.ts';
import { collections, deliveryNotes } from '../schema.ts';
import { assertStatus, lockNote } from './lock-note.ts';
import { getDeliveryNote } from './queries.ts';

/** What the transporter is owed for the trip: rate x net kg, or the flat trip rate. */
export function transportCharge(rateBasis: 'per_kg' | 'per_trip', rate: string, netKg: string): string {
  return rateBasis === 'per_kg' ? toMoney(dec(rate).times(netKg)) : toMoney(rate);
}

/** The truck leaves: draft -> dispatched, the transport charge fixed from the transporter's rate. */
export async function dispatchDeliveryNote(
  db: Db,
  actor: Actor,
  { id }: { id: string },
): Promise<DeliveryNoteDetail> {
  return db.transaction(async (tx) => {
    const note = await lockNote(tx, actor, id);
    assertStatus(note, 'draft', 'dispatched');
    if (note.bags === 0) throw new ValidationError('Put at least one collection on the delivery note first');
    const [carrier] = await tx
      .select({ rateBasis: transporters.rateBasis, rate: transporters.rate })
      .from(transporters)
      .where(eq(transporters.id, note.transporterId));
    if (!carrier) throw new Error('Transporter of the delivery note is missing');
    const charge = transportCharge(carrier.rateBasis, carrier.rate, note.netKg);
    const at = new Date();
    await tx
      .update(deliveryNotes)
      .set({
        status: 'dispatched',
        transportCharge: charge,
        dispatchedAt: at,
        dispatchedBy: actor.userId,
        updatedAt: at,
      })
      .where(eq(deliveryNotes.id, id));
    // Collections went in_delivery when they were put on the note; this only re-asserts it.
    await tx
      .update(collections)
      .set({ status: 'in_delivery', updatedAt: at })
      .where(and(eq(collections.deliveryNoteId, id), eq(collections.status, 'recorded')));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'dispatched',
      entity: 'delivery_note',
      entityId: id,
      before: { status: note.status },
      after: {
        status: 'dispatched',
        transportCharge: charge,
        rateBasis: carrier.rateBasis,
        rate: carrier.rate,
      },
    });
    return getDeliveryNote(tx, id);
  });
}
