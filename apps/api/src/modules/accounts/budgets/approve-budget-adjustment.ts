import type { BudgetAdjustment } from '@ushirika/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../platform/errors.ts';
import { getBudgetAdjustment } from './queries.ts';
import { budgetAdjustments } from './schema.ts';

export async function approveBudgetAdjustment(
  db: Db,
  actor: Actor,
  { id }: { id: string },
): Promise<BudgetAdjustment> {
  return db.transaction(async (tx) => {
    const [draft] = await tx.select().from(budgetAdjustments).where(eq(budgetAdjustments.id, id));
    if (!draft) throw new NotFoundError('Budget adjustment not found');
    if (draft.status !== 'draft') throw new ConflictError('This budget adjustment is already approved');
    if (draft.createdBy === actor.userId)
      throw new ForbiddenError('You entered this budget adjustment, so another person must approve it');
    const [claimed] = await tx
      .update(budgetAdjustments)
      .set({ status: 'approved', approvedBy: actor.userId, approvedAt: new Date() })
      .where(and(eq(budgetAdjustments.id, id), eq(budgetAdjustments.status, 'draft')))
      .returning({ id: budgetAdjustments.id });
    if (!claimed) throw new ConflictError('This budget adjustment is already approved');
    const adjustment = await getBudgetAdjustment(tx, id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'approved',
      entity: 'budget_adjustment',
      entityId: id,
      after: adjustment,
    });
    return adjustment;
  });
}
