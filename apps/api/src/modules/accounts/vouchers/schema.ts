import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { approval, creation, id } from '../../../db/columns.ts';
import { journalEntries } from '../journal/schema.ts';
import { accounts, BOOKS } from '../schema.ts';

const STATUSES = ['draft', 'approved'] as const;

/** Where a voucher or bank transfer stands: draft or approved, its journal entry, maker and checker. */
const voucherState = () => ({
  status: text('status', { enum: STATUSES }).notNull().default('draft'),
  journalEntryId: uuid('journal_entry_id').references(() => journalEntries.id),
  ...approval(),
  ...creation(),
});

/** Payment (PV-) and receipt (RV-) vouchers: one bank or cash account against the lines' accounts. */
export const paymentVouchers = pgTable(
  'payment_vouchers',
  {
    id: id(),
    number: text('number').notNull().unique(),
    type: text('type', { enum: ['Payment', 'Receipt'] }).notNull(),
    voucherDate: date('voucher_date').notNull(),
    book: text('book', { enum: BOOKS }).notNull(),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => accounts.id),
    partyName: text('party_name').notNull(),
    partyType: text('party_type'),
    partyId: uuid('party_id'),
    narration: text('narration').notNull(),
    reference: text('reference'),
    currency: text('currency').notNull(),
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    ...voucherState(),
  },
  (t) => [
    index('payment_vouchers_date_idx').on(t.voucherDate),
    /** Drafts waiting for an approver (the inbox, #27). */
    index('payment_vouchers_draft_idx').on(t.createdAt).where(sql`${t.status} = 'draft'`),
    check('payment_vouchers_amount_check', sql`${t.amount} > 0`),
  ],
);

export const paymentVoucherLines = pgTable(
  'payment_voucher_lines',
  {
    id: id(),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => paymentVouchers.id),
    lineNo: integer('line_no').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    description: text('description'),
  },
  (t) => [
    index('payment_voucher_lines_voucher_idx').on(t.voucherId),
    check('payment_voucher_lines_amount_check', sql`${t.amount} > 0`),
  ],
);

export const bankTransfers = pgTable(
  'bank_transfers',
  {
    id: id(),
    number: text('number').notNull().unique(),
    transferDate: date('transfer_date').notNull(),
    book: text('book', { enum: BOOKS }).notNull(),
    fromAccountId: uuid('from_account_id')
      .notNull()
      .references(() => accounts.id),
    toAccountId: uuid('to_account_id')
      .notNull()
      .references(() => accounts.id),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
    narration: text('narration').notNull(),
    reference: text('reference'),
    ...voucherState(),
  },
  (t) => [
    /** Drafts waiting for an approver (the inbox, #27). */
    index('bank_transfers_draft_idx').on(t.createdAt).where(sql`${t.status} = 'draft'`),
    check('bank_transfers_amount_check', sql`${t.amount} > 0`),
    check('bank_transfers_accounts_check', sql`${t.fromAccountId} <> ${t.toAccountId}`),
  ],
);
