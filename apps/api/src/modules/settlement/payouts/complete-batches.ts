import { todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { narrate } from '../../accounts/journal/narrations.ts';
import { postBusinessEvent } from '../../accounts/journal/post-business-event.ts';
import { markCollectionsPaid, queueBatchSms } from '../payments/mark-batch-paid.ts';

const batchRow = z.object({
  id: z.string(),
  batchNo: z.string(),
  partyType: z.string(),
  sentBy: z.string().nullable(),
  provider: z.string(),
});
const payableRow = z.object({ payable: z.string(), amount: z.string() });
const totalsRow = z.object({ succeeded: z.number(), failed: z.number(), fees: z.string() });

/**
 * Closes every batch being sent whose lines are all final, each in one transaction: succeeded
 * lines become paid and failed ones failed (back to the payable, retried as today); one payout per
 * payable posts what the farmers received (Dr payable / Cr collection bank) and one entry the
 * provider's fees (Dr payout fees / Cr collection bank), so the bank is credited with what left;
 * the batch is paid, or partly paid when a line failed.
 */
export async function completeFinishedBatches(db: DbOrTx): Promise<number> {
  const done = await queryRows(
    db,
    z.object({ id: z.string() }),
    sql`select b.id from payment_batches b where b.status = 'sending'
        and not exists (select 1 from payout_lines po where po.batch_id = b.id
                        and po.state not in ('succeeded', 'failed'))`,
  );
  for (const { id } of done) await completeBatch(db, id);
  return done.length;
}

async function completeBatch(db: DbOrTx, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [batch] = await queryRows(
      tx,
      batchRow,
      sql`select b.id, b.batch_no as "batchNo", b.party_type as "partyType", b.sent_by as "sentBy",
            coalesce((select min(provider) from payout_lines where batch_id = b.id), '') as provider
          from payment_batches b where b.id = ${id} and b.status = 'sending' for update`,
    );
    if (!batch) return; // another process completed it first
    await tx.execute(sql`update payment_lines pl
      set status = case po.state when 'succeeded' then 'paid' else 'failed' end,
        paid_at = case po.state when 'succeeded' then now() end,
        failure_reason = case po.state when 'failed' then po.failure_reason end
      from payout_lines po
      where po.payment_line_id = pl.id and po.batch_id = ${id} and pl.status = 'pending'`);
    const date = todayInTanzania();
    const reference = `${batch.provider}:${batch.batchNo}`;
    const narration = narrate('paymentBatchPaid', { batchNo: batch.batchNo, bankReference: reference });
    const paid = await queryRows(
      tx,
      payableRow,
      sql`select payable, sum(amount)::text as amount from payment_lines
          where batch_id = ${id} and status = 'paid' group by payable order by payable`,
    );
    const source = {
      sourceType: 'payment_batch',
      sourceId: id,
      actorId: batch.sentBy,
      date,
      narration,
      reference,
    };
    for (const p of paid)
      await postBusinessEvent(tx, {
        ...source,
        type: 'payout',
        payable: p.payable as 'payable_farmers',
        amount: p.amount,
      });
    const [totals] = await queryRows(
      tx,
      totalsRow,
      sql`select count(*) filter (where state = 'succeeded')::int as succeeded,
            count(*) filter (where state = 'failed')::int as failed,
            coalesce(sum(fee) filter (where state = 'succeeded'), 0)::text as fees
          from payout_lines where batch_id = ${id}`,
    );
    if (totals && totals.fees !== '0' && totals.fees !== '0.00')
      await postBusinessEvent(tx, { ...source, type: 'payout_fee', amount: totals.fees });
    await markCollectionsPaid(tx, id);
    await queueBatchSms(tx, id, batch.partyType);
    const status = totals?.failed ? 'partly_paid' : 'paid';
    await tx.execute(sql`update payment_batches set status = ${status}, paid_by = sent_by, paid_at = now(),
        paid_on = ${date}, bank_reference = ${reference}
      where id = ${id}`);
    await recordAudit(tx, {
      actorId: batch.sentBy,
      action: 'paid',
      entity: 'payment_batch',
      entityId: id,
      before: { status: 'sending' },
      after: { status, succeeded: totals?.succeeded, failed: totals?.failed, fees: totals?.fees },
    });
  });
}
