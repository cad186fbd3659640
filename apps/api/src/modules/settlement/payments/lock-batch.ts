import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { paymentBatches } from '../schema.ts';

/** Locks a payment batch for a state change: a second click waits, then sees the new state. */
export async function lockBatch(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(paymentBatches).where(eq(paymentBatches.id, id)).for('update');
  if (!row) throw new NotFoundError('Payment batch not found');
  return row;
}
