import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../../db/columns.ts';
import { financialYears } from '../../financial-years/schema.ts';
import { accounts, BOOKS } from '../schema.ts';

/**
 * Journal entries: draft -> posted -> reversed. The accounts_triggers migration adds the rules
 * the database enforces: a posted entry balances (deferred constraint trigger), posted entries and
 * lines cannot change (except posted -> reversed), and account_period_balances follow the lines.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: id(),
    number: text('number').notNull().unique(),
    entryDate: date('entry_date').notNull(),
    book: text('book', { enum: BOOKS }).notNull(),
    financialYearId: uuid('financial_year_id')
      .notNull()
      .references(() => financialYears.id),
    narration: text('narration').notNull(),
    /** A narration the system wrote from a template, in Swahili (narrations.ts); null for a person's own. */
    narrationSw: text('narration_sw'),
    reference: text('reference'),
    source: text('source', {
      enum: ['journal', 'payment', 'receipt', 'bank_transfer', 'event', 'reversal'],
    }).notNull(),
    sourceType: text('source_type'),
    sourceId: uuid('source_id'),
    status: text('status', { enum: ['draft', 'posted', 'reversed'] })
      .notNull()
      .default('draft'),
    total: numeric('total', { precision: 18, scale: 2 }).notNull(),
    createdBy: uuid('created_by'),
    approvedBy: uuid('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    reversalOfId: uuid('reversal_of_id'),
    reversedById: uuid('reversed_by_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('journal_entries_date_idx').on(t.entryDate, t.id),
    index('journal_entries_source_idx').on(t.sourceType, t.sourceId),
    /** Drafts waiting for an approver (the inbox, #27): a few among a year's postings. */
    index('journal_entries_draft_idx').on(t.createdAt).where(sql`${t.status} = 'draft'`),
    check('journal_entries_status_check', sql`${t.status} in ('draft', 'posted', 'reversed')`),
  ],
);

export const journalLines = pgTable(
  'journal_lines',
  {
    id: id(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    lineNo: integer('line_no').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** Copied from the entry: the general ledger reads lines by account and date alone. */
    entryDate: date('entry_date').notNull(),
    posted: boolean('posted').notNull().default(false),
    debit: numeric('debit', { precision: 18, scale: 2 }).notNull().default('0'),
    credit: numeric('credit', { precision: 18, scale: 2 }).notNull().default('0'),
    currency: text('currency').notNull().default('TZS'),
    currencyAmount: numeric('currency_amount', { precision: 18, scale: 2 }).notNull(),
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull().default('1'),
    description: text('description'),
    partyType: text('party_type'),
    partyId: uuid('party_id'),
    partyName: text('party_name'),
  },
  (t) => [
    index('journal_lines_entry_idx').on(t.entryId),
    // Rebuilt with INCLUDE (debit, credit) in migration 0004_accounts_triggers.
    index('journal_lines_gl_idx').on(t.accountId, t.entryDate, t.id).where(sql`posted`),
    index('journal_lines_date_idx').on(t.entryDate).where(sql`posted`),
    check(
      'journal_lines_one_side_check',
      sql`${t.debit} >= 0 and ${t.credit} >= 0 and (${t.debit} = 0) <> (${t.credit} = 0)`,
    ),
  ],
);

/** Posted debits and credits per account and month, kept by trigger in the posting transaction. */
export const accountPeriodBalances = pgTable(
  'account_period_balances',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The first day of the month. */
    period: date('period').notNull(),
    debit: numeric('debit', { precision: 20, scale: 2 }).notNull().default('0'),
    credit: numeric('credit', { precision: 20, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.period] }),
    index('account_period_balances_period_idx').on(t.period),
  ],
);
