import type { PaymentBatch, SendPayoutsBody } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError } from '../../../platform/errors.ts';
import { lockBatch } from '../payments/lock-batch.ts';
import { getBatch, UNPAYABLE } from '../payments/queries.ts';
import { paymentBatches } from '../schema.ts';

/**
 * Starts paying an approved batch through the payout provider: the batch becomes `sending` and
 * each line gets its payout state (pending; an unpayable line failed at once); the background
 * worker looks the names up and sends. The batch row is locked, so of two people pressing send the
 * second waits and is told it is already being sent. The total must be the one the sender
 * confirmed.
 */
export async function sendPayouts(
  db: DbOrTx,
  actor: Actor,
  input: SendPayoutsBody & { id: string; provider: string | null },
): Promise<PaymentBatch> {
  if (!input.provider)
    throw new ConflictError('No payout provider is configured: export the batch as a file instead');
  return db.transaction(async (tx) => {
    const row = await lockBatch(tx, input.id);
    if (row.status === 'draft') throw new ConflictError('Approve this payment batch before sending it');
    if (row.status === 'sending') throw new ConflictError('This payment batch is already being sent');
    if (row.status !== 'approved')
      throw new ConflictError('This payment batch was exported or paid already; it cannot be sent');
    if (!dec(row.total).eq(dec(input.total)))
      throw new ConflictError('The batch total has changed since you confirmed it; check it and send again');
    await tx.execute(sql`
      insert into payout_lines (payment_line_id, batch_id, provider, state, failure_reason)
      select pl.id, pl.batch_id, ${input.provider},
        case when pl.method = 'none' then 'failed' else 'pending' end,
        case when pl.method = 'none' then ${UNPAYABLE} end
      from payment_lines pl where pl.batch_id = ${input.id} and pl.status = 'pending'`);
    await tx
      .update(paymentBatches)
      .set({ status: 'sending', sentBy: actor.userId, sentAt: new Date() })
      .where(eq(paymentBatches.id, input.id));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'sending',
      entity: 'payment_batch',
      entityId: input.id,
      before: { status: 'approved' },
      after: { status: 'sending', provider: input.provider, total: row.total },
    });
    return getBatch(tx, input.id);
  });
}
