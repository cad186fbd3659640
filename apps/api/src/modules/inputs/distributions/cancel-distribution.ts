import type { DistributionDetail } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError } from '../../../platform/errors.ts';
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
      request: { farmerId: d.farmerId, farmerName: d.farmerName, requestNo: d.requestNo },
      reverse: true,
    });
    await tx.execute(sql`update input_distributions set status = 'cancelled', cancel_reason = ${reason},
        cancelled_by = ${actor.userId}, cancelled_at = now(), updated_at = now() where id = ${id}`);
    await tx.execute(
      sql`update input_requests set status = 'approved', updated_at = now() where id = ${d.requestId}`,
    );
    // Its lines come off the season totals of the report; a row left with no line goes.
    const lines = JSON.stringify(
      d.lines.map((l) => ({
        item_id: l.itemId,
        quantity: l.quantity,
        farmer_value: l.farmerValue,
        subsidy_value: l.subsidyValue,
        cost_value: l.costValue,
      })),
    );
    await tx.execute(sql`update input_distribution_totals t set lines = t.lines - x.lines, quantity = t.quantity - x.quantity,
        farmer_value = t.farmer_value - x.farmer_value, subsidy_value = t.subsidy_value - x.subsidy_value,
        cost_value = t.cost_value - x.cost_value
      from (select item_id, count(*)::int as lines, sum(quantity) as quantity, sum(farmer_value) as farmer_value,
          sum(subsidy_value) as subsidy_value, sum(cost_value) as cost_value
        from json_to_recordset(${lines}::json) as x(item_id uuid, quantity numeric, farmer_value numeric,
          subsidy_value numeric, cost_value numeric) group by item_id) x
      where t.season_id = ${d.seasonId} and t.amcos_id = ${d.amcosId} and t.farmer_id = ${d.farmerId}
        and t.kind = ${d.kind} and t.item_id = x.item_id`);
    await tx.execute(sql`delete from input_distribution_totals where season_id = ${d.seasonId} and amcos_id = ${d.amcosId}
        and farmer_id = ${d.farmerId} and kind = ${d.kind} and lines = 0`);
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
