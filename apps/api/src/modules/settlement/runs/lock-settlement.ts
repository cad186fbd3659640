import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { settlements } from '../schema.ts';

/** Locks a settlement for a state change: a second click waits, then sees the new state. */
export async function lockSettlement(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(settlements).where(eq(settlements.id, id)).for('update');
  if (!row) throw new NotFoundError('Settlement not found');
  return row;
}
