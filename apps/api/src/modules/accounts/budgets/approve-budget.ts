import type { Budget } from '@ushirika/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../platform/errors.ts';
import { getBudget } from './queries.ts';
import { budgets } from './schema.ts';

export async function approveBudget(db: Db, actor: Actor, { id }: { id: string }): Promise<Budget> {
  return db.transaction(async (tx) => {
    const [draft] = await tx.select().from(budgets).where(eq(budgets.id, id));
    if (!draft) throw new NotFoundError('Budget not found');
    if (draft.status !== 'draft') throw new ConflictError('This budget is already approved');
    if (draft.createdBy === actor.userId)
      throw new ForbiddenError('You entered this budget, so another person must approve it');
    const [claimed] = await tx
      .update(budgets)
      .set({ status: 'approved', approvedBy: actor.userId, approvedAt: new Date() })
      .where(and(eq(budgets.id, id), eq(budgets.status, 'draft')))
      .returning({ id: budgets.id });
    if (!claimed) throw new ConflictError('This budget is already approved');
    const budget = await getBudget(tx, id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'approved',
      entity: 'budget',
      entityId: id,
      after: budget,
    });
    return budget;
  });
}
