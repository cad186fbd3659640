import type { OfflineReceipt } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { type Actor, assertSociety } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../platform/errors.ts';
import { getOfflineReceipt } from './queries.ts';
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

type Reviewed = Awaited<ReturnType<typeof lockReceiptForReview>>;

/** One transaction for a decision on a receipt: the receipt locked for review, then `decide`. */
export function reviewReceipt(
  db: Db,
  actor: Actor,
  id: string,
  decide: (tx: Tx, receipt: Reviewed) => Promise<OfflineReceipt>,
): Promise<OfflineReceipt> {
  return db.transaction(async (tx) => decide(tx, await lockReceiptForReview(tx, actor, id)));
}

/** The decision written on the receipt and audited; the receipt as it now reads. */
export async function recordReview(
  tx: Tx,
  actor: Actor,
  d: {
    id: string;
    reason: string;
    status: 'approved' | 'voided';
    /** The flag it was kept for, as the audit's before. */
    reasonCode: string | null;
    collectionId?: string;
  },
): Promise<OfflineReceipt> {
  const made = d.collectionId === undefined ? {} : { collectionId: d.collectionId };
  await tx
    .update(offlineReceipts)
    .set({
      status: d.status,
      ...made,
      reviewedAt: new Date(),
      reviewedBy: actor.userId,
      reviewReason: d.reason,
    })
    .where(eq(offlineReceipts.id, d.id));
  await recordAudit(tx, {
    actorId: actor.userId,
    action: d.status,
    entity: 'offline_receipt',
    entityId: d.id,
    before: { status: 'needs_review', reasonCode: d.reasonCode },
    after: { status: d.status, ...made, reason: d.reason },
  });
  return getOfflineReceipt(tx, d.id);
}
