import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { approval, authorship, cancellation, id, money, qty } from '../../../db/columns.ts';
import { journalEntries } from '../../accounts/journal/schema.ts';
import { openingImports } from '../../accounts/opening/schema.ts';
import { itemRef } from '../../inventory/items/schema.ts';
import { purchaseOrderLines, purchaseOrders } from '../orders/schema.ts';
import { suppliers } from '../suppliers/schema.ts';

export const PURCHASE_INVOICE_STATUSES = [
  'awaiting_approval',
  'open',
  'part_paid',
  'paid',
  'cancelled',
] as const;

/**
 * A supplier's invoice against one purchase order, matched line by line to the order's prices and
 * to the quantities its GRNs received. awaiting_approval (a difference beyond tolerance) -> open
 * (posted) -> part_paid -> paid; cancelled while nothing is paid (a posted one is reversed).
 * `paid_amount` is the sum of the approved payments' allocations, kept on the row.
 */
export const purchaseInvoices = pgTable(
  'purchase_invoices',
  {
    id: id(),
    invoiceNo: text('invoice_no').notNull(),
    supplierInvoiceNo: text('supplier_invoice_no').notNull(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    /** The order it is matched to; null only for an opening invoice. */
    orderId: uuid('order_id').references(() => purchaseOrders.id),
    /**
     * An unpaid invoice of the old books brought in at go-live (#36): what was still owed on it, no
     * order or lines, posted nowhere (the opening trial balance holds the payable).
     */
    openingImportId: uuid('opening_import_id').references(() => openingImports.id),
    invoiceDate: date('invoice_date').notNull(),
    dueDate: date('due_date').notNull(),
    status: text('status', { enum: PURCHASE_INVOICE_STATUSES }).notNull(),
    mismatch: boolean('mismatch').notNull().default(false),
    subtotal: money('subtotal').notNull(),
    vatTotal: money('vat_total').notNull(),
    total: money('total').notNull(),
    paidAmount: money('paid_amount').notNull().default('0'),
    approvalReason: text('approval_reason'),
    ...approval(),
    journalEntryId: uuid('journal_entry_id').references(() => journalEntries.id),
    reversalEntryId: uuid('reversal_entry_id').references(() => journalEntries.id),
    ...cancellation(),
    ...authorship(),
  },
  (t) => [
    uniqueIndex('purchase_invoices_no_unique').on(t.invoiceNo),
    // The supplier's own number once per supplier, cancelled invoices aside.
    uniqueIndex('purchase_invoices_supplier_no_unique')
      .on(t.supplierId, sql`lower(${t.supplierInvoiceNo})`)
      .where(sql`${t.status} <> 'cancelled'`),
    index('purchase_invoices_supplier_idx').on(t.supplierId, t.invoiceDate, t.id),
    index('purchase_invoices_order_idx').on(t.orderId),
    index('purchase_invoices_date_idx').on(t.invoiceDate, t.id),
    index('purchase_invoices_opening_idx').on(t.openingImportId).where(sql`${t.openingImportId} is not null`),
    check('purchase_invoices_order_check', sql`${t.orderId} is not null or ${t.openingImportId} is not null`),
    check(
      'purchase_invoices_status_check',
      sql`${t.status} in ('awaiting_approval', 'open', 'part_paid', 'paid', 'cancelled')`,
    ),
    check('purchase_invoices_total_check', sql`${t.total} = ${t.subtotal} + ${t.vatTotal}`),
    check('purchase_invoices_paid_check', sql`${t.paidAmount} >= 0 and ${t.paidAmount} <= ${t.total}`),
    check('purchase_invoices_due_check', sql`${t.dueDate} >= ${t.invoiceDate}`),
  ],
);

export const purchaseInvoiceLines = pgTable(
  'purchase_invoice_lines',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => purchaseInvoices.id),
    lineNo: integer('line_no').notNull(),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => purchaseOrderLines.id),
    itemId: itemRef(),
    description: text('description').notNull(),
    quantity: qty('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    vat: boolean('vat').notNull(),
    amount: money('amount').notNull(),
    vatAmount: money('vat_amount').notNull(),
    orderedPrice: money('ordered_price').notNull(),
    /** Received on the order line and not invoiced before this invoice, when it was entered. */
    receivedOpen: qty('received_open').notNull(),
    withinTolerance: boolean('within_tolerance').notNull(),
  },
  (t) => [
    uniqueIndex('purchase_invoice_lines_no_unique').on(t.invoiceId, t.lineNo),
    index('purchase_invoice_lines_order_line_idx').on(t.orderLineId),
    check('purchase_invoice_lines_quantity_check', sql`${t.quantity} > 0`),
    check('purchase_invoice_lines_price_check', sql`${t.unitPrice} >= 0`),
  ],
);
