import type { DocumentKind, DocumentNote, DocumentTerms } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { recordAudit } from '../../platform/audit.ts';
import { NotFoundError } from '../../platform/errors.ts';

/** The audit ids the two terms are kept under (one settings text each). */
const TERMS_AUDIT_ID: Record<DocumentKind, string> = {
  purchase_order: '00000000-0000-4000-8000-000000000181',
  sales_invoice: '00000000-0000-4000-8000-000000000182',
};
const DOCUMENT_TABLE: Record<DocumentKind, string> = {
  purchase_order: 'purchase_orders',
  sales_invoice: 'sales_invoices',
};
const stamp = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The union's standard terms for a kind of document ('' when none are written yet). */
export async function getDocumentTerms(db: DbOrTx, kind: DocumentKind): Promise<DocumentTerms> {
  const [row] = await queryRows<DocumentTerms>(
    db,
    sql`select t.kind, t.terms, u.first_name || ' ' || u.last_name as "updatedBy", ${stamp('t.updated_at')} as "updatedAt"
      from document_terms t left join users u on u.id = t.updated_by where t.kind = ${kind}`,
  );
  return row ?? { kind, terms: '', updatedBy: null, updatedAt: null };
}

export async function saveDocumentTerms(
  db: Db,
  actor: { userId: string },
  input: { kind: DocumentKind; terms: string },
): Promise<DocumentTerms> {
  return db.transaction(async (tx) => {
    const before = await getDocumentTerms(tx, input.kind);
    await tx.execute(sql`insert into document_terms (kind, terms, updated_by, updated_at)
      values (${input.kind}, ${input.terms}, ${actor.userId}, now())
      on conflict (kind) do update set terms = excluded.terms, updated_by = excluded.updated_by, updated_at = now()`);
    const after = await getDocumentTerms(tx, input.kind);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'updated',
      entity: 'document_terms',
      entityId: TERMS_AUDIT_ID[input.kind],
      before: { terms: before.terms },
      after: { terms: after.terms },
    });
    return after;
  });
}

async function assertDocument(db: DbOrTx, kind: DocumentKind, id: string): Promise<void> {
  const rows = await queryRows(
    db,
    sql`select 1 from ${sql.identifier(DOCUMENT_TABLE[kind])} where id = ${id}`,
  );
  if (rows.length === 0) {
    throw new NotFoundError(kind === 'purchase_order' ? 'Purchase order not found' : 'Invoice not found');
  }
}

/** A purchase order's or sales invoice's note ('' when it has none). */
export async function getDocumentNote(db: DbOrTx, kind: DocumentKind, id: string): Promise<DocumentNote> {
  await assertDocument(db, kind, id);
  const [row] = await queryRows<DocumentNote>(
    db,
    sql`select n.kind, n.document_id as "documentId", n.note,
        u.first_name || ' ' || u.last_name as "updatedBy", ${stamp('n.updated_at')} as "updatedAt"
      from document_notes n left join users u on u.id = n.updated_by
      where n.kind = ${kind} and n.document_id = ${id}`,
  );
  return row ?? { kind, documentId: id, note: '', updatedBy: null, updatedAt: null };
}

/** Writes (or clears, with '') a document's note, with its history under the document. */
export async function saveDocumentNote(
  db: Db,
  actor: { userId: string },
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

/** What a document's PDF prints after its tables: the union's standard terms, then its own note. */
export async function printedDocumentTexts(
  db: DbOrTx,
  kind: DocumentKind,
  id: string,
): Promise<{ title: string; markdown: string }[]> {
  const terms = await getDocumentTerms(db, kind);
  const note = await getDocumentNote(db, kind, id);
  return [
    { title: 'Terms', markdown: terms.terms },
    { title: 'Note', markdown: note.note },
  ];
}
