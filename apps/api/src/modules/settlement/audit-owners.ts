import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { farmerLoans } from './schema.ts';

type Owner = (db: DbOrTx, id: string) => Promise<string | null | 'union' | undefined>;

/** Whose history each settlement entity is: a loan is its farmer's society's; the rest the union's. */
export const settlementAuditOwners: Record<string, Owner> = {
  farmer_loan: async (db, id) =>
    (await db.select({ amcosId: farmerLoans.amcosId }).from(farmerLoans).where(eq(farmerLoans.id, id)))[0]
      ?.amcosId,
  settlement: async () => 'union',
  payment_batch: async () => 'union',
  payment_settings: async () => 'union',
  payout_settings: async () => 'union',
};
