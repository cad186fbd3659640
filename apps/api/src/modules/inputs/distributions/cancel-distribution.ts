import type { DistributionDetail } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError } from '../../../platform/errors.ts';
import { todayInTanzania } from '../../crop-flow/collections/record-collection.ts';
import { receiveStock } from '../../inventory/ledgers/move-stock.ts';
import { cancelDistributionLoan } from '../../settlement/loans/distribution-loan.ts';
import { postDistribution } from './create-distribution.ts';
import { getDistribution } from './queries.ts';

/**
 * Reverses a distribution while its loan has no recovery (not even one planned by a draft
 * settlement): the stock goes back to the store at the cost it left with, the loan is cancelled,
 * the posting is reversed, and the request is approved again (it can be distributed anew).
 */
export async function cancelDistribution(
  db: Db,
  actor: Actor,
  { id, reason }: { id: string; reason: string },
): Promise<DistributionDetail> {
  return db.transaction(async (tx) => {
    await queryRows(tx, sql`select id from input_distributions where id = ${id} for update`);
    const d = await getDistribution(tx, actor, id);
    if (d.status !== 'issued')
      throw new ConflictError(`Distribution ${d.distributionNo} is already cancelled`);
    if (d.loanId)
      await cancelDistributionLoan(tx, d.loanId, `Distribution ${d.distributionNo} cancelled: ${reason}`);
    const date = todayInTanzania();
    await receiveStock(tx, {
      kind: 'return',
      storeId: d.storeId,
      date,
      source: { type: 'distribution', id, no: d.distributionNo },
      actorId: actor.userId,
      // Back at exactly the value it left with.
      lines: d.lines.map((l) => ({
        itemId: l.itemId,
        quantity: l.quantity,
        unitCost: l.unitCost,
        value: l.costValue,
      })),
    });
    await postDistribution(tx, {
      id,
      distributionNo: d.distributionNo,
      date,
      kind: d.kind,
      priced: { farmer: d.farmerAmount, subsidy: d.subsidyAmount, cost: d.costValue },
      actor,
      request: { farmerId: d.farmerId, farmerName: d.farmerName },
      reverse: true,
    });
    await tx.execute(sql`update input_distributions set status = 'cancelled', cancel_reason = ${reason},
        cancelled_by = ${actor.userId}, cancelled_at = now(), updated_at = now() where id = ${id}`);
    await tx.execute(
      sql`update input_requests set status = 'approved', updated_at = now() where id = ${d.requestId}`,
    );
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'cancelled',
      entity: 'input_distribution',
      entityId: id,
      before: { status: 'issued' },
      after: { status: 'cancelled', reason },
    });
    return getDistribution(tx, actor, id);
  });
}
