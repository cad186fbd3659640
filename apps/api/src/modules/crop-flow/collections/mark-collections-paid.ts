import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';

/**
 * The crop of some farmers in some lots is settled: their `sold` collections in those lots become
 * `paid`. `farmerLots` is a query giving (lot_id, farmer_id) rows, e.g. a settlement's farmers
 * with nothing left to pay. Collections' history is not written per row (a run holds thousands).
 */
export async function markCollectionsPaid(tx: DbOrTx, farmerLots: SQL): Promise<void> {
  await tx.execute(sql`
    update collections c set status = 'paid', updated_at = now()
    from (${farmerLots}) x
    where c.lot_id = x.lot_id and c.farmer_id = x.farmer_id and c.status = 'sold'`);
}
