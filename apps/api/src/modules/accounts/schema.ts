import { sql } from 'drizzle-orm';
import { boolean, check, date, index, numeric, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { authorship, id, timestamps, updatedAt } from '../../db/columns.ts';

export const BOOKS = ['collection', 'operation'] as const;
export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;

/** The five classes; fixed, seeded at start. */
export const accountClasses = pgTable('account_classes', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** The Swahili name of a class the system created (#35). */
  nameSw: text('name_sw'),
  type: text('type', { enum: ACCOUNT_TYPES }).notNull().unique(),
  normalBalance: text('normal_balance', { enum: ['debit', 'credit'] }).notNull(),
});

export const accountGroups = pgTable(
  'account_groups',
  {
    id: id(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    /** The Swahili name of a group the system created (#35). */
    nameSw: text('name_sw'),
    classId: uuid('class_id')
      .notNull()
      .references(() => accountClasses.id),
    active: boolean('active').notNull().default(true),
    ...authorship(),
  },
  (t) => [index('account_groups_class_idx').on(t.classId)],
);

export const currencies = pgTable('currencies', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  symbol: text('symbol'),
  isBase: boolean('is_base').notNull().default(false),
  active: boolean('active').notNull().default(true),
  ...timestamps(),
});

/** TZS per one unit of the currency, from `rate_date` until the next rate. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: id(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    rateDate: date('rate_date').notNull(),
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
    ...authorship(),
  },
  (t) => [
    unique('exchange_rates_currency_date_key').on(t.currency, t.rateDate),
    check('exchange_rates_positive_check', sql`${t.rate} > 0`),
  ],
);

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** The Swahili name the system gives a default account (Swahili screens show it); null otherwise. */
    nameSw: text('name_sw'),
    book: text('book', { enum: BOOKS }).notNull(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => accountGroups.id),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    isBankOrCash: boolean('is_bank_or_cash').notNull().default(false),
    bankName: text('bank_name'),
    bankAccountNumber: text('bank_account_number'),
    active: boolean('active').notNull().default(true),
    ...authorship(),
  },
  (t) => [
    unique('accounts_book_code_key').on(t.book, t.code),
    index('accounts_group_idx').on(t.groupId),
    check('accounts_book_check', sql`${t.book} in ('collection', 'operation')`),
  ],
);

/** Which account each posting role uses (settings). */
export const accountMappings = pgTable('account_mappings', {
  key: text('key').primaryKey(),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id),
  updatedBy: uuid('updated_by'),
  updatedAt: updatedAt(),
});
