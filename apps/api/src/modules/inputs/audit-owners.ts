import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inputDistributions } from './distributions/schema.ts';
import { inputRequests } from './requests/schema.ts';

/** Requests and distributions belong to the farmer's society; season prices are union business. */
export const inputsAuditOwners = {
  input_price: async () => 'union' as const,
  input_request: async (db: DbOrTx, id: string) =>
    (await db.select({ a: inputRequests.amcosId }).from(inputRequests).where(eq(inputRequests.id, id)))[0]?.a,
  input_distribution: async (db: DbOrTx, id: string) =>
    (
      await db
        .select({ a: inputDistributions.amcosId })
        .from(inputDistributions)
        .where(eq(inputDistributions.id, id))
    )[0]?.a,
};
