import type { NoteSubject, RecordNote } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { type Actor, assertSociety } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { recordNotes } from './schema.ts';

/** The society a farmer or an AMCOS belongs to (for tenancy), or a 404. */
async function societyOf(db: DbOrTx, subject: NoteSubject, id: string): Promise<string> {
  const rows =
    subject === 'farmer'
      ? await queryRows<{ amcosId: string }>(
          db,
          sql`select amcos_id as "amcosId" from farmers where id = ${id}`,
        )
      : await queryRows<{ amcosId: string }>(db, sql`select id as "amcosId" from amcos where id = ${id}`);
  const row = rows[0];
  if (!row) throw new NotFoundError(subject === 'farmer' ? 'Farmer not found' : 'AMCOS not found');
  return row.amcosId;
}

const select = sql`select n.id, n.subject, n.subject_id as "subjectId", n.body,
    u.first_name || ' ' || u.last_name as "authorName",
    to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
  from record_notes n join users u on u.id = n.author_id`;

/** A farmer's or an AMCOS's notes, newest first; an AMCOS user only their own society's. */
export async function listNotes(
  db: DbOrTx,
  actor: Actor,
  subject: NoteSubject,
  id: string,
): Promise<RecordNote[]> {
  assertSociety(actor, await societyOf(db, subject, id));
  return queryRows<RecordNote>(
    db,
    sql`${select} where n.subject = ${subject} and n.subject_id = ${id} order by n.created_at desc, n.id desc`,
  );
}

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
    const [note] = await queryRows<RecordNote>(tx, sql`${select} where n.id = ${row.id}`);
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
