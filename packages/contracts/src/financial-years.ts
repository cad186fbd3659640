import { z } from 'zod';
import { listQuery, uuid } from './common.ts';

/** A calendar date on the wire: `2026-11-21`. */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD')
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'Not a real date',
  );

export const book = z.enum(['collection', 'operation']);
export type Book = z.infer<typeof book>;

export const financialYearStatus = z.enum(['open', 'closed']);

export const financialYear = z.object({
  id: uuid,
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: financialYearStatus,
  /** Nothing posts into the book on or before this date. */
  collectionLockedUntil: z.string().nullable(),
  operationLockedUntil: z.string().nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type FinancialYear = z.infer<typeof financialYear>;

export const createFinancialYearBody = z
  .object({
    name: z.string().trim().min(1, 'Required').max(40),
    startDate: calendarDate,
    endDate: calendarDate,
  })
  .refine((b) => b.endDate > b.startDate, { message: 'The end must be after the start', path: ['endDate'] });
export type CreateFinancialYearBody = z.infer<typeof createFinancialYearBody>;

export const updateFinancialYearBody = z.object({
  name: z.string().trim().min(1, 'Required').max(40).optional(),
  collectionLockedUntil: calendarDate.nullable().optional(),
  operationLockedUntil: calendarDate.nullable().optional(),
});
export type UpdateFinancialYearBody = z.infer<typeof updateFinancialYearBody>;

export const financialYearListQuery = listQuery.extend({ status: financialYearStatus.optional() });
export type FinancialYearListQuery = z.infer<typeof financialYearListQuery>;

/** POST /api/financial-years/{id}/reopen: why the closed year is opened again (it is logged). */
export const reopenFinancialYearBody = z.object({
  reason: z.string().trim().min(5, 'Say why the year is reopened (at least 5 characters)').max(500),
});
export type ReopenFinancialYearBody = z.infer<typeof reopenFinancialYearBody>;

export const financialYearReply = z.object({ message: z.string(), data: financialYear });
export const financialYearDetailReply = z.object({ data: financialYear });

/** What closing a year posts per book: the year's income and expenses into retained earnings. */
export const yearClosing = z.object({
  /** The closing entries' date: the year's last day. */
  date: z.string(),
  books: z.array(
    z.object({
      book,
      income: z.string(),
      expenses: z.string(),
      /** Income minus expenses: a surplus is credited to retained earnings, a deficit debited. */
      result: z.string(),
      /** Income and expense accounts with a balance to close. */
      accounts: z.number().int(),
      retainedEarnings: z.object({ id: uuid, code: z.string(), name: z.string() }).nullable(),
    }),
  ),
});
export type YearClosing = z.infer<typeof yearClosing>;
export const yearClosingReply = z.object({ data: yearClosing });
