import { numeric } from 'drizzle-orm/pg-core';
import { money } from '../../db/columns.ts';

/** A stock quantity in the item's unit, to three decimals (kg, litres, bags): NUMERIC(14,3). */
export const qty = (name: string) => numeric(name, { precision: 14, scale: 3 });
/** A unit cost, kept to six decimals so a weighted average does not drift: NUMERIC(18,6). */
export const unitCost = (name: string) => numeric(name, { precision: 18, scale: 6 });

/** What a movement or a stock document line moved: its quantity, unit cost and value, all required. */
export const movedValue = () => ({
  quantity: qty('quantity').notNull(),
  unitCost: unitCost('unit_cost').notNull(),
  value: money('value').notNull(),
});
