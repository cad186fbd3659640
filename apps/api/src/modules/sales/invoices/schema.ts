import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { authorship, cancellation, creation, id, kg, money, updatedAt } from '../../../db/columns.ts';
import { journalEntries } from '../../accounts/journal/schema.ts';
import { openingImports } from '../../accounts/opening/schema.ts';
import { lots } from '../../crop-flow/schema.ts';
import { beneficiaries, deductionRules } from '../../deductions/schema.ts';
import { buyers } from '../buyers/schema.ts';

/**
 * Sales invoices: one per buyer when an auction closes, or by hand for other sales.
 * issued -> part_paid -> paid, or issued -> cancelled (only while nothing is allocated to it).
 * `paid_amount` is the sum of the receipt allocations, kept on the row so balances need no join.
 */

export const SALES_INVOICE_STATUSES = ['issued', 'part_paid', 'paid', 'cancelled'] as const;
export const SALES_INVOICE_LINE_KINDS = ['lot', 'buyer_levy'] as const;

export const salesInvoices = pgTable(
  'sales_invoices',
  {
    id: id(),
    invoiceNo: text('invoice_no').notNull(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id),
    /** The auction it was made from; null for a manual invoice. A plain uuid (no FK) on purpose. */
    auctionId: uuid('auction_id'),
    /**
     * An unpaid invoice of the old books brought in at go-live (#36): what was still owed on it,
     * posted nowhere (the opening trial balance holds the receivable), no goods.
     */
    openingImportId: uuid('opening_import_id').references(() => openingImports.id),
    invoiceDate: date('invoice_date').notNull(),
    dueDate: date('due_date').notNull(),
    status: text('status', { enum: SALES_INVOICE_STATUSES }).notNull().default('issued'),
    /** The goods (lot and other sale lines). */
    subtotal: money('subtotal').notNull(),
    /** Deductions the buyer pays on top of the price, as separate lines. */
    leviesTotal: money('levies_total').notNull().default('0'),
    total: money('total').notNull(),
    paidAmount: money('paid_amount').notNull().default('0'),
    journalEntryId: uuid('journal_entry_id').references(() => journalEntries.id),
    reversalEntryId: uuid('reversal_entry_id').references(() => journalEntries.id),
    ...cancellation(),
    ...authorship(),
  },
  (t) => [
    uniqueIndex('sales_invoices_no_unique').on(t.invoiceNo),
    index('sales_invoices_buyer_idx').on(t.buyerId, t.invoiceDate, t.id),
    index('sales_invoices_date_idx').on(t.invoiceDate, t.id),
    index('sales_invoices_auction_idx').on(t.auctionId),
    index('sales_invoices_opening_idx').on(t.openingImportId).where(sql`${t.openingImportId} is not null`),
    check('sales_invoices_status_check', sql`${t.status} in ('issued', 'part_paid', 'paid', 'cancelled')`),
    check('sales_invoices_total_check', sql`${t.total} = ${t.subtotal} + ${t.leviesTotal}`),
    check('sales_invoices_paid_check', sql`${t.paidAmount} >= 0 and ${t.paidAmount} <= ${t.total}`),
    check('sales_invoices_due_check', sql`${t.dueDate} >= ${t.invoiceDate}`),
  ],
);

export const salesInvoiceLines = pgTable(
  'sales_invoice_lines',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => salesInvoices.id),
    lineNo: integer('line_no').notNull(),
    kind: text('kind', { enum: SALES_INVOICE_LINE_KINDS }).notNull().default('lot'),
    lotId: uuid('lot_id').references(() => lots.id),
    description: text('description').notNull(),
    /** The Swahili text of a line the system writes (auction close), null for a person's own words (#20). */
    descriptionSw: text('description_sw'),
    kg: kg('kg'),
    pricePerKg: money('price_per_kg'),
    amount: money('amount').notNull(),
    /** For a buyer levy line: the rule and whom it is owed to. */
    deductionRuleId: uuid('deduction_rule_id').references(() => deductionRules.id),
    beneficiaryId: uuid('beneficiary_id').references(() => beneficiaries.id),
  },
  (t) => [
    uniqueIndex('sales_invoice_lines_no_unique').on(t.invoiceId, t.lineNo),
    index('sales_invoice_lines_lot_idx').on(t.lotId),
    check('sales_invoice_lines_kind_check', sql`${t.kind} in ('lot', 'buyer_levy')`),
    check('sales_invoice_lines_amount_check', sql`${t.amount} >= 0`),
  ],
);

/** A group invoice: one document combining open invoices of one buyer. */
export const groupInvoices = pgTable(
  'group_invoices',
  {
    id: id(),
    groupNo: text('group_no').notNull(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id),
    groupDate: date('group_date').notNull(),
    dueDate: date('due_date').notNull(),
    total: money('total').notNull(),
    remarks: text('remarks'),
    ...creation(),
  },
  (t) => [
    uniqueIndex('group_invoices_no_unique').on(t.groupNo),
    index('group_invoices_buyer_idx').on(t.buyerId, t.groupDate),
  ],
);

export const groupInvoiceMembers = pgTable(
  'group_invoice_members',
  {
    groupInvoiceId: uuid('group_invoice_id')
      .notNull()
      .references(() => groupInvoices.id),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => salesInvoices.id),
  },
  (t) => [
    primaryKey({ columns: [t.groupInvoiceId, t.invoiceId] }),
    index('group_invoice_members_invoice_idx').on(t.invoiceId),
  ],
);

/** Sales settings: one row (id = 1). */
export const salesSettings = pgTable(
  'sales_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Days after the invoice (auction) date an invoice falls due. */
    invoiceDueDays: integer('invoice_due_days').notNull().default(4),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('sales_settings_single_row_check', sql`${t.id} = 1`),
    check('sales_settings_due_days_check', sql`${t.invoiceDueDays} between 0 and 365`),
  ],
);
