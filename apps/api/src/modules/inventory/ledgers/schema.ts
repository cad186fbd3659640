import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { creation, id, money, movedValue, qty, unitCost } from '../../../db/columns.ts';
import { itemRef } from '../items/schema.ts';
import { storeRef } from '../stores/schema.ts';

export const MOVEMENT_KINDS = [
  'receipt',
  'issue',
  'transfer_out',
  'transfer_in',
  /** Stock back into a store from a cancelled issue or distribution, at the cost it left with. */
  'return',
] as const;

/**
 * What one store holds of one item now: quantity, value and weighted average unit cost. Only the
 * stock door (ledgers/move-stock.ts) writes it; the CHECKs make negative stock impossible even if
 * a bug got past the guarded update.
 */
export const stockBalances = pgTable(
  'stock_balances',
  {
    itemId: itemRef(),
    storeId: storeRef(),
    quantity: qty('quantity').notNull().default('0'),
    value: money('value').notNull().default('0'),
    avgCost: unitCost('avg_cost').notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.storeId], name: 'stock_balances_pk' }),
    index('stock_balances_store_idx').on(t.storeId, t.itemId),
    check('stock_balances_quantity_check', sql`${t.quantity} >= 0`),
    check('stock_balances_value_check', sql`${t.value} >= 0`),
    check('stock_balances_empty_check', sql`${t.quantity} > 0 or ${t.value} = 0`),
  ],
);

/**
 * The stock ledger: every movement of an item in a store, signed (in > 0, out < 0), with the
 * balance after it. `seq` orders one item×store's movements in the order they took its lock.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: id(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    itemId: itemRef(),
    storeId: storeRef(),
    movementDate: date('movement_date').notNull(),
    kind: text('kind', { enum: MOVEMENT_KINDS }).notNull(),
    ...movedValue(),
    balanceQuantity: qty('balance_quantity').notNull(),
    balanceValue: money('balance_value').notNull(),
    /** Weighted average unit cost after the movement. */
    balanceAvgCost: unitCost('balance_avg_cost').notNull(),
    /** The document that moved it: grn, issue, transfer, distribution... */
    sourceType: text('source_type').notNull(),
    sourceId: uuid('source_id').notNull(),
    sourceNo: text('source_no'),
    batchNo: text('batch_no'),
    expiryDate: date('expiry_date'),
    ...creation(),
  },
  (t) => [
    index('stock_movements_item_store_idx').on(t.itemId, t.storeId, t.seq),
    index('stock_movements_store_date_idx').on(t.storeId, t.movementDate),
    // The ledger's order: newest date first, then the latest entry.
    index('stock_movements_date_idx').on(t.movementDate, t.seq),
    index('stock_movements_source_idx').on(t.sourceType, t.sourceId),
    check('stock_movements_quantity_check', sql`${t.quantity} <> 0`),
    check('stock_movements_balance_check', sql`${t.balanceQuantity} >= 0 and ${t.balanceValue} >= 0`),
    check(
      'stock_movements_kind_check',
      sql`${t.kind} in ('receipt', 'issue', 'transfer_out', 'transfer_in', 'return')`,
    ),
  ],
);
