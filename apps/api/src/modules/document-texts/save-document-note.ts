import type { DocumentKind, DocumentNote } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { getDocumentNote } from './queries.ts';

/** Writes (or clears, with '') a document's note, with its history under the document. */
export async function saveDocumentNote(
  db: Db,
  actor: Actor,
  input: { kind: DocumentKind; id: string; note: string },
): Promise<DocumentNote> {
  return db.transaction(async (tx) => {
    const before = await getDocumentNote(tx, input.kind, input.id);
    await tx.execute(sql`insert into document_notes (kind, document_id, note, updated_by, updated_at)
      values (${input.kind}, ${input.id}, ${input.note}, ${actor.userId}, now())
      on conflict (kind, document_id) do update
        set note = excluded.note, updated_by = excluded.updated_by, updated_at = now()`);
    const after = await getDocumentNote(tx, input.kind, input.id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'updated',
      entity: input.kind,
      entityId: input.id,
      before: { note: before.note },
      after: { note: after.note },
    });
    return after;
  });
}
