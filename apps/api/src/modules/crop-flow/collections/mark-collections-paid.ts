import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';

const farmerLot = z.object({ lot_id: z.string(), farmer_id: z.string() });

/**
 * The crop of some farmers in some lots is settled: their `sold` collections in those lots become
 * `paid`. `farmerLots` is a query giving (lot_id, farmer_id) rows, e.g. a settlement's farmers
 * with nothing left to pay. Collections' history is not written per row (a run holds thousands).
 * The pairs are read first and the UPDATE joins them as arrays: its plan then knows how many there
 * are (none, usually: no UPDATE), where a join on rows written moments ago was planned from
 * statistics that did not know them and ran for minutes (docs/DECISIONS.md).
 */
export async function markCollectionsPaid(tx: DbOrTx, farmerLots: SQL): Promise<void> {
  const pairs = await queryRows(tx, farmerLot, farmerLots);
  if (pairs.length === 0) return;
  const lots = sql.param(pairs.map((p) => p.lot_id));
  const farmers = sql.param(pairs.map((p) => p.farmer_id));
  await tx.execute(sql`
    update collections c set status = 'paid', updated_at = now()
    from unnest(${lots}::uuid[], ${farmers}::uuid[]) as x(lot_id, farmer_id)
    where c.lot_id = x.lot_id and c.farmer_id = x.farmer_id and c.status = 'sold'`);
}
