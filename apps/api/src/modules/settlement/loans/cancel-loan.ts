import type { FarmerLoan } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError } from '../../../platform/errors.ts';
import { farmerLoans } from '../schema.ts';
import { lockLoan } from './lock-loan.ts';
import { getLoan } from './queries.ts';

/** Cancels a draft advance (never paid out, nothing posted), with the reason. */
export async function cancelLoan(
  db: DbOrTx,
  actor: Actor,
  { id, reason }: { id: string; reason: string },
): Promise<FarmerLoan> {
  return db.transaction(async (tx) => {
    const row = await lockLoan(tx, id);
    if (row.status !== 'draft')
      throw new ConflictError(
        row.status === 'active' ? 'An approved loan cannot be cancelled' : 'This loan is already cancelled',
      );
    await tx
      .update(farmerLoans)
      .set({ status: 'cancelled', cancelReason: reason })
      .where(eq(farmerLoans.id, id));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'cancelled',
      entity: 'farmer_loan',
      entityId: id,
      before: { status: 'draft' },
      after: { status: 'cancelled', reason },
    });
    return getLoan(tx, actor, id);
  });
}
