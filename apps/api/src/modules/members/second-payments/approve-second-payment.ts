import type { SecondPayment } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { decidable, type ProposalKind } from '../../../platform/proposals.ts';
import { narrate } from '../../accounts/journal/narrations.ts';
import { postAcrossBooks } from '../../accounts/journal/post-across-books.ts';
import { draftSecondPaymentBatch } from './draft-second-payment-batch.ts';
import { getSecondPayment } from './queries.ts';
import { secondPayments } from './schema.ts';
import { queueSecondPaymentSms } from './second-payment-sms.ts';

export const SECOND_PAYMENT: ProposalKind = {
  table: 'second_payments',
  entity: 'second_payment',
  noun: 'second payment',
};

/** Locks a proposal for its decision: refused when unknown, decided already, or the decider proposed it. */
export async function lockSecondPayment(tx: DbOrTx, actor: Actor, id: string) {
  const [row] = await tx.select().from(secondPayments).where(eq(secondPayments.id, id)).for('update');
  return decidable(SECOND_PAYMENT, actor, row);
}

/**
 * The approval, by another person than the proposer, in one transaction: lock → post today (event
 * `second_payment` across the books: Operation Dr retained earnings 3102 / Cr due from Collection
 * 1204; Collection Dr due to Operation 2105 / Cr payable to farmers 2102) → draft the farmers'
 * payment batch → each farmer's SMS → approved → audit. Nothing is written when the posting is
 * refused (a closed period, an unmapped account).
 */
export async function approveSecondPayment(
  db: DbOrTx,
  actor: Actor,
  { id }: { id: string },
): Promise<SecondPayment> {
  return db.transaction(async (tx) => {
    const row = await lockSecondPayment(tx, actor, id);
    const posted = await postAcrossBooks(tx, {
      type: 'second_payment',
      amount: row.total,
      date: todayInTanzania(),
      narration: narrate('secondPayment', { paymentNo: row.paymentNo }),
      reference: row.paymentNo,
      sourceType: 'second_payment',
      sourceId: id,
      actorId: actor.userId,
    });
    const batchId = await draftSecondPaymentBatch(tx, {
      secondPaymentId: id,
      paymentNo: row.paymentNo,
      actorId: actor.userId,
    });
    await queueSecondPaymentSms(tx, { id, paymentNo: row.paymentNo, ratePerKg: row.ratePerKg });
    await tx
      .update(secondPayments)
      .set({ status: 'approved', approvedBy: actor.userId, approvedAt: new Date(), paymentBatchId: batchId })
      .where(eq(secondPayments.id, id));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'approved',
      entity: 'second_payment',
      entityId: id,
      before: { status: 'proposed' },
      after: { status: 'approved', journalEntryIds: posted.ids, paymentBatchId: batchId },
    });
    return getSecondPayment(tx, id);
  });
}
