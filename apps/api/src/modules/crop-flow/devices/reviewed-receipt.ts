import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { type Actor, assertSociety } from '../../../platform/access.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../platform/errors.ts';
import { offlineReceipts, weighingDevices } from './schema.ts';

/**
 * A receipt kept for review, locked for its decision (approve or void): of the actor's society,
 * still waiting, and not weighed by the actor (whoever weighed a receipt does not judge it).
 */
export async function lockReceiptForReview(tx: Tx, actor: Actor, id: string) {
  const [row] = await tx
    .select({ receipt: offlineReceipts, deviceCode: weighingDevices.code })
    .from(offlineReceipts)
    .innerJoin(weighingDevices, eq(weighingDevices.id, offlineReceipts.deviceId))
    .where(eq(offlineReceipts.id, id))
    .for('update', { of: offlineReceipts });
  if (!row) throw new NotFoundError('Receipt not found');
  assertSociety(actor, row.receipt.amcosId);
  if (row.receipt.status !== 'needs_review') {
    throw new ConflictError(
      `Receipt ${row.receipt.receiptNo} is ${row.receipt.status.replace('_', ' ')}, not waiting for review`,
    );
  }
  if (row.receipt.capturedBy === actor.userId) {
    throw new ForbiddenError('A receipt you synced is reviewed by someone else');
  }
  return { ...row.receipt, deviceCode: row.deviceCode };
}
