import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { approval, authorship, cancellation, id, money } from '../../../db/columns.ts';
import { journalEntries } from '../../accounts/journal/schema.ts';
import { accounts } from '../../accounts/schema.ts';
import { purchaseInvoices } from '../invoices/schema.ts';
import { suppliers } from '../suppliers/schema.ts';

export const SUPPLIER_PAYMENT_STATUSES = ['draft', 'approved', 'cancelled'] as const;

/**
 * Money paid to a supplier from an Operation-book bank account against one or more of its
 * invoices. draft -> approved (by someone other than the maker: posts Dr supplier payables / Cr
 * the bank and pays the invoices) or draft -> cancelled. The amount is the sum of its allocations.
 */
export const supplierPayments = pgTable(
  'supplier_payments',
  {
    id: id(),
    paymentNo: text('payment_no').notNull(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    paymentDate: date('payment_date').notNull(),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => accounts.id),
    reference: text('reference'),
    amount: money('amount').notNull(),
    status: text('status', { enum: SUPPLIER_PAYMENT_STATUSES }).notNull().default('draft'),
    ...approval(),
    journalEntryId: uuid('journal_entry_id').references(() => journalEntries.id),
    ...cancellation(),
    ...authorship(),
  },
  (t) => [
    uniqueIndex('supplier_payments_no_unique').on(t.paymentNo),
    index('supplier_payments_supplier_idx').on(t.supplierId, t.paymentDate, t.id),
    index('supplier_payments_date_idx').on(t.paymentDate, t.id),
    check('supplier_payments_status_check', sql`${t.status} in ('draft', 'approved', 'cancelled')`),
    check('supplier_payments_amount_check', sql`${t.amount} > 0`),
  ],
);

/** Part of a payment applied to one invoice of the same supplier. */
export const supplierPaymentAllocations = pgTable(
  'supplier_payment_allocations',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => supplierPayments.id),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => purchaseInvoices.id),
    amount: money('amount').notNull(),
  },
  (t) => [
    uniqueIndex('supplier_payment_allocations_unique').on(t.paymentId, t.invoiceId),
    index('supplier_payment_allocations_invoice_idx').on(t.invoiceId),
    check('supplier_payment_allocations_amount_check', sql`${t.amount} > 0`),
  ],
);
