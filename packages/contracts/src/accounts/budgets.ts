import { z } from 'zod';
import { listQuery, money, uuid } from '../common.ts';
import { book, calendarDate } from '../financial-years.ts';

export const budgetStatus = z.enum(['draft', 'approved']);
const months = z.array(money).length(12, 'Give twelve monthly amounts');

export const createBudgetBody = z.object({
  name: z.string().trim().min(1, 'Required').max(120),
  financialYearId: uuid,
  book,
  /** One row per account: twelve amounts, month 1 being the first month of the financial year. */
  lines: z.array(z.object({ accountId: uuid, months })).min(1, 'Add at least one account'),
});
export type CreateBudgetBody = z.infer<typeof createBudgetBody>;

export const budgetLine = z.object({
  accountId: uuid,
  accountCode: z.string(),
  accountName: z.string(),
  months: z.array(z.string()),
  total: z.string(),
});
export const budget = z.object({
  id: uuid,
  number: z.string(),
  name: z.string(),
  financialYearId: uuid,
  financialYearName: z.string(),
  book,
  status: budgetStatus,
  total: z.string(),
  createdBy: uuid.nullable(),
  createdByName: z.string().nullable(),
  approvedByName: z.string().nullable(),
  approvedAt: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(budgetLine),
});
export type Budget = z.infer<typeof budget>;
export const budgetListQuery = listQuery.extend({ status: budgetStatus.optional(), book: book.optional() });
export type BudgetListQuery = z.infer<typeof budgetListQuery>;
export const budgetReply = z.object({ message: z.string(), data: budget });
export const budgetDetailReply = z.object({ data: budget });

export const createBudgetAdjustmentBody = z.object({
  budgetId: uuid,
  adjustmentDate: calendarDate,
  reason: z.string().trim().min(1, 'Required').max(300),
  /** Signed changes: "-50000.00" lowers the month's budget. */
  lines: z
    .array(z.object({ accountId: uuid, month: z.number().int().min(1).max(12), amount: money }))
    .min(1, 'Add at least one line'),
});
export type CreateBudgetAdjustmentBody = z.infer<typeof createBudgetAdjustmentBody>;
export const budgetAdjustment = z.object({
  id: uuid,
  number: z.string(),
  budgetId: uuid,
  adjustmentDate: z.string(),
  reason: z.string(),
  status: budgetStatus,
  total: z.string(),
  createdByName: z.string().nullable(),
  approvedByName: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(
    z.object({
      accountId: uuid,
      accountCode: z.string(),
      accountName: z.string(),
      month: z.number(),
      amount: z.string(),
    }),
  ),
});
export type BudgetAdjustment = z.infer<typeof budgetAdjustment>;
export const budgetAdjustmentReply = z.object({ message: z.string(), data: budgetAdjustment });
export const budgetAdjustmentDetailReply = z.object({ data: budgetAdjustment });

export const budgetVsActualRow = z.object({
  accountId: uuid,
  accountCode: z.string(),
  accountName: z.string(),
  type: z.string(),
  budget: z.string(),
  adjustments: z.string(),
  revised: z.string(),
  actual: z.string(),
  variance: z.string(),
});
export type BudgetVsActualRow = z.infer<typeof budgetVsActualRow>;
