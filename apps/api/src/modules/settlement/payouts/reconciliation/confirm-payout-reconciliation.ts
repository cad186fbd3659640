import type { PayoutReconciliation } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../../db/client.ts';
import { queryRows } from '../../../../db/rows.ts';
import type { Actor } from '../../../../platform/access.ts';
import { recordAudit } from '../../../../platform/audit.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../../platform/errors.ts';
import { completeFinishedBatches } from '../complete-batches.ts';
import { settleLine } from '../settle-line.ts';
import { reconciliationOf } from './queries.ts';

const toSettle = z.object({
  id: z.string(),
  lineId: z.string(),
  status: z.enum(['succeeded', 'failed']),
  providerReference: z.string().nullable(),
  fee: z.string().nullable(),
  reason: z.string().nullable(),
});

/**
 * Confirms a batch's reconciliation (the checker's: someone other than who imported it), in one
 * transaction: every line the provider reports final that was still sending or unknown here is
 * settled through the one settle path (succeeded with the provider's reference and fee, or
 * failed with its reason), which changes a line only while it is open, so it settles once. The
 * batch then closes as the worker closes it: the money posted, paid or partly paid.
 */
export async function confirmPayoutReconciliation(
  db: DbOrTx,
  actor: Actor,
  input: { batchId: string; id: string },
): Promise<PayoutReconciliation> {
  const settledCount = await db.transaction(async (tx) => {
    const [rec] = await queryRows(
      tx,
      z.object({ status: z.string(), createdBy: z.string().nullable() }),
      sql`select status, created_by as "createdBy" from payout_reconciliations
          where id = ${input.id} and batch_id = ${input.batchId} for update`,
    );
    if (!rec) throw new NotFoundError('Reconciliation not found');
    if (rec.status !== 'proposed') throw new ConflictError('This reconciliation is already confirmed');
    if (rec.createdBy === actor.userId)
      throw new ForbiddenError('You imported this statement, so another person must confirm it');
    const items = await queryRows(
      tx,
      toSettle,
      sql`select x.id, x.payment_line_id as "lineId", x.statement_status as status,
            coalesce(x.provider_reference, po.provider_reference) as "providerReference",
            x.statement_fee::text as fee, x.failure_reason as reason
          from payout_reconciliation_items x join payout_lines po on po.payment_line_id = x.payment_line_id
          where x.reconciliation_id = ${input.id} and x.kind = 'not_final'
            and x.statement_status in ('succeeded', 'failed')`,
    );
    let settled = 0;
    for (const item of items) {
      const done = await settleLine(
        tx,
        item.lineId,
        item.status === 'succeeded'
          ? {
              status: 'succeeded',
              providerReference: item.providerReference ?? item.lineId,
              fee: item.fee ?? '0.00',
            }
          : {
              status: 'failed',
              providerReference: item.providerReference,
              reason: item.reason ?? 'Failed at the provider (its statement)',
            },
      );
      if (!done) continue;
      settled += 1;
      await tx.execute(sql`update payout_reconciliation_items set settled = true where id = ${item.id}`);
    }
    await tx.execute(sql`update payout_reconciliations set status = 'confirmed', confirmed_by = ${actor.userId},
        confirmed_at = now() where id = ${input.id}`);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'provider_statement_confirmed',
      entity: 'payment_batch',
      entityId: input.batchId,
      before: { reconciliationId: input.id, status: 'proposed' },
      after: { status: 'confirmed', settled },
    });
    return settled;
  });
  if (settledCount > 0) await completeFinishedBatches(db);
  return reconciliationOf(db, input.id);
}
