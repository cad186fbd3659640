import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { creation, id, money, movedValue } from '../../../db/columns.ts';
import { amcos } from '../../amcos/schema.ts';
import { purchaseOrderLines, purchaseOrders } from '../../purchase/orders/schema.ts';
import { suppliers } from '../../purchase/suppliers/schema.ts';
import { itemRef } from '../items/schema.ts';
import { stockMovements } from '../ledgers/schema.ts';
import { storeRef } from '../stores/schema.ts';

export const GRN_KINDS = ['order', 'direct'] as const;

/**
 * Goods received note: stock into a store, against an approved purchase order (`order`) or
 * without one (`direct`, the SPEC's grn2). Posted when saved (Dr inventory / Cr GRNI); a GRN is
 * never edited, so it carries no status beyond that.
 */
export const grns = pgTable(
  'grns',
  {
    id: id(),
    grnNo: text('grn_no').notNull(),
    kind: text('kind', { enum: GRN_KINDS }).notNull(),
    orderId: uuid('order_id').references(() => purchaseOrders.id),
    supplierId: uuid('supplier_id').references(() => suppliers.id),
    storeId: storeRef(),
    /** The store's society (null for a union store), kept for the AMCOS scope of lists. */
    amcosId: uuid('amcos_id').references(() => amcos.id),
    receivedOn: date('received_on').notNull(),
    /** The supplier's delivery note or invoice number. */
    supplierRef: text('supplier_ref'),
    remarks: text('remarks'),
    totalValue: money('total_value').notNull(),
    journalEntryId: uuid('journal_entry_id'),
    ...creation(),
  },
  (t) => [
    uniqueIndex('grns_grn_no_unique').on(t.grnNo),
    index('grns_store_idx').on(t.storeId, t.receivedOn),
    index('grns_amcos_idx').on(t.amcosId, t.receivedOn),
    index('grns_order_idx').on(t.orderId),
    check('grns_kind_check', sql`${t.kind} in ('order', 'direct')`),
    check('grns_order_check', sql`(${t.kind} = 'order') = (${t.orderId} is not null)`),
  ],
);

export const grnLines = pgTable(
  'grn_lines',
  {
    id: id(),
    grnId: uuid('grn_id')
      .notNull()
      .references(() => grns.id),
    lineNo: integer('line_no').notNull(),
    itemId: itemRef(),
    orderLineId: uuid('order_line_id').references(() => purchaseOrderLines.id),
    ...movedValue(),
    batchNo: text('batch_no'),
    expiryDate: date('expiry_date'),
    movementId: uuid('movement_id').references(() => stockMovements.id),
  },
  (t) => [
    index('grn_lines_grn_idx').on(t.grnId, t.lineNo),
    index('grn_lines_order_line_idx').on(t.orderLineId),
    check('grn_lines_quantity_check', sql`${t.quantity} > 0 and ${t.unitCost} >= 0`),
  ],
);
