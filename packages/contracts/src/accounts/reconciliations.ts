import { z } from 'zod';
import { money, uuid, wholeNumber } from '../common.ts';
import { book, calendarDate } from '../financial-years.ts';
import { entryStatus } from './journal.ts';

/** How a bank's CSV columns map to a statement line; saved per bank/cash account. */
export const statementDateFormat = z.enum(['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY']);
const column = z.string().trim().min(1).max(80);
export const csvMapping = z
  .object({
    date: column,
    valueDate: column.optional(),
    reference: column.optional(),
    description: column.optional(),
    /** Either one signed amount column (negative = money out) or two columns, in and out. */
    amount: column.optional(),
    amountIn: column.optional(),
    amountOut: column.optional(),
    balance: column.optional(),
    dateFormat: statementDateFormat.default('YYYY-MM-DD'),
  })
  .refine((m) => m.amount !== undefined || (m.amountIn !== undefined && m.amountOut !== undefined), {
    message: 'Map one amount column, or both the money-in and money-out columns',
    path: ['amount'],
  });
export type CsvMapping = z.infer<typeof csvMapping>;

export const statementFormat = z.enum(['csv', 'camt053']);
export const importStatementBody = z.object({
  accountId: uuid,
  format: statementFormat,
  fileName: z.string().trim().max(200).optional(),
  /** The file's text (CSV or XML). */
  content: z.string().min(1, 'The file is empty'),
  /** CSV only: the mapping to use and save for the account; the saved one when absent. */
  mapping: csvMapping.optional(),
});
export type ImportStatementBody = z.infer<typeof importStatementBody>;
export const importStatementReply = z.object({
  message: z.string(),
  data: z.object({
    statementId: uuid,
    linesRead: z.number(),
    linesAdded: z.number(),
    linesSkipped: z.number(),
    /** camt.053 entries not booked yet (pending, information only): not imported. */
    linesNotBooked: z.number(),
  }),
});
export type ImportStatementReply = z.infer<typeof importStatementReply>;

export const reconciliationAccount = z.object({
  id: uuid,
  code: z.string(),
  name: z.string(),
  book,
  currency: z.string(),
  bankName: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  mapping: csvMapping.nullable(),
  unmatchedLines: z.number(),
});
export type ReconciliationAccount = z.infer<typeof reconciliationAccount>;

export const statementLine = z.object({
  id: uuid,
  lineDate: z.string(),
  valueDate: z.string().nullable(),
  reference: z.string().nullable(),
  description: z.string(),
  amountIn: z.string(),
  amountOut: z.string(),
  balance: z.string().nullable(),
  matchId: uuid.nullable(),
  /** The journal entry recorded from the line (a bank charge), with its state as the journal shows it. */
  entryId: uuid.nullable(),
  entryNumber: z.string().nullable(),
  entryStatus: entryStatus.nullable(),
});
export type StatementLine = z.infer<typeof statementLine>;

/** A posted journal line of the account, in the account's currency. */
export const bookLine = z.object({
  id: uuid,
  entryId: uuid,
  entryNumber: z.string(),
  entryDate: z.string(),
  reference: z.string().nullable(),
  description: z.string(),
  debit: z.string(),
  credit: z.string(),
  matchId: uuid.nullable(),
});
export type BookLine = z.infer<typeof bookLine>;

/** payout_batch: one bank debit for a payment batch paid through a payout provider (sent plus fees, #30). */
export const matchReason = z.enum(['reference', 'amount_date', 'batch', 'payout_batch', 'manual']);
export type MatchReason = z.infer<typeof matchReason>;
/** Usually statement lines against book lines; also a book entry and its reversal (no statement line). */
export const matchProposal = z
  .object({
    reason: matchReason,
    statementLineIds: z.array(uuid).max(1000).default([]),
    journalLineIds: z.array(uuid).max(1000).default([]),
  })
  .refine((m) => m.statementLineIds.length + m.journalLineIds.length >= 2, {
    message: 'Choose at least two lines to match',
    path: ['statementLineIds'],
  });
