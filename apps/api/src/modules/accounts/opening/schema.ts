import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authorship, creation, id, money, stamp } from '../../../db/columns.ts';
import { journalEntries } from '../journal/schema.ts';
import { accounts, BOOKS } from '../schema.ts';

/**
 * Each book's go-live (#36): nothing is posted into the book before `go_live_date` (a trigger on
 * journal entries, migration 0053) except the opening position, dated the day before, which is
 * posted against `opening_account_id` and must leave it at zero. `live` once confirmed at zero.
 */
export const bookOpenings = pgTable(
  'book_openings',
  {
    book: text('book', { enum: BOOKS }).primaryKey(),
    goLiveDate: date('go_live_date').notNull(),
    openingAccountId: uuid('opening_account_id')
      .notNull()
      .references(() => accounts.id),
    status: text('status', { enum: ['setting_up', 'live'] })
      .notNull()
      .default('setting_up'),
    ...stamp('confirmed'),
    ...authorship(),
  },
  (t) => [
    check('book_openings_book_check', sql`${t.book} in ('collection', 'operation')`),
    check('book_openings_status_check', sql`${t.status} in ('setting_up', 'live')`),
  ],
);

export const OPENING_IMPORT_KINDS = [
  'trial_balance',
  'farmer_loans',
  'buyer_invoices',
  'supplier_invoices',
  'stock',
  'bank_balances',
  'crop_lots',
  'buyer_credits',
] as const;

/**
 * One imported opening file: all its rows went in together, or none. The same file (its SHA-256)
 * is never imported twice while an import of it stands; one trial balance per book.
 */
export const openingImports = pgTable(
  'opening_imports',
  {
    id: id(),
    book: text('book', { enum: BOOKS }).notNull(),
    kind: text('kind', { enum: OPENING_IMPORT_KINDS }).notNull(),
    fileName: text('file_name').notNull(),
    fileHash: text('file_hash').notNull(),
    rows: integer('rows').notNull(),
    total: money('total').notNull(),
    /** The posting of a trial balance (sub-ledgers post nothing: the trial balance holds them). */
    entryId: uuid('entry_id').references(() => journalEntries.id),
    status: text('status', { enum: ['imported', 'reversed'] })
      .notNull()
      .default('imported'),
    reversalReason: text('reversal_reason'),
    ...stamp('reversed'),
    ...creation(),
  },
  (t) => [
    uniqueIndex('opening_imports_same_file_unique')
      .on(t.kind, t.fileHash)
      .where(sql`${t.status} = 'imported'`),
    uniqueIndex('opening_imports_one_trial_balance_unique')
      .on(t.book)
      .where(sql`${t.status} = 'imported' and ${t.kind} = 'trial_balance'`),
    check(
      'opening_imports_kind_check',
      sql`${t.kind} in ('trial_balance', 'farmer_loans', 'buyer_invoices', 'supplier_invoices', 'stock', 'bank_balances', 'crop_lots', 'buyer_credits')`,
    ),
    check('opening_imports_status_check', sql`${t.status} in ('imported', 'reversed')`),
  ],
);

/** The sub-ledger records an opening import made (loans, invoices, stock), for its reversal. */
export const openingRecords = pgTable(
  'opening_records',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => openingImports.id),
    recordType: text('record_type').notNull(),
    recordId: uuid('record_id').notNull(),
  },
  (t) => [index('opening_records_import_idx').on(t.importId)],
);
