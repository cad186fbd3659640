import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { type Actor, assertSociety } from '../../../platform/access.ts';
import { ConflictError, NotFoundError } from '../../../platform/errors.ts';
import { deliveryNotes } from '../schema.ts';

export type NoteRow = typeof deliveryNotes.$inferSelect;

/**
 * Locks a delivery note for a state change (a second click waits, then sees the new state) and
 * refuses another society's note.
 */
export async function lockNote(tx: Tx, actor: Actor, id: string): Promise<NoteRow> {
  const [note] = await tx.select().from(deliveryNotes).where(eq(deliveryNotes.id, id)).for('update');
  if (!note) throw new NotFoundError('Delivery note not found');
  assertSociety(actor, note.amcosId);
  return note;
}

const stateWords: Record<NoteRow['status'], string> = {
  draft: 'still a draft',
  dispatched: 'already dispatched',
  received: 'already received',
  receipted: 'already in warehouse receipts',
  cancelled: 'cancelled',
};

/** 409 unless the note is in the state the action needs. */
export function assertStatus(note: NoteRow, wanted: NoteRow['status'], action: string): void {
  if (note.status !== wanted) {
    throw new ConflictError(
      `Delivery note ${note.dnNo} is ${stateWords[note.status]}: it cannot be ${action}`,
    );
  }
}
