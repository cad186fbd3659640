import type { SettlementDetails } from '@ushirika/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { constraintOf } from '../../../platform/constraints.ts';
import { ConflictError, ForbiddenError } from '../../../platform/errors.ts';
import { narrate } from '../../accounts/journal/narrations.ts';
import { postBusinessEvent } from '../../accounts/journal/post-business-event.ts';
import { markCollectionsPaid } from '../../crop-flow/collections/mark-collections-paid.ts';
import { payAmcosSharesFromCropMoney } from '../../members/register/pay-amcos-shares-from-crop-money.ts';
import { paySharesFromCropMoney } from '../../members/register/pay-shares-from-crop-money.ts';
import { queueLoanRecoveredSms } from '../loans/loan-sms.ts';
import { draftPaymentBatches } from '../payments/draft-payment-batches.ts';
import { paymentSettingsOf } from '../payments/queries.ts';
import { settlements } from '../schema.ts';
import { lockSettlement } from './lock-settlement.ts';
import { phaseTimer } from './phase-timer.ts';
import { postUnionIncome } from './post-union-income.ts';
import { getSettlement } from './queries.ts';
import { queueSettlementSms } from './settlement-sms.ts';

/**
 * Approves a draft (maker-checker): recovers the loans, pays the members' shares it deducted, posts Dr crop proceeds payable / Cr the
 * payables and farmer loans, recognises the union's own share as income in the Operation book,
 * pays the AMCOS' union shares taken from their levies (Dr payable to AMCOS / Cr share capital),
 * and drafts the payment batches (not for the union's own share), all in one transaction.
 */
export async function approveSettlement(
  db: DbOrTx,
  actor: Actor,
  { id, timing }: { id: string; timing?: boolean },
): Promise<SettlementDetails> {
  return db.transaction(async (tx) => {
    const mark = phaseTimer(timing);
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
    // Loans first, then the members' shares from what was left (#32, docs/DECISIONS.md).
    await paySharesFromCropMoney(tx, {
      settlementId: id,
      settlementNo: row.settlementNo,
      settledOn: row.settledOn,
      actorId: actor.userId,
    });
    mark('approve: loans and shares');
    const posted = await postBusinessEvent(tx, {
      type: 'settlement',
      amcos: row.amcosShare,
      farmers: row.farmersNet,
      beneficiaries: row.beneficiaries,
      transporters: row.transporters,
      loanRecovery: row.loanRecovery,
      memberShares: row.memberShares,
      date: row.settledOn,
      narration: narrate('settlement', { settlementNo: row.settlementNo, lots: row.lotCount }),
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
    await postUnionIncome(tx, { id, settlementNo: row.settlementNo, settledOn: row.settledOn, actor });
    // The AMCOS' unpaid union shares from their levies (#32): out of payable to AMCOS, into share capital.
    await payAmcosSharesFromCropMoney(tx, {
      id,
      settlementNo: row.settlementNo,
      settledOn: row.settledOn,
      actor,
    });
    mark('approve: posting');
    await draftPaymentBatches(tx, {
      settlementId: id,
      settlementNo: row.settlementNo,
      actorId: actor.userId,
    });
    mark('approve: batches');
    // A farmer whose whole share went to deductions and loan recovery has no line to wait for:
    // their crop is settled now. The others' collections become paid with their payment line.
    // One pass (a window sum per farmer), so no row estimate of rows just written picks the plan.
    await markCollectionsPaid(
      tx,
      sql`select lot_id, farmer_id from (
            select lot_id, farmer_id, sum(net) over (partition by farmer_id) as farmer_net
            from settlement_farmers where settlement_id = ${id}) sf
          where farmer_net = 0`,
    );
    mark('approve: collections paid');
    if ((await paymentSettingsOf(tx)).smsFarmers) {
      await queueSettlementSms(tx, id, row.settlementNo);
      mark('approve: settlement sms');
      await queueLoanRecoveredSms(tx, id, row.settlementNo);
      mark('approve: loan sms');
    }
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'approved',
      entity: 'settlement',
      entityId: id,
      before: { status: 'draft' },
      after: { status: 'approved', journalEntryId: posted.id },
    });
    mark('approve: audit');
    const details = await getSettlement(tx, id);
    mark('approve: read back');
    return details;
  });
}
