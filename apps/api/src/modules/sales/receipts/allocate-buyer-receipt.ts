import type { BuyerReceiptDetail } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { fieldError } from '../../../platform/errors.ts';
import { type AllocationRequest, allocateReceipt } from './allocate.ts';
import { getBuyerReceipt } from './queries.ts';

/** Allocates what a receipt has left (the buyer's credit) to the buyer's open invoices. */
export async function allocateBuyerReceipt(
  db: Db,
  actor: Actor,
  { id, allocations }: { id: string; allocations: AllocationRequest },
): Promise<BuyerReceiptDetail> {
  return db.transaction(async (tx) => {
    const before = await getBuyerReceipt(tx, id);
    const now = await allocateReceipt(tx, {
      receiptId: id,
      allocations,
      on: todayInTanzania(),
      actorId: actor.userId,
    });
    if (now.isZero())
      throw fieldError('allocations', 'Nothing to allocate: no open invoice or no credit left');
    const after = await getBuyerReceipt(tx, id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'allocated',
      entity: 'buyer_receipt',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}
