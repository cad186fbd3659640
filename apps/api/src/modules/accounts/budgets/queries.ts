import type { Budget, BudgetAdjustment, BudgetListQuery } from '@ushirika/contracts';
import { sum } from '@ushirika/domain';
import { and, asc, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { likeContains, type PageWindow, pageOf } from '../../../platform/list.ts';
import { financialYears } from '../../financial-years/schema.ts';
import { checker, fullName, maker } from '../journal/queries.ts';
import { accounts } from '../schema.ts';
import { budgetAdjustmentLines, budgetAdjustments, budgetLines, budgets } from './schema.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const columns = {
  id: budgets.id,
  number: budgets.number,
  name: budgets.name,
  financialYearId: budgets.financialYearId,
  financialYearName: financialYears.name,
  book: budgets.book,
  status: budgets.status,
  createdBy: budgets.createdBy,
  createdByName: fullName(maker),
  approvedByName: fullName(checker),
  approvedAt: budgets.approvedAt,
  createdAt: budgets.createdAt,
};
const selectBudgets = (db: DbOrTx) =>
  db
    .select(columns)
    .from(budgets)
    .innerJoin(financialYears, eq(financialYears.id, budgets.financialYearId))
    .leftJoin(maker, eq(maker.id, budgets.createdBy))
    .leftJoin(checker, eq(checker.id, budgets.approvedBy));

async function linesOf(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      budgetId: budgetLines.budgetId,
      accountId: budgetLines.accountId,
      accountCode: accounts.code,
      accountName: accounts.name,
      month: budgetLines.month,
      amount: budgetLines.amount,
    })
    .from(budgetLines)
    .innerJoin(accounts, eq(accounts.id, budgetLines.accountId))
    .where(inArray(budgetLines.budgetId, ids))
    .orderBy(asc(accounts.code), asc(budgetLines.month));
}

type BudgetRow = Awaited<ReturnType<ReturnType<typeof selectBudgets>['execute']>>[number];
function toBudget(row: BudgetRow, all: Awaited<ReturnType<typeof linesOf>>): Budget {
  const own = all.filter((l) => l.budgetId === row.id);
  const accountIds = [...new Set(own.map((l) => l.accountId))];
  const lines = accountIds.map((accountId) => {
    const mine = own.filter((l) => l.accountId === accountId);
    const months = Array.from(
      { length: 12 },
      (_, i) => mine.find((l) => l.month === i + 1)?.amount ?? '0.00',
    );
    return {
      accountId,
      accountCode: mine[0]?.accountCode ?? '',
      accountName: mine[0]?.accountName ?? '',
      months,
      total: sum(months).toFixed(2),
    };
  });
  return {
    ...row,
    total: sum(lines.map((l) => l.total)).toFixed(2),
    approvedAt: iso(row.approvedAt),
    createdAt: row.createdAt.toISOString(),
    lines,
  };
}

export async function listBudgets(db: DbOrTx, query: BudgetListQuery, window: PageWindow) {
  const pattern = query.search ? likeContains(query.search) : undefined;
  const where: SQL | undefined = and(
    pattern ? or(ilike(budgets.number, pattern), ilike(budgets.name, pattern)) : undefined,
    query.status ? eq(budgets.status, query.status) : undefined,
    query.book ? eq(budgets.book, query.book) : undefined,
  );
  const sortable = { number: budgets.number, name: budgets.name, created_at: budgets.createdAt };
  const { rows, total } = await pageOf(db, () => selectBudgets(db).$dynamic(), {
    where,
    order: { sort: query.sort, sortable, fallback: [desc(budgets.createdAt)], tiebreak: budgets.id },
    window,
  });
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => toBudget(r, lines)), total };
}

export async function getBudget(db: DbOrTx, id: string): Promise<Budget> {
  const [row] = await selectBudgets(db).where(eq(budgets.id, id));
  if (!row) throw new NotFoundError('Budget not found');
  return toBudget(row, await linesOf(db, [id]));
}

const adjustmentColumns = {
  id: budgetAdjustments.id,
  number: budgetAdjustments.number,
  budgetId: budgetAdjustments.budgetId,
  adjustmentDate: budgetAdjustments.adjustmentDate,
  reason: budgetAdjustments.reason,
  status: budgetAdjustments.status,
  createdByName: fullName(maker),
  approvedByName: fullName(checker),
  createdAt: budgetAdjustments.createdAt,
};

export async function listBudgetAdjustments(db: DbOrTx, where: SQL): Promise<BudgetAdjustment[]> {
  const rows = await db
    .select(adjustmentColumns)
    .from(budgetAdjustments)
    .leftJoin(maker, eq(maker.id, budgetAdjustments.createdBy))
    .leftJoin(checker, eq(checker.id, budgetAdjustments.approvedBy))
    .where(where)
    .orderBy(desc(budgetAdjustments.adjustmentDate), desc(budgetAdjustments.number));
  const ids = rows.map((r) => r.id);
  const lines =
    ids.length === 0
      ? []
      : await db
          .select({
            adjustmentId: budgetAdjustmentLines.adjustmentId,
            accountId: budgetAdjustmentLines.accountId,
            accountCode: accounts.code,
            accountName: accounts.name,
            month: budgetAdjustmentLines.month,
            amount: budgetAdjustmentLines.amount,
          })
          .from(budgetAdjustmentLines)
          .innerJoin(accounts, eq(accounts.id, budgetAdjustmentLines.accountId))
          .where(inArray(budgetAdjustmentLines.adjustmentId, ids))
          .orderBy(asc(accounts.code), asc(budgetAdjustmentLines.month));
  return rows.map((r) => {
    const own = lines.filter((l) => l.adjustmentId === r.id).map(({ adjustmentId: _, ...l }) => l);
    return {
      ...r,
      total: sum(own.map((l) => l.amount)).toFixed(2),
      createdAt: r.createdAt.toISOString(),
      lines: own,
    };
  });
}

export async function getBudgetAdjustment(db: DbOrTx, id: string): Promise<BudgetAdjustment> {
  const [row] = await listBudgetAdjustments(db, eq(budgetAdjustments.id, id));
  if (!row) throw new NotFoundError('Budget adjustment not found');
  return row;
}
