import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../platform/errors.ts';
import { collections } from '../schema.ts';

type Locked = typeof collections.$inferSelect;

/**
 * Locks a collection for a change (`for update`: of two clicks, the second waits and then sees
 * the new status), refusing another society's record and any collection no longer at the AMCOS.
 */
export async function lockRecorded(
  tx: DbOrTx,
  id: string,
  actor: Pick<Actor, 'amcosId'>,
  doing: string,
): Promise<Locked> {
  const [row] = await tx.select().from(collections).where(eq(collections.id, id)).for('update');
  if (!row) throw new NotFoundError('Collection not found');
  if (actor.amcosId && actor.amcosId !== row.amcosId) {
    throw new ForbiddenError('This record belongs to another society');
  }
  if (row.status !== 'recorded') {
    const where = row.status === 'cancelled' ? 'it is cancelled' : `it is ${row.status.replace('_', ' ')}`;
    throw new ConflictError(`Collection ${row.receiptNo} cannot be ${doing}: ${where}`);
  }
  return row;
}

export function pick(row: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, row[k]]));
}
