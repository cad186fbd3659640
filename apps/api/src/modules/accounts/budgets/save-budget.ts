import type {
  Budget,
  BudgetAdjustment,
  CreateBudgetAdjustmentBody,
  CreateBudgetBody,
} from '@ushirika/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ForbiddenError, fieldError, NotFoundError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { getFinancialYearRow } from '../../financial-years/queries.ts';
import { assertLineAccounts } from '../vouchers/checks.ts';
import { getBudget, getBudgetAdjustment } from './queries.ts';
import { budgetAdjustmentLines, budgetAdjustments, budgetLines, budgets } from './schema.ts';

/** A budget for one book and financial year: twelve monthly amounts per account, a draft until approved. */
export async function createBudget(
  db: Db,
  { body, actorId }: { body: CreateBudgetBody; actorId: string },
): Promise<Budget> {
  return db.transaction(async (tx) => {
    const year = await getFinancialYearRow(tx, body.financialYearId).catch(() => {
      throw fieldError('financialYearId', 'The financial year does not exist');
    });
    if (year.status === 'closed')
      throw fieldError('financialYearId', `The financial year ${year.name} is closed`);
    const ids = body.lines.map((l) => l.accountId);
    if (new Set(ids).size !== ids.length) throw fieldError('lines', 'Each account may appear once');
    await assertLineAccounts(tx, body.book, ids);
    const number = await nextDocumentNumber(tx, 'BUD', Number(year.startDate.slice(0, 4)));
    const [row] = await tx
      .insert(budgets)
      .values({ number, name: body.name, financialYearId: year.id, book: body.book, createdBy: actorId })
      .returning({ id: budgets.id });
    if (!row) throw new Error('Budget insert returned nothing');
    await tx
      .insert(budgetLines)
      .values(
        body.lines.flatMap((l) =>
          l.months.map((amount, i) => ({ budgetId: row.id, accountId: l.accountId, month: i + 1, amount })),
        ),
      );
    const budget = await getBudget(tx, row.id);
    await recordAudit(tx, { actorId, action: 'created', entity: 'budget', entityId: row.id, after: budget });
    return budget;
  });
}

export async function approveBudget(
  db: Db,
  { id, actorId }: { id: string; actorId: string },
): Promise<Budget> {
  return db.transaction(async (tx) => {
    const [draft] = await tx.select().from(budgets).where(eq(budgets.id, id));
    if (!draft) throw new NotFoundError('Budget not found');
    if (draft.status !== 'draft') throw new ConflictError('This budget is already approved');
    if (draft.createdBy === actorId)
      throw new ForbiddenError('You entered this budget, so another person must approve it');
    const [claimed] = await tx
      .update(budgets)
      .set({ status: 'approved', approvedBy: actorId, approvedAt: new Date() })
      .where(and(eq(budgets.id, id), eq(budgets.status, 'draft')))
      .returning({ id: budgets.id });
    if (!claimed) throw new ConflictError('This budget is already approved');
    const budget = await getBudget(tx, id);
    await recordAudit(tx, { actorId, action: 'approved', entity: 'budget', entityId: id, after: budget });
    return budget;
  });
}

/** Signed changes to an approved budget's months; they count once the adjustment is approved. */
export async function createBudgetAdjustment(
  db: Db,
  { body, actorId }: { body: CreateBudgetAdjustmentBody; actorId: string },
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
        createdBy: actorId,
      })
      .returning({ id: budgetAdjustments.id });
    if (!row) throw new Error('Adjustment insert returned nothing');
    await tx.insert(budgetAdjustmentLines).values(body.lines.map((l) => ({ ...l, adjustmentId: row.id })));
    const adjustment = await getBudgetAdjustment(tx, row.id);
    await recordAudit(tx, {
      actorId,
      action: 'created',
      entity: 'budget_adjustment',
      entityId: row.id,
      after: adjustment,
    });
    return adjustment;
  });
}

export async function approveBudgetAdjustment(
  db: Db,
  { id, actorId }: { id: string; actorId: string },
): Promise<BudgetAdjustment> {
  return db.transaction(async (tx) => {
    const [draft] = await tx.select().from(budgetAdjustments).where(eq(budgetAdjustments.id, id));
    if (!draft) throw new NotFoundError('Budget adjustment not found');
    if (draft.status !== 'draft') throw new ConflictError('This budget adjustment is already approved');
    if (draft.createdBy === actorId)
      throw new ForbiddenError('You entered this budget adjustment, so another person must approve it');
    const [claimed] = await tx
      .update(budgetAdjustments)
      .set({ status: 'approved', approvedBy: actorId, approvedAt: new Date() })
      .where(and(eq(budgetAdjustments.id, id), eq(budgetAdjustments.status, 'draft')))
      .returning({ id: budgetAdjustments.id });
    if (!claimed) throw new ConflictError('This budget adjustment is already approved');
    const adjustment = await getBudgetAdjustment(tx, id);
    await recordAudit(tx, {
      actorId,
      action: 'approved',
      entity: 'budget_adjustment',
      entityId: id,
      after: adjustment,
    });
    return adjustment;
  });
}
