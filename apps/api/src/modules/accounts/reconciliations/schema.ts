import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, creation, id, stamp } from '../../../db/columns.ts';
import { journalEntries, journalLines } from '../journal/schema.ts';
import { accounts } from '../schema.ts';

const amount = (name: string) => numeric(name, { precision: 18, scale: 2 });

/** The CSV column mapping saved per bank/cash account: the second import is one click. */
export const bankStatementMappings = pgTable('bank_statement_mappings', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id),
  mapping: jsonb('mapping').notNull(),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One imported file (CSV or camt.053). */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    format: text('format', { enum: ['csv', 'camt053'] }).notNull(),
    fileName: text('file_name'),
    linesRead: integer('lines_read').notNull(),
    linesAdded: integer('lines_added').notNull(),
    importedBy: uuid('imported_by'),
    createdAt: createdAt(),
  },
  (t) => [index('bank_statements_account_idx').on(t.accountId)],
);

/** A match: statement lines and book (journal) lines of one account whose amounts agree. */
export const bankMatches = pgTable(
  'bank_matches',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    reason: text('reason', {
      enum: ['reference', 'amount_date', 'batch', 'payout_batch', 'manual'],
    }).notNull(),
    /** Set when the reconciliation that cleared it closes: the match is then locked. */
    reconciliationId: uuid('reconciliation_id'),
    ...creation(),
  },
  (t) => [index('bank_matches_account_idx').on(t.accountId)],
);

export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => bankStatements.id),
    lineDate: date('line_date').notNull(),
    valueDate: date('value_date'),
    reference: text('reference'),
    description: text('description').notNull().default(''),
    amountIn: amount('amount_in').notNull().default('0'),
    amountOut: amount('amount_out').notNull().default('0'),
    balance: amount('balance'),
    /** The bank's reference when it has one, else a hash of the line: never imported twice. */
    dedupKey: text('dedup_key').notNull(),
    matchId: uuid('match_id').references(() => bankMatches.id),
    /** A draft journal entry made from this line (bank charges, interest). */
    entryId: uuid('entry_id').references(() => journalEntries.id),
  },
  (t) => [
    unique('bank_statement_lines_dedup_key').on(t.accountId, t.dedupKey),
    index('bank_statement_lines_account_date_idx').on(t.accountId, t.lineDate),
    index('bank_statement_lines_match_idx').on(t.matchId),
    check(
      'bank_statement_lines_one_side_check',
      sql`${t.amountIn} >= 0 and ${t.amountOut} >= 0 and (${t.amountIn} = 0) <> (${t.amountOut} = 0)`,
    ),
  ],
);

/** Book lines in a match (journal lines are immutable once posted, so the link lives here). */
export const bankMatchedBookLines = pgTable(
  'bank_matched_book_lines',
  {
    journalLineId: uuid('journal_line_id')
      .primaryKey()
      .references(() => journalLines.id),
    matchId: uuid('match_id')
      .notNull()
      .references(() => bankMatches.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
  },
  (t) => [
    index('bank_matched_book_lines_match_idx').on(t.matchId),
    index('bank_matched_book_lines_account_idx').on(t.accountId),
  ],
);

/** A reconciliation as at a statement date; closed only when it balances, then locked. */
export const bankReconciliations = pgTable(
  'bank_reconciliations',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    statementDate: date('statement_date').notNull(),
    statementBalance: amount('statement_balance').notNull(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    /** Figures frozen at close. */
    bookBalance: amount('book_balance'),
    uncreditedDeposits: amount('uncredited_deposits'),
    unpresentedPayments: amount('unpresented_payments'),
    /** The whole statement as closed (items included): what the PDF and xlsx print ever after. */
    snapshot: jsonb('snapshot'),
    ...stamp('closed'),
    ...creation(),
  },
  (t) => [
    unique('bank_reconciliations_account_date_key').on(t.accountId, t.statementDate),
    check('bank_reconciliations_status_check', sql`${t.status} in ('open', 'closed')`),
  ],
);
