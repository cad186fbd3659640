import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { documentSequences } from './schema.ts';

/**
 * Next gap-free document number, e.g. `JV-2026-000123`. Call it inside the transaction that saves
 * the document: the counter row stays locked until commit, and a rollback gives the number back.
 */
export async function nextDocumentNumber(tx: DbOrTx, type: string, year: number): Promise<string> {
  const [row] = await tx
    .insert(documentSequences)
    .values({ type, year, lastValue: 1 })
    .onConflictDoUpdate({
      target: [documentSequences.type, documentSequences.year],
      set: { lastValue: sql`${documentSequences.lastValue} + 1` },
    })
    .returning({ value: documentSequences.lastValue });
  if (!row) throw new Error('Document sequence did not return a value');
  return `${type}-${year}-${String(row.value).padStart(6, '0')}`;
}
