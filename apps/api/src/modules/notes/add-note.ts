import type { NoteSubject, RecordNote } from '@ushirika/contracts';
import type { Db } from '../../db/client.ts';
import { type Actor, assertSociety } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { getNote, societyOf } from './queries.ts';
import { recordNotes } from './schema.ts';

/** Adds a note (author: the signed-in user), with an audit event under the farmer or AMCOS. */
export async function addNote(
  db: Db,
  actor: Actor,
  input: { subject: NoteSubject; id: string; body: string },
): Promise<RecordNote> {
  return db.transaction(async (tx) => {
    const amcosId = await societyOf(tx, input.subject, input.id);
    assertSociety(actor, amcosId);
    const [row] = await tx
      .insert(recordNotes)
      .values({
        subject: input.subject,
        subjectId: input.id,
        amcosId,
        body: input.body,
        authorId: actor.userId,
      })
      .returning({ id: recordNotes.id });
    if (!row) throw new Error('Note insert returned nothing');
    const note = await getNote(tx, row.id);
    if (!note) throw new Error('Note not found after insert');
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'added',
      entity: input.subject,
      entityId: input.id,
      after: { note: input.body },
    });
    return note;
  });
}
