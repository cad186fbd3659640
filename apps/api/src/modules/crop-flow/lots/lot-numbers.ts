import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { documentSequences } from '../../../platform/schema.ts';

/**
 * Lot numbers run per warehouse and year (`LOT-2026-0001`), from the same gap-free counter table
 * as document numbers (type `LOT:<warehouse id>`), taken in the transaction that issues the lot.
 */
export async function nextLotNo(tx: Tx, warehouseId: string, year: number): Promise<string> {
  const [row] = await tx
    .insert(documentSequences)
    .values({ type: `LOT:${warehouseId}`, year, lastValue: 1 })
    .onConflictDoUpdate({
      target: [documentSequences.type, documentSequences.year],
      set: { lastValue: sql`${documentSequences.lastValue} + 1` },
    })
    .returning({ value: documentSequences.lastValue });
  if (!row) throw new Error('Lot sequence did not return a value');
  return `LOT-${year}-${String(row.value).padStart(4, '0')}`;
}
