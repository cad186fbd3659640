import type { PaymentBatch } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ForbiddenError } from '../../../platform/errors.ts';
import { paymentBatches } from '../schema.ts';
import { lockBatch } from './lock-batch.ts';
import { getBatch } from './queries.ts';

/** draft -> approved, by someone other than who drafted it. */
export async function approveBatch(db: DbOrTx, actor: Actor, { id }: { id: string }): Promise<PaymentBatch> {
  return db.transaction(async (tx) => {
    const row = await lockBatch(tx, id);
    if (row.status !== 'draft') throw new ConflictError('This payment batch is already approved');
    if (row.createdBy === actor.userId)
      throw new ForbiddenError('You drafted this payment batch, so another person must approve it');
    await tx
      .update(paymentBatches)
      .set({ status: 'approved', approvedBy: actor.userId, approvedAt: new Date() })
      .where(eq(paymentBatches.id, id));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'approved',
      entity: 'payment_batch',
      entityId: id,
      before: { status: 'draft' },
      after: { status: 'approved' },
    });
    return getBatch(tx, id);
  });
}
