import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { approval, creation, id } from '../../../db/columns.ts';
import { financialYears } from '../../financial-years/schema.ts';
import { accounts, BOOKS } from '../schema.ts';

const STATUSES = ['draft', 'approved'] as const;

export const budgets = pgTable('budgets', {
  id: id(),
  number: text('number').notNull().unique(),
  name: text('name').notNull(),
  financialYearId: uuid('financial_year_id')
    .notNull()
    .references(() => financialYears.id),
  book: text('book', { enum: BOOKS }).notNull(),
  status: text('status', { enum: STATUSES }).notNull().default('draft'),
  ...approval(),
  ...creation(),
});

/** An amount for one account in one month of the financial year (a budget line, an adjustment line). */
const accountMonthAmount = () => ({
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id),
  month: integer('month').notNull(),
  amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
});

/** One amount per account and month; month 1 is the first month of the financial year. */
export const budgetLines = pgTable(
  'budget_lines',
  {
    id: id(),
    budgetId: uuid('budget_id')
      .notNull()
      .references(() => budgets.id),
    ...accountMonthAmount(),
  },
  (t) => [
    unique('budget_lines_key').on(t.budgetId, t.accountId, t.month),
    check('budget_lines_month_check', sql`${t.month} between 1 and 12`),
  ],
);

export const budgetAdjustments = pgTable(
  'budget_adjustments',
  {
    id: id(),
    number: text('number').notNull().unique(),
    budgetId: uuid('budget_id')
      .notNull()
      .references(() => budgets.id),
    adjustmentDate: date('adjustment_date').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: STATUSES }).notNull().default('draft'),
    ...approval(),
    ...creation(),
  },
  (t) => [index('budget_adjustments_budget_idx').on(t.budgetId)],
);

export const budgetAdjustmentLines = pgTable(
  'budget_adjustment_lines',
  {
    id: id(),
    adjustmentId: uuid('adjustment_id')
      .notNull()
      .references(() => budgetAdjustments.id),
    ...accountMonthAmount(),
  },
  (t) => [
    index('budget_adjustment_lines_adjustment_idx').on(t.adjustmentId),
    check('budget_adjustment_lines_month_check', sql`${t.month} between 1 and 12`),
  ],
);
