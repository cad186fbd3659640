import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, money, movedValue, qty, stamp, timestamps } from '../../../db/columns.ts';
import { amcos } from '../../amcos/schema.ts';
import { itemRef } from '../items/schema.ts';
import { stores } from '../stores/schema.ts';

export const TRANSFER_KINDS = ['to_amcos', 'from_amcos', 'to_store'] as const;
export const TRANSFER_STATUSES = ['in_transit', 'received'] as const;

/**
 * Stock moved between stores in two steps: dispatched (out of the sending store, in transit) and
 * received (into the receiving store, counted by someone other than the dispatcher). A short
 * receipt records the variance per line with its reason; its value is written off.
 */
export const stockTransfers = pgTable(
  'stock_transfers',
  {
    id: id(),
    transferNo: text('transfer_no').notNull(),
    kind: text('kind', { enum: TRANSFER_KINDS }).notNull(),
    status: text('status', { enum: TRANSFER_STATUSES }).notNull().default('in_transit'),
    fromStoreId: uuid('from_store_id')
      .notNull()
      .references(() => stores.id),
    toStoreId: uuid('to_store_id')
      .notNull()
      .references(() => stores.id),
    /** The stores' societies (null for union stores), for the AMCOS scope. */
    fromAmcosId: uuid('from_amcos_id').references(() => amcos.id),
    toAmcosId: uuid('to_amcos_id').references(() => amcos.id),
    dispatchedOn: date('dispatched_on').notNull(),
    dispatchedBy: uuid('dispatched_by'),
    vehicle: text('vehicle'),
    driverName: text('driver_name'),
    remarks: text('remarks'),
    totalValue: money('total_value').notNull(),
    receivedOn: date('received_on'),
    ...stamp('received'),
    receivedValue: money('received_value'),
    varianceValue: money('variance_value'),
    receiveRemarks: text('receive_remarks'),
    /** The write-off of a short receipt, when there is one. */
    journalEntryId: uuid('journal_entry_id'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('stock_transfers_transfer_no_unique').on(t.transferNo),
    index('stock_transfers_from_idx').on(t.fromStoreId, t.dispatchedOn),
    index('stock_transfers_to_idx').on(t.toStoreId, t.dispatchedOn),
    index('stock_transfers_status_idx').on(t.status),
    check('stock_transfers_kind_check', sql`${t.kind} in ('to_amcos', 'from_amcos', 'to_store')`),
    check('stock_transfers_status_check', sql`${t.status} in ('in_transit', 'received')`),
    check('stock_transfers_stores_check', sql`${t.fromStoreId} <> ${t.toStoreId}`),
  ],
);

export const stockTransferLines = pgTable(
  'stock_transfer_lines',
  {
    id: id(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => stockTransfers.id),
    lineNo: integer('line_no').notNull(),
    itemId: itemRef(),
    ...movedValue(),
    batchNo: text('batch_no'),
    receivedQuantity: qty('received_quantity'),
    receivedValue: money('received_value'),
    /** received - dispatched; negative = lost in transit. */
    varianceQuantity: qty('variance_quantity'),
    varianceValue: money('variance_value'),
    varianceReason: text('variance_reason'),
  },
  (t) => [
    index('stock_transfer_lines_transfer_idx').on(t.transferId, t.lineNo),
    check('stock_transfer_lines_quantity_check', sql`${t.quantity} > 0`),
    check(
      'stock_transfer_lines_received_check',
      sql`${t.receivedQuantity} is null or (${t.receivedQuantity} >= 0 and ${t.receivedQuantity} <= ${t.quantity})`,
    ),
  ],
);
