import type { OfflineReceipt } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { getOfflineReceipt } from './queries.ts';
import { lockReceiptForReview } from './reviewed-receipt.ts';
import { offlineReceipts } from './schema.ts';

/** The AMCOS manager voids a receipt kept for review (#29): no collection, no SMS; the reason stays. */
export async function voidOfflineReceipt(
  db: Db,
  actor: Actor,
  { id, reason }: { id: string; reason: string },
): Promise<OfflineReceipt> {
  return db.transaction(async (tx) => {
    const r = await lockReceiptForReview(tx, actor, id);
    await tx
      .update(offlineReceipts)
      .set({ status: 'voided', reviewedAt: new Date(), reviewedBy: actor.userId, reviewReason: reason })
      .where(eq(offlineReceipts.id, id));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'voided',
      entity: 'offline_receipt',
      entityId: id,
      before: { status: 'needs_review', reasonCode: r.reasonCode },
      after: { status: 'voided', reason },
    });
    return getOfflineReceipt(tx, id);
  });
}
