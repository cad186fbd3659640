import type { DocumentKind, DocumentTerms } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { getDocumentTerms } from './queries.ts';

/** The audit ids the two terms are kept under (one settings text each). */
const TERMS_AUDIT_ID: Record<DocumentKind, string> = {
  purchase_order: '00000000-0000-4000-8000-000000000181',
  sales_invoice: '00000000-0000-4000-8000-000000000182',
};

/** Writes the union's standard terms for a kind of document, with their history. */
export async function saveDocumentTerms(
  db: Db,
  actor: Actor,
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
