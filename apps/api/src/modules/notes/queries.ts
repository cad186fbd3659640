import { type NoteSubject, type RecordNote, recordNote } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { type Actor, assertSociety } from '../../platform/access.ts';
import { NotFoundError } from '../../platform/errors.ts';

const societyRow = z.object({ amcosId: z.string() });

/** The society a farmer or an AMCOS belongs to (for tenancy), or a 404. */
export async function societyOf(db: DbOrTx, subject: NoteSubject, id: string): Promise<string> {
  const rows =
    subject === 'farmer'
      ? await queryRows(db, societyRow, sql`select amcos_id as "amcosId" from farmers where id = ${id}`)
      : await queryRows(db, societyRow, sql`select id as "amcosId" from amcos where id = ${id}`);
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
  return queryRows(
    db,
    recordNote,
    sql`${select} where n.subject = ${subject} and n.subject_id = ${id} order by n.created_at desc, n.id desc`,
  );
}

/** One note by its id, as the lists answer it. */
export async function getNote(db: DbOrTx, id: string): Promise<RecordNote | undefined> {
  const [note] = await queryRows(db, recordNote, sql`${select} where n.id = ${id}`);
  return note;
}
