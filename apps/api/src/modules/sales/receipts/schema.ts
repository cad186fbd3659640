import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { creation, id, money } from '../../../db/columns.ts';
import { journalEntries } from '../../accounts/journal/schema.ts';
import { openingImports } from '../../accounts/opening/schema.ts';
import { accounts } from '../../accounts/schema.ts';
import { buyers } from '../buyers/schema.ts';
import { salesInvoices } from '../invoices/schema.ts';

/**
 * Money a buyer paid into a Collection-book bank account. What is not allocated to invoices
 * (`amount - allocated`) is the buyer's credit, allocatable later.
 */
export const buyerReceipts = pgTable(
  'buyer_receipts',
  {
    id: id(),
    receiptNo: text('receipt_no').notNull(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id),
    receiptDate: date('receipt_date').notNull(),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => accounts.id),
    amount: money('amount').notNull(),
    allocated: money('allocated').notNull().default('0'),
    reference: text('reference'),
    journalEntryId: uuid('journal_entry_id').references(() => journalEntries.id),
    /** A buyer's credit unallocated at go-live (#36), brought in by this opening import: never posted. */
    openingImportId: uuid('opening_import_id').references(() => openingImports.id),
    ...creation(),
  },
  (t) => [
    uniqueIndex('buyer_receipts_no_unique').on(t.receiptNo),
    index('buyer_receipts_opening_idx').on(t.openingImportId).where(sql`${t.openingImportId} is not null`),
    index('buyer_receipts_buyer_idx').on(t.buyerId, t.receiptDate, t.id),
    index('buyer_receipts_date_idx').on(t.receiptDate, t.id),
    check('buyer_receipts_amount_check', sql`${t.amount} > 0`),
    check('buyer_receipts_allocated_check', sql`${t.allocated} >= 0 and ${t.allocated} <= ${t.amount}`),
  ],
);

/** Part of a receipt applied to one invoice of the same buyer. */
export const receiptAllocations = pgTable(
  'receipt_allocations',
  {
    id: id(),
    receiptId: uuid('receipt_id')
      .notNull()
      .references(() => buyerReceipts.id),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => salesInvoices.id),
    amount: money('amount').notNull(),
    allocatedOn: date('allocated_on').notNull(),
    allocatedAt: timestamp('allocated_at', { withTimezone: true }).notNull().defaultNow(),
    allocatedBy: uuid('allocated_by'),
  },
  (t) => [
    index('receipt_allocations_receipt_idx').on(t.receiptId),
    index('receipt_allocations_invoice_idx').on(t.invoiceId),
    check('receipt_allocations_amount_check', sql`${t.amount} > 0`),
  ],
);
