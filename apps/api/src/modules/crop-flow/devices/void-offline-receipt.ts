import type { OfflineReceipt } from '@ushirika/contracts';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordReview, reviewReceipt } from './reviewed-receipt.ts';

/** The AMCOS manager voids a receipt kept for review (#29): no collection, no SMS; the reason stays. */
export async function voidOfflineReceipt(
  db: Db,
  actor: Actor,
  { id, reason }: { id: string; reason: string },
): Promise<OfflineReceipt> {
  return reviewReceipt(db, actor, id, (tx, r) =>
    recordReview(tx, actor, { id, reason, status: 'voided', reasonCode: r.reasonCode }),
  );
}
