import { z } from 'zod';
import { money, uuid } from '../common.ts';
import { book, calendarDate } from '../financial-years.ts';
import { type AccountType, accountType } from './chart.ts';
import { reportFormat } from './reports.ts';

/**
 * The year's accounts (#28): the four financial statements of a book, or of the union as a whole
 * (both books, the due-to / due-from pair eliminated), from posted entries only, with the same
 * period of the previous year beside them; the statement lines the accountant maps the chart to;
 * and the auditors' pack.
 */
export const statementBook = z.enum(['collection', 'operation', 'union']);
export type StatementBook = z.infer<typeof statementBook>;

/** Where a statement line sits. The first seven are the statement of financial position's. */
export const STATEMENT_SECTIONS = [
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
export const statementSection = z.enum(STATEMENT_SECTIONS);
export type StatementSection = z.infer<typeof statementSection>;

/** The class of account a section holds: an account only ever shows on a line of its own kind. */
export const SECTION_ACCOUNT_TYPE: Record<StatementSection, AccountType> = {
  non_current_assets: 'asset',
  current_assets: 'asset',
  non_current_liabilities: 'liability',
  current_liabilities: 'liability',
  share_capital: 'equity',
  reserves: 'equity',
  accumulated_surplus: 'equity',
  income: 'income',
  expenditure: 'expense',
};

/** The members' funds sections: the columns of the statement of changes in members' funds. */
export const FUND_SECTIONS = ['share_capital', 'reserves', 'accumulated_surplus'] as const;
export type FundSection = (typeof FUND_SECTIONS)[number];

/** Where a balance sheet line's change shows in the statement of cash flows (indirect method). */
export const cashFlowActivity = z.enum(['operating', 'investing', 'financing']);
export type CashFlowActivity = z.infer<typeof cashFlowActivity>;

const compare = z.enum(['previous-year', 'none']).default('none');

/** GET /api/reports/financial-position */
export const financialPositionQuery = z.object({
  book: statementBook,
  /** Default: today. */
  as_at: calendarDate.optional(),
  compare,
  format: reportFormat.default('json'),
});
export type FinancialPositionQuery = z.infer<typeof financialPositionQuery>;

/** GET /api/reports/income-and-expenditure, cash-flows, changes-in-funds */
export const statementPeriodQuery = z
  .object({
    book: statementBook,
    /** Default: the start of the financial year holding `to`. */
    from: calendarDate.optional(),
    /** Default: today. */
    to: calendarDate.optional(),
    compare,
    format: reportFormat.default('json'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The period must start on or before its end',
    path: ['from'],
  });
export type StatementPeriodQuery = z.infer<typeof statementPeriodQuery>;

/** An amount this period, the same period of the previous year (when asked for) and the change. */
const figures = {
  amount: z.string(),
  comparative: z.string().nullable(),
  change: z.string().nullable(),
};
export const statementFigures = z.object(figures);
export type StatementFigures = z.infer<typeof statementFigures>;

/** An account behind a line: its ledger for the period is the drill-down. */
export const financialStatementAccount = z.object({
  accountId: uuid,
  code: z.string(),
  name: z.string(),
  book,
  ...figures,
});
export type FinancialStatementAccount = z.infer<typeof financialStatementAccount>;

export const financialStatementLine = z.object({
  /** The mapped line's code, or a line the system computes (`current_surplus`, `due_to_operation`...). */
  key: z.string(),
  name: z.string(),
  /** Computed by the system, not from the mapping. */
  system: z.boolean(),
  ...figures,
  accounts: z.array(financialStatementAccount),
});
export type FinancialStatementLine = z.infer<typeof financialStatementLine>;

export const financialStatementSection = z.object({
  key: z.string(),
  name: z.string(),
  lines: z.array(financialStatementLine),
  total: statementFigures,
});
export type FinancialStatementSection = z.infer<typeof financialStatementSection>;

/** The financial year a statement's end date falls in (a closed year's statements are final). */
export const statementYear = z.object({ id: uuid, name: z.string(), status: z.enum(['open', 'closed']) });

const header = {
  book: statementBook,
  year: statementYear.nullable(),
  /** Some account has no line in the mapping: it shows under "Accounts not mapped". */
  unmapped: z.boolean(),
};

/** The due-to / due-from pair removed from the union's statements; `difference` is 0.00 by rule. */
export const interBookElimination = z.object({
  dueToOperation: statementFigures,
  dueFromCollection: statementFigures,
  difference: statementFigures,
});

export const financialPosition = z.object({
  ...header,
  asAt: z.string(),
  comparativeAsAt: z.string().nullable(),
  sections: z.array(financialStatementSection),
  totals: z.object({
    assets: statementFigures,
    liabilities: statementFigures,
    funds: statementFigures,
    liabilitiesAndFunds: statementFigures,
  }),
  elimination: interBookElimination.nullable(),
  /** Assets = liabilities + members' funds, to the cent (and in the comparative). */
  balanced: z.boolean(),
});
export type FinancialPosition = z.infer<typeof financialPosition>;

const period = {
  from: z.string(),
  to: z.string(),
  comparativeFrom: z.string().nullable(),
  comparativeTo: z.string().nullable(),
};

export const incomeAndExpenditure = z.object({
  ...header,
  ...period,
  sections: z.array(financialStatementSection),
  totals: z.object({ income: statementFigures, expenditure: statementFigures, surplus: statementFigures }),
  /** The surplus = the change in accumulated surplus before appropriation. */
  balanced: z.boolean(),
});
export type IncomeAndExpenditure = z.infer<typeof incomeAndExpenditure>;

export const cashFlows = z.object({
  ...header,
  ...period,
  surplus: statementFigures,
  sections: z.array(financialStatementSection),
  netChange: statementFigures,
  openingCash: statementFigures,
  /** Opening cash + the net change. */
  closingCash: statementFigures,
  /** The bank and cash accounts at the end date, read from the books. */
  cashAccounts: z.array(financialStatementAccount),
  cashPerBooks: statementFigures,
  /** The closing cash = the bank and cash accounts at the end date. */
  balanced: z.boolean(),
});
export type CashFlows = z.infer<typeof cashFlows>;

const fundAmounts = z.object({
  share_capital: z.string(),
  reserves: z.string(),
  accumulated_surplus: z.string(),
  total: z.string(),
});
export type FundAmounts = z.infer<typeof fundAmounts>;

export const changesRow = z.object({
  key: z.string(),
  name: z.string(),
  amounts: fundAmounts,
  /** The account a movement row is about (drill-down to its ledger). */
  accountId: uuid.nullable(),
  accountBook: book.nullable(),
});
export type ChangesRow = z.infer<typeof changesRow>;

export const changesBlock = z.object({ from: z.string(), to: z.string(), rows: z.array(changesRow) });
export type ChangesBlock = z.infer<typeof changesBlock>;

export const changesInFunds = z.object({
  ...header,
  ...period,
  columns: z.array(z.object({ key: z.string(), name: z.string() })),
  current: changesBlock,
  comparative: changesBlock.nullable(),
  /** Each column's closing balance = the statement of financial position's at the end date. */
  balanced: z.boolean(),
});
export type ChangesInFunds = z.infer<typeof changesInFunds>;

export const financialPositionReply = z.object({ data: financialPosition });
export const incomeAndExpenditureReply = z.object({ data: incomeAndExpenditure });
export const cashFlowsReply = z.object({ data: cashFlows });
export const changesInFundsReply = z.object({ data: changesInFunds });

/** The line mapping (GET/PUT /api/accounts/statement-lines). */
export const statementLineCode = z
  .string()
  .trim()
  .regex(/^[a-z0-9_-]{1,40}$/, 'Use lower-case letters, digits, - and _ (up to 40)');

export const statementLineDefinition = z.object({
  code: statementLineCode,
  section: statementSection,
  name: z.string().trim().min(1, 'Required').max(120),
  nameSw: z.string().trim().min(1, 'Required').max(120),
  /** Ignored on income and expenditure lines (their flows are the surplus). */
  cashFlow: cashFlowActivity,
  sortOrder: z.number().int().min(0).max(10_000),
});
export type StatementLineDefinition = z.infer<typeof statementLineDefinition>;

export const statementRuleTarget = z.enum(['class', 'group', 'account']);
export type StatementRuleTarget = z.infer<typeof statementRuleTarget>;

/** Accounts of a class, a group or one account go to a line; the most specific rule wins. */
export const statementLineRule = z.object({
  target: statementRuleTarget,
  targetId: uuid,
  line: statementLineCode,
});
export type StatementLineRule = z.infer<typeof statementLineRule>;

export const saveStatementMappingBody = z.object({
  lines: z.array(statementLineDefinition).min(1).max(200),
  rules: z.array(statementLineRule).max(5000),
});
export type SaveStatementMappingBody = z.infer<typeof saveStatementMappingBody>;

export const statementMappingTarget = z.object({
  id: uuid,
  code: z.string(),
  name: z.string(),
  type: accountType,
  /** An account's book; null for a class or group (shared by both books). */
  book: book.nullable(),
});
export type StatementMappingTarget = z.infer<typeof statementMappingTarget>;

export const statementMapping = z.object({
  lines: z.array(statementLineDefinition),
  rules: z.array(statementLineRule),
  classes: z.array(statementMappingTarget),
  groups: z.array(statementMappingTarget),
  /** The accounts that have a rule of their own. */
  accounts: z.array(statementMappingTarget),
});
export type StatementMapping = z.infer<typeof statementMapping>;
export const statementMappingReply = z.object({ data: statementMapping });
export const statementMappingSavedReply = z.object({ message: z.string(), data: statementMapping });

/** GET /api/reports/audit-pack: one zip for a financial year. */
export const auditPackQuery = z.object({
  financial_year_id: uuid,
  /** Journal entries whose total is at least this are listed (TZS). */
  threshold: money
    .refine((v) => !v.startsWith('-'), 'The threshold cannot be negative')
    .default('1000000.00'),
});
export type AuditPackQuery = z.infer<typeof auditPackQuery>;

/**
 * GET /api/financial-years/{id}/surplus: a closed year's accumulated surplus, per book and for the
 * union, from the statement of changes in members' funds over the year (the surplus the AGM shares,
 * #32). Every amount is the accumulated surplus column; `beforeAppropriation` = `opening` +
 * `surplus`, and `closing` = `beforeAppropriation` − `appropriated` = the statement of financial
 * position's accumulated surplus at the year end.
 */
export const yearSurplusBook = z.object({
  book: statementBook,
  /** At the start of the year: what earlier years left in the accumulated surplus. */
  opening: z.string(),
  /** Income less expenditure of the year (the statement of income and expenditure's surplus). */
  surplus: z.string(),
  /** The accumulated surplus before appropriation: opening + the year's surplus. */
  beforeAppropriation: z.string(),
  /** Moved out of the accumulated surplus during the year (to reserves, dividends...). */
  appropriated: z.string(),
  /** At the year end, after what was appropriated during the year. */
  closing: z.string(),
});
export type YearSurplusBook = z.infer<typeof yearSurplusBook>;
export const yearSurplus = z.object({
  year: z.object({ id: uuid, name: z.string(), startDate: z.string(), endDate: z.string() }),
  /** union, collection, operation. */
  books: z.array(yearSurplusBook),
});
export type YearSurplus = z.infer<typeof yearSurplus>;
export const yearSurplusReply = z.object({ data: yearSurplus });
