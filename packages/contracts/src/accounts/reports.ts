import { z } from 'zod';
import { uuid, wholeNumber } from '../common.ts';
import { book, calendarDate } from '../financial-years.ts';
import { accountType } from './chart.ts';

export const reportFormat = z.enum(['json', 'xlsx', 'pdf']);

export const trialBalanceQuery = z.object({
  book,
  /** Default: today. */
  as_at: calendarDate.optional(),
  /** Start of the period; default: the start of the financial year holding as_at. */
  from: calendarDate.optional(),
  format: reportFormat.default('json'),
});
export type TrialBalanceQuery = z.infer<typeof trialBalanceQuery>;

const sides = {
  openingDebit: z.string(),
  openingCredit: z.string(),
  periodDebit: z.string(),
  periodCredit: z.string(),
  closingDebit: z.string(),
  closingCredit: z.string(),
};
export const trialBalanceRow = z.object({
  accountId: uuid,
  code: z.string(),
  name: z.string(),
  type: accountType,
  ...sides,
});
export type TrialBalanceRow = z.infer<typeof trialBalanceRow>;
export const trialBalance = z.object({
  book,
  from: z.string(),
  asAt: z.string(),
  rows: z.array(trialBalanceRow),
  totals: z.object(sides),
  balanced: z.boolean(),
});
export type TrialBalance = z.infer<typeof trialBalance>;

export const generalLedgerQuery = z.object({
  account_id: uuid,
  from: calendarDate,
  to: calendarDate,
  /** Opaque cursor from the previous page's `nextCursor`. */
  after: z.string().max(200).optional(),
  limit: wholeNumber({ min: 1, max: 500, message: 'The limit is a whole number up to 500' }).default(50),
  format: reportFormat.default('json'),
});
export type GeneralLedgerQuery = z.infer<typeof generalLedgerQuery>;
export const generalLedgerLine = z.object({
  lineId: uuid,
  entryId: uuid,
  entryNumber: z.string(),
  entryDate: z.string(),
  narration: z.string(),
  description: z.string().nullable(),
  partyName: z.string().nullable(),
  debit: z.string(),
  credit: z.string(),
  /** Debit minus credit, running from the opening balance. */
  balance: z.string(),
});
export type GeneralLedgerLine = z.infer<typeof generalLedgerLine>;
export const generalLedger = z.object({
  account: z.object({ id: uuid, code: z.string(), name: z.string(), book, type: accountType }),
  from: z.string(),
  to: z.string(),
  openingBalance: z.string(),
  /** The balance before the first line of this page. */
  pageOpeningBalance: z.string(),
  closingBalance: z.string(),
  lines: z.array(generalLedgerLine),
  nextCursor: z.string().nullable(),
});
export type GeneralLedger = z.infer<typeof generalLedger>;

export const budgetVsActualQuery = z.object({ budget_id: uuid, format: reportFormat.default('json') });

/** Control accounts beside their sub-ledgers (#16): every difference shown, never hidden. */
/** As at now: the sub-ledgers (open invoices, loans, payment lines) are current figures. */
export const controlAccountsQuery = z.object({ format: reportFormat.default('json') });
export const controlCheck = z.object({
  key: z.string(),
  /** What is compared, e.g. "Buyer receivables". */
  name: z.string(),
  /** The book(s) of the control account(s). */
  book: z.enum(['collection', 'operation', 'both']),
  /** The control account(s) read, as "code name (book)" in the reader's language. */
  accounts: z.array(z.string()),
  /** What the sub-ledger is, e.g. "open invoices - unallocated receipts". */
  subledger: z.string(),
  controlBalance: z.string(),
  subledgerBalance: z.string(),
  /** control - sub-ledger; "0.00" when they agree. */
  difference: z.string(),
});
export type ControlCheck = z.infer<typeof controlCheck>;
export const controlAccounts = z.object({
  asAt: z.string(),
  checks: z.array(controlCheck),
  /** Every difference is zero. */
  agreed: z.boolean(),
});
export type ControlAccounts = z.infer<typeof controlAccounts>;
export const controlAccountsReply = z.object({ data: controlAccounts });
