import { sql } from 'drizzle-orm';
import { check, date, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { authorship, id, stamp } from '../../db/columns.ts';

/**
 * Financial years: exactly one open (partial unique index), never overlapping (an exclusion
 * constraint in the accounts_triggers migration), each book lockable up to a date.
 */
export const financialYears = pgTable(
  'financial_years',
  {
    id: id(),
    name: text('name').notNull().unique(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    collectionLockedUntil: date('collection_locked_until'),
    operationLockedUntil: date('operation_locked_until'),
    ...stamp('closed'),
    ...authorship(),
  },
  (t) => [
    uniqueIndex('financial_years_one_open_idx').on(t.status).where(sql`status = 'open'`),
    check('financial_years_dates_check', sql`${t.endDate} > ${t.startDate}`),
    check('financial_years_status_check', sql`${t.status} in ('open', 'closed')`),
  ],
);
