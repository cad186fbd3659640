import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { grns } from './grns/schema.ts';
import { stockIssues } from './issues/schema.ts';
import { stores } from './stores/schema.ts';
import { stockTransfers } from './transfers/schema.ts';

/**
 * Inventory records belong to the society of their store (null = the union's, readable by union
 * staff). A transfer belongs to the receiving society, or the sending one.
 */
export const inventoryAuditOwners = {
  item: async () => 'union' as const,
  item_category: async () => 'union' as const,
  store: async (db: DbOrTx, id: string) =>
    (await db.select({ a: stores.amcosId }).from(stores).where(eq(stores.id, id)))[0]?.a,
  grn: async (db: DbOrTx, id: string) =>
    (await db.select({ a: grns.amcosId }).from(grns).where(eq(grns.id, id)))[0]?.a,
  stock_issue: async (db: DbOrTx, id: string) =>
    (await db.select({ a: stockIssues.amcosId }).from(stockIssues).where(eq(stockIssues.id, id)))[0]?.a,
  stock_transfer: async (db: DbOrTx, id: string) => {
    const [t] = await db
      .select({ to: stockTransfers.toAmcosId, from: stockTransfers.fromAmcosId })
      .from(stockTransfers)
      .where(eq(stockTransfers.id, id));
    return t ? (t.to ?? t.from) : undefined;
  },
};
