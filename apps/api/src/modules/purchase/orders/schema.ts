import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { approval, authorship, cancellation, id, money, qty, stamp, updatedAt } from '../../../db/columns.ts';
import { itemRef } from '../../inventory/items/schema.ts';
import { suppliers } from '../suppliers/schema.ts';

export const PURCHASE_ORDER_STATUSES = [
  'draft',
  'submitted',
  'approved',
  'partly_received',
  'received',
  'cancelled',
  'rejected',
] as const;

/**
 * A purchase order to a supplier. draft -> submitted -> approved (by someone other than the maker)
 * -> partly_received -> received as GRNs come in; cancelled from any state before a receipt;
 * rejected by the approver from submitted, with the reason (issue 37), which ends it.
 * Totals are kept on the row: subtotal (net of VAT) + vat_total = total.
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: id(),
    orderNo: text('order_no').notNull(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    orderDate: date('order_date').notNull(),
    expectedDate: date('expected_date'),
    /** Delivery and payment terms printed on the order. */
    terms: text('terms'),
    remarks: text('remarks'),
    status: text('status', { enum: PURCHASE_ORDER_STATUSES }).notNull().default('draft'),
    /** The VAT rate (percent) the order's VAT lines were priced at. */
    vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull(),
    subtotal: money('subtotal').notNull(),
    vatTotal: money('vat_total').notNull(),
    total: money('total').notNull(),
    ...stamp('submitted'),
    ...approval(),
    ...stamp('rejected'),
    rejectReason: text('reject_reason'),
    ...cancellation(),
    ...authorship(),
  },
  (t) => [
    uniqueIndex('purchase_orders_no_unique').on(t.orderNo),
    index('purchase_orders_supplier_idx').on(t.supplierId, t.orderDate, t.id),
    index('purchase_orders_date_idx').on(t.orderDate, t.id),
    check(
      'purchase_orders_status_check',
      sql`${t.status} in ('draft', 'submitted', 'approved', 'partly_received', 'received', 'cancelled', 'rejected')`,
    ),
    check('purchase_orders_total_check', sql`${t.total} = ${t.subtotal} + ${t.vatTotal}`),
    check('purchase_orders_vat_rate_check', sql`${t.vatRate} >= 0 and ${t.vatRate} < 100`),
  ],
);

/**
 * One item on an order: quantity x unit price (net of VAT) = amount, VAT on it when `vat` is set.
 * `received_quantity` grows with each GRN and never passes the ordered quantity (the CHECK backs
 * the use case's refusal); `invoiced_quantity` grows with each purchase invoice.
 */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => purchaseOrders.id),
    lineNo: integer('line_no').notNull(),
    itemId: itemRef(),
    description: text('description').notNull(),
    quantity: qty('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    vat: boolean('vat').notNull().default(false),
    amount: money('amount').notNull(),
    vatAmount: money('vat_amount').notNull().default('0'),
    receivedQuantity: qty('received_quantity').notNull().default('0'),
    invoicedQuantity: qty('invoiced_quantity').notNull().default('0'),
  },
  (t) => [
    uniqueIndex('purchase_order_lines_no_unique').on(t.orderId, t.lineNo),
    index('purchase_order_lines_item_idx').on(t.itemId),
    check('purchase_order_lines_quantity_check', sql`${t.quantity} > 0`),
    check('purchase_order_lines_price_check', sql`${t.unitPrice} >= 0`),
    check(
      'purchase_order_lines_received_check',
      sql`${t.receivedQuantity} >= 0 and ${t.receivedQuantity} <= ${t.quantity}`,
    ),
    check('purchase_order_lines_invoiced_check', sql`${t.invoicedQuantity} >= 0`),
  ],
);

/**
 * Purchasing settings: one row (id = 1). The VAT rate new orders price VAT lines at, and how far
 * an invoice may differ from its order and receipts (percent) before it needs an approval with a
 * reason.
 */
export const purchaseSettings = pgTable(
  'purchase_settings',
  {
    id: integer('id').primaryKey().default(1),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull().default('18'),
    priceTolerancePercent: numeric('price_tolerance_percent', { precision: 5, scale: 2 })
      .notNull()
      .default('0'),
    quantityTolerancePercent: numeric('quantity_tolerance_percent', { precision: 5, scale: 2 })
      .notNull()
      .default('0'),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('purchase_settings_single_row_check', sql`${t.id} = 1`),
    check('purchase_settings_vat_check', sql`${t.vatRate} >= 0 and ${t.vatRate} < 100`),
    check(
      'purchase_settings_tolerance_check',
      sql`${t.priceTolerancePercent} between 0 and 100 and ${t.quantityTolerancePercent} between 0 and 100`,
    ),
  ],
);
