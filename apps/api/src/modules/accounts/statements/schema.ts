import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, updatedAt } from '../../../db/columns.ts';
import { accountClasses, accountGroups, accounts } from '../schema.ts';

const SECTIONS = [
  'non_current_assets',
  'current_assets',
  'non_current_liabilities',
  'current_liabilities',
  'share_capital',
  'reserves',
  'accumulated_surplus',
  'income',
  'expenditure',
] as const;

/**
 * The lines of the financial statements (#28), seeded for the default chart in English and
 * Swahili; the accountant renames, adds and removes them. `cash_flow` is the activity a balance
 * sheet line's change shows under in the statement of cash flows.
 */
export const statementLines = pgTable(
  'statement_lines',
  {
    code: text('code').primaryKey(),
    section: text('section', { enum: SECTIONS }).notNull(),
    name: text('name').notNull(),
    nameSw: text('name_sw').notNull(),
    cashFlow: text('cash_flow', { enum: ['operating', 'investing', 'financing'] })
      .notNull()
      .default('operating'),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'statement_lines_section_check',
      sql.raw(`section in (${SECTIONS.map((s) => `'${s}'`).join(', ')})`),
    ),
    check('statement_lines_cash_flow_check', sql`${t.cashFlow} in ('operating', 'investing', 'financing')`),
  ],
);

/**
 * Which line a class, a group or one account goes to: exactly one of the three targets per rule,
 * one rule per target. An account's own rule wins over its group's, a group's over its class's.
 */
export const statementLineRules = pgTable(
  'statement_line_rules',
  {
    id: id(),
    lineCode: text('line_code')
      .notNull()
      .references(() => statementLines.code),
    classId: uuid('class_id').references(() => accountClasses.id),
    groupId: uuid('group_id').references(() => accountGroups.id),
    accountId: uuid('account_id').references(() => accounts.id),
  },
  (t) => [
    check('statement_line_rules_one_target_check', sql`num_nonnulls(class_id, group_id, account_id) = 1`),
    uniqueIndex('statement_line_rules_class_key').on(t.classId),
    uniqueIndex('statement_line_rules_group_key').on(t.groupId),
    uniqueIndex('statement_line_rules_account_key').on(t.accountId),
  ],
);
