import type { BudgetAdjustment, CreateBudgetAdjustmentBody } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { fieldError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { assertLineAccounts } from '../vouchers/checks.ts';
import { getBudgetAdjustment } from './queries.ts';
import { budgetAdjustmentLines, budgetAdjustments, budgets } from './schema.ts';

/** Signed changes to an approved budget's months; they count once the adjustment is approved. */
export async function createBudgetAdjustment(
  db: Db,
  actor: Actor,
  body: CreateBudgetAdjustmentBody,
): Promise<BudgetAdjustment> {
  return db.transaction(async (tx) => {
    const [budget] = await tx.select().from(budgets).where(eq(budgets.id, body.budgetId));
    if (!budget) throw fieldError('budgetId', 'The budget does not exist');
    if (budget.status !== 'approved') throw fieldError('budgetId', 'Only an approved budget can be adjusted');
    await assertLineAccounts(
      tx,
      budget.book,
      body.lines.map((l) => l.accountId),
    );
    const number = await nextDocumentNumber(tx, 'BA', Number(body.adjustmentDate.slice(0, 4)));
    const [row] = await tx
      .insert(budgetAdjustments)
      .values({
        number,
        budgetId: budget.id,
        adjustmentDate: body.adjustmentDate,
        reason: body.reason,
        createdBy: actor.userId,
      })
      .returning({ id: budgetAdjustments.id });
    if (!row) throw new Error('Adjustment insert returned nothing');
    await tx.insert(budgetAdjustmentLines).values(body.lines.map((l) => ({ ...l, adjustmentId: row.id })));
    const adjustment = await getBudgetAdjustment(tx, row.id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'budget_adjustment',
      entityId: row.id,
      after: adjustment,
    });
    return adjustment;
  });
}
