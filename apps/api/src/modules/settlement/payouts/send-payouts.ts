import type { PaymentBatch, PayoutChannelName, SendPayoutsBody } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError } from '../../../platform/errors.ts';
import { lockBatch } from '../payments/lock-batch.ts';
import { getBatch, UNPAYABLE } from '../payments/queries.ts';
import { paymentBatches, paymentLines } from '../schema.ts';

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
  input: SendPayoutsBody & { id: string; providers: Record<PayoutChannelName, string | null> },
): Promise<PaymentBatch> {
  const { mobile, bank } = input.providers;
  if (!mobile && !bank)
    throw new ConflictError('No payout provider is configured: export the batch as a file instead');
  return db.transaction(async (tx) => {
    const row = await lockBatch(tx, input.id);
    if (row.status === 'draft') throw new ConflictError('Approve this payment batch before sending it');
    if (row.status === 'sending') throw new ConflictError('This payment batch is already being sent');
    if (row.status !== 'approved')
      throw new ConflictError('This payment batch was exported or paid already; it cannot be sent');
    if (!dec(row.total).eq(dec(input.total)))
      throw new ConflictError('The batch total has changed since you confirmed it; check it and send again');
    await refuseUnpaidChannels(tx, input.id, input.providers);
    await tx.execute(sql`
      insert into payout_lines (payment_line_id, batch_id, provider, state, failure_reason)
      select pl.id, pl.batch_id,
        case pl.method when 'mobile' then ${mobile}::text when 'bank' then ${bank}::text
          else coalesce(${mobile}::text, ${bank}::text) end,
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
      after: { status: 'sending', providers: input.providers, total: row.total },
    });
    return getBatch(tx, input.id);
  });
}

/** A batch with a line for a channel no provider pays is not sent at all (it is exported instead). */
async function refuseUnpaidChannels(
  tx: DbOrTx,
  batchId: string,
  providers: Record<PayoutChannelName, string | null>,
): Promise<void> {
  for (const channel of ['mobile', 'bank'] as const) {
    if (providers[channel]) continue;
    const [line] = await tx
      .select({ id: paymentLines.id })
      .from(paymentLines)
      .where(
        and(
          eq(paymentLines.batchId, batchId),
          eq(paymentLines.method, channel),
          eq(paymentLines.status, 'pending'),
        ),
      )
      .limit(1);
    if (line)
      throw new ConflictError(
        `No payout provider pays ${channel === 'mobile' ? 'mobile money' : 'bank'} accounts: choose one in the payout settings, or export the batch as a file`,
      );
  }
}
