import {
  type DocumentKind,
  type DocumentNote,
  type DocumentTerms,
  documentNote,
  documentTerms,
} from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { NotFoundError } from '../../platform/errors.ts';

const DOCUMENT_TABLE: Record<DocumentKind, string> = {
  purchase_order: 'purchase_orders',
  sales_invoice: 'sales_invoices',
};
const stamp = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The union's standard terms for a kind of document ('' when none are written yet). */
export async function getDocumentTerms(db: DbOrTx, kind: DocumentKind): Promise<DocumentTerms> {
  const [row] = await queryRows(
    db,
    documentTerms,
    sql`select t.kind, t.terms, u.first_name || ' ' || u.last_name as "updatedBy", ${stamp('t.updated_at')} as "updatedAt"
      from document_terms t left join users u on u.id = t.updated_by where t.kind = ${kind}`,
  );
  return row ?? { kind, terms: '', updatedBy: null, updatedAt: null };
}

async function assertDocument(db: DbOrTx, kind: DocumentKind, id: string): Promise<void> {
  const rows = await queryRows(
    db,
    z.object({}),
    sql`select 1 from ${sql.identifier(DOCUMENT_TABLE[kind])} where id = ${id}`,
  );
  if (rows.length === 0) {
    throw new NotFoundError(kind === 'purchase_order' ? 'Purchase order not found' : 'Invoice not found');
  }
}

/** A purchase order's or sales invoice's note ('' when it has none). */
export async function getDocumentNote(db: DbOrTx, kind: DocumentKind, id: string): Promise<DocumentNote> {
  await assertDocument(db, kind, id);
  const [row] = await queryRows(
    db,
    documentNote,
    sql`select n.kind, n.document_id as "documentId", n.note,
        u.first_name || ' ' || u.last_name as "updatedBy", ${stamp('n.updated_at')} as "updatedAt"
      from document_notes n left join users u on u.id = n.updated_by
      where n.kind = ${kind} and n.document_id = ${id}`,
  );
  return row ?? { kind, documentId: id, note: '', updatedBy: null, updatedAt: null };
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