export type MatchProposal = z.infer<typeof matchProposal>;
export type MatchProposalInput = z.input<typeof matchProposal>;
/** An automatic match: the lines, why they matched, the amount and the days between them. */
export const matchSuggestion = z.object({
  reason: matchReason,
  statementLineIds: z.array(uuid),
  journalLineIds: z.array(uuid),
  amount: z.string(),
  days: z.number(),
});
export type MatchSuggestion = z.infer<typeof matchSuggestion>;

export const matchingQuery = z.object({
  search: z.string().trim().max(100).optional(),
  /** Show matched lines too (default: unmatched only). */
  matched: z.enum(['true', 'false']).default('false'),
  page: wholeNumber({ min: 1, max: 1_000_000, message: 'The page is a whole number' }).default(1),
  per_page: wholeNumber({ min: 1, max: 200, message: 'Rows per page: a whole number up to 200' }).default(50),
});
export type MatchingQuery = z.infer<typeof matchingQuery>;
export const matchingReply = z.object({
  data: z.object({
    statementLines: z.array(statementLine),
    statementTotal: z.number(),
    bookLines: z.array(bookLine),
    bookTotal: z.number(),
  }),
});
export const suggestionsQuery = z.object({
  days: wholeNumber({ min: 0, max: 60, message: 'Days: a whole number up to 60' }).default(3),
});
export const suggestionsReply = z.object({ data: z.array(matchSuggestion) });
export const acceptMatchesBody = z.object({ matches: z.array(matchProposal).min(1).max(50000) });
export const acceptMatchesReply = z.object({ message: z.string(), data: z.object({ matched: z.number() }) });

/** Bank charges or interest found only on the statement: a draft journal entry (normal approval). */
export const statementEntryBody = z.object({
  statementLineId: uuid,
  /** The other side: bank charges expense, interest income... */
  counterAccountId: uuid,
  narration: z.string().trim().min(1).max(300).optional(),
});

export const openReconciliationBody = z.object({
  accountId: uuid,
  statementDate: calendarDate,
  statementBalance: money,
});
export const outstandingItem = z.object({
  kind: z.enum(['uncredited_deposit', 'unpresented_payment', 'bank_only']),
  date: z.string(),
  reference: z.string().nullable(),
  description: z.string(),
  amount: z.string(),
});
export type OutstandingItem = z.infer<typeof outstandingItem>;
export const reconciliation = z.object({
  id: uuid,
  accountId: uuid,
  accountCode: z.string(),
  accountName: z.string(),
  book,
  currency: z.string(),
  statementDate: z.string(),
  status: z.enum(['open', 'closed']),
  balancePerBank: z.string(),
  uncreditedDeposits: z.string(),
  unpresentedPayments: z.string(),
  /** Statement lines up to the date with no book line (charges not yet booked): must be 0 to close. */
  bankOnlyItems: z.string(),
  balancePerBooks: z.string(),
  /** bank + uncredited - unpresented - books: 0.00 to close. */
  difference: z.string(),
  items: z.array(outstandingItem),
  closedAt: z.string().nullable(),
  closedByName: z.string().nullable(),
});
export type Reconciliation = z.infer<typeof reconciliation>;
export const reconciliationReply = z.object({ message: z.string(), data: reconciliation });
export const reconciliationDetailReply = z.object({ data: reconciliation });
export const reconciliationSummary = reconciliation.omit({ items: true });
export const reconciliationListReply = z.object({ data: z.array(reconciliationSummary) });
export const reconciliationAccountsReply = z.object({ data: z.array(reconciliationAccount) });
export const reconciliationFormatQuery = z.object({
  format: z.enum(['json', 'pdf', 'xlsx']).default('json'),
});
export const reconciliationListQuery = z.object({ account_id: uuid.optional() });
/** The column-mapping step: the CSV's header and first rows. */
export const csvPreviewBody = z.object({ content: z.string().min(1, 'The file is empty') });
export const csvPreviewReply = z.object({
  data: z.object({ headers: z.array(z.string()), rows: z.array(z.array(z.string())) }),
});
