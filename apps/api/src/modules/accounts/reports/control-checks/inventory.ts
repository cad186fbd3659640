import { sql } from 'drizzle-orm';
import type { ControlCheckDefinition } from './check.ts';

/**
 * The inventory account holds the stock in every store (union and AMCOS) at weighted average cost,
 * plus goods dispatched between stores and not yet counted in (issue 13, docs/accounting.md).
 */
export const inventoryStock: ControlCheckDefinition = {
  key: 'inventory',
  name: 'Inventory',
  book: 'operation',
  control: ['inventory'],
  side: 'debit',
  subledger: 'Stock in stores at weighted average cost + goods in transit',
  subledgerSql: sql`(select coalesce(sum(value), 0) from stock_balances)
    + (select coalesce(sum(total_value), 0) from stock_transfers where status = 'in_transit')`,
};
