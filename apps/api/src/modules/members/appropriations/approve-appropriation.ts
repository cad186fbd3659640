import type { Appropriation, ApproveAppropriationBody } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { fieldError } from '../../../platform/errors.ts';
import { decidable, type ProposalKind } from '../../../platform/proposals.ts';
import { narrate } from '../../accounts/journal/narrations.ts';
import { postBusinessEvent } from '../../accounts/journal/post-business-event.ts';
import { draftDividendBatch } from './draft-dividend-batch.ts';
import { payUnpaidSharesFirst } from './pay-shares-first.ts';
import { getAppropriation } from './queries.ts';
import { appropriations } from './schema.ts';

export const APPROPRIATION: ProposalKind = {
  table: 'appropriations',
  entity: 'appropriation',
  noun: 'appropriation',
};

/** Locks a proposal for its decision: refused when unknown, decided already, or the decider proposed it. */
export async function lockProposal(tx: DbOrTx, actor: Actor, id: string) {
  const [row] = await tx.select().from(appropriations).where(eq(appropriations.id, id)).for('update');
  return decidable(APPROPRIATION, actor, row);
}

/**
 * The AGM's approval, by another person than the proposer, in one transaction: lock → post
 * (Operation book, on the AGM's date: Dr retained earnings / Cr general reserve and dividends payable) →
 * pay the unpaid shares of the AMCOS that chose it first (payUnpaidSharesFirst) → draft the
 * payment batch to the AMCOS for the rest → approved → audit. Nothing is written when the posting is refused
 * (a closed period, an unmapped account).
 */
export async function approveAppropriation(
  db: DbOrTx,
  actor: Actor,
  { id, body }: { id: string; body: ApproveAppropriationBody },
): Promise<Appropriation> {
  return db.transaction(async (tx) => {
    const row = await lockProposal(tx, actor, id);
    const [year] = await queryRows(
      tx,
      z.object({ name: z.string(), endDate: z.string() }),
      sql`select name, end_date::text as "endDate" from financial_years where id = ${row.financialYearId}`,
    );
    const date = body.date ?? todayInTanzania();
    if (year && date <= year.endDate)
      throw fieldError('date', `The AGM meets after ${year.name} ends (${year.endDate})`);
    const posted = await postBusinessEvent(tx, {
      type: 'surplus_appropriation',
      reserve: row.reserve,
      dividend: row.dividend,
      bonus: row.bonus,
      date,
      narration: narrate('surplusAppropriation', {
        appropriationNo: row.appropriationNo,
        year: year?.name ?? '',
      }),
      reference: row.appropriationNo,
      sourceType: 'appropriation',
      sourceId: id,
      actorId: actor.userId,
    });
    await payUnpaidSharesFirst(tx, {
      appropriationId: id,
      appropriationNo: row.appropriationNo,
      date,
      actorId: actor.userId,
    });
    const batchId = await draftDividendBatch(tx, {
      appropriationId: id,
      appropriationNo: row.appropriationNo,
      actorId: actor.userId,
    });
    await tx
      .update(appropriations)
      .set({
        status: 'approved',
        approvedBy: actor.userId,
        approvedAt: new Date(),
        journalEntryId: posted.id,
        paymentBatchId: batchId,
      })
      .where(eq(appropriations.id, id));
    const approved = await getAppropriation(tx, id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'approved',
      entity: 'appropriation',
      entityId: id,
      before: { status: 'proposed' },
      after: { status: 'approved', journalEntryId: posted.id, paymentBatchId: batchId },
    });
    return approved;
  });
}
