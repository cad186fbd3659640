import type { SettlementDetails } from '@ushirika/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ForbiddenError } from '../../../platform/errors.ts';
import { postBusinessEvent } from '../../accounts/journal/post-business-event.ts';
import { draftPaymentBatches } from '../payments/draft-payment-batches.ts';
import { settlements } from '../schema.ts';
import { lockSettlement } from './lock-settlement.ts';
import { phaseTimer } from './phase-timer.ts';
import { getSettlement } from './queries.ts';

/**
 * Approves a draft (maker-checker): recovers the loans, posts Dr crop proceeds payable / Cr the
 * payables and farmer loans, and drafts the payment batches, all in one transaction.
 */
export async function approveSettlement(
  db: DbOrTx,
  { actor, id }: { actor: Actor; id: string },
): Promise<SettlementDetails> {
  return db.transaction(async (tx) => {
    const mark = phaseTimer();
    const row = await lockSettlement(tx, id);
    if (row.status === 'approved') throw new ConflictError('This settlement is already approved');
    if (row.status === 'cancelled') throw new ConflictError('This settlement was cancelled');
    if (row.createdBy === actor.userId)
      throw new ForbiddenError('You prepared this settlement, so another person must approve it');
    try {
      await tx.execute(sql`
        update farmer_loans fl set recovered = fl.recovered + x.amount, updated_at = now()
        from (select loan_id, sum(amount) as amount from loan_recoveries
              where settlement_id = ${id} group by loan_id) x
        where fl.id = x.loan_id`);
    } catch (error) {
      if (constraintOf(error) === 'farmer_loans_recovered_check')
        throw new ConflictError(
          "A farmer's loan was recovered by another settlement since this draft; cancel it and settle again",
        );
      throw error;
    }
    mark('approve: loans');
    const posted = await postBusinessEvent(tx, {
      type: 'settlement',
      amcos: row.amcosShare,
      farmers: row.farmersNet,
      beneficiaries: row.beneficiaries,
      transporters: row.transporters,
      loanRecovery: row.loanRecovery,
      date: row.settledOn,
      narration: `Settlement ${row.settlementNo}: ${row.lotCount} lots`,
      reference: row.settlementNo,
      sourceType: 'settlement',
      sourceId: id,
      actorId: actor.userId,
    });
    await tx
      .update(settlements)
      .set({
        status: 'approved',
        approvedBy: actor.userId,
        approvedAt: new Date(),
        journalEntryId: posted.id,
      })
      .where(eq(settlements.id, id));
    mark('approve: posting');
    await draftPaymentBatches(tx, {
      settlementId: id,
      settlementNo: row.settlementNo,
      actorId: actor.userId,
    });
    // A farmer whose whole share went to deductions and loan recovery has no line to wait for:
    // their crop is settled now. The others' collections become paid with their payment line.
    await tx.execute(sql`
      update collections c set status = 'paid', updated_at = now()
      from settlement_farmers sf
      where sf.settlement_id = ${id}
        and sf.farmer_id in (select farmer_id from settlement_farmers where settlement_id = ${id}
                             group by farmer_id having sum(net) = 0)
        and c.lot_id = sf.lot_id and c.farmer_id = sf.farmer_id and c.status = 'sold'`);
    mark('approve: batches');
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'approved',
      entity: 'settlement',
      entityId: id,
      before: { status: 'draft' },
      after: { status: 'approved', journalEntryId: posted.id },
    });
    return getSettlement(tx, id);
  });
}

/** The constraint a database error names, looking through the driver's wrapping `cause`s. */
function constraintOf(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { constraint } = e as { constraint?: unknown };
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}
