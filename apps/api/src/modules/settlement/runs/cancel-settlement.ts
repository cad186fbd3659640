import type { SettlementDetails } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError } from '../../../platform/errors.ts';
import { loanRecoveries, settlementLots, settlements } from '../schema.ts';
import { lockSettlement } from './lock-settlement.ts';
import { getSettlement } from './queries.ts';

/** Cancels a draft: its lots can be settled again and its planned recoveries are dropped. */
export async function cancelSettlement(
  db: DbOrTx,
  actor: Actor,
  { id, reason }: { id: string; reason: string },
): Promise<SettlementDetails> {
  return db.transaction(async (tx) => {
    const row = await lockSettlement(tx, id);
    if (row.status !== 'draft') throw new ConflictError('Only a draft settlement can be cancelled');
    await tx
      .update(settlements)
      .set({ status: 'cancelled', cancelReason: reason, cancelledBy: actor.userId, cancelledAt: new Date() })
      .where(eq(settlements.id, id));
    await tx.update(settlementLots).set({ live: false }).where(eq(settlementLots.settlementId, id));
    await tx.delete(loanRecoveries).where(eq(loanRecoveries.settlementId, id));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'cancelled',
      entity: 'settlement',
      entityId: id,
      before: { status: 'draft' },
      after: { status: 'cancelled', reason },
    });
    return getSettlement(tx, id);
  });
}
