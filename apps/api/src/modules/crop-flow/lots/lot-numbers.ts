import type { Tx } from '../../../db/client.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';

/**
 * Lot numbers run per warehouse and year (`LOT-2026-0001`), from the same gap-free counter table
 * as document numbers (type `LOT:<warehouse id>`), taken in the transaction that issues the lot.
 */
export function nextLotNo(tx: Tx, warehouseId: string, year: number): Promise<string> {
  return nextDocumentNumber(tx, `LOT:${warehouseId}`, year, { prefix: 'LOT', width: 4 });
}
