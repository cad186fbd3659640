import { numeric } from 'drizzle-orm/pg-core';

/** A stock quantity in the item's unit, to three decimals (kg, litres, bags): NUMERIC(14,3). */
export const qty = (name: string) => numeric(name, { precision: 14, scale: 3 });
/** A unit cost, kept to six decimals so a weighted average does not drift: NUMERIC(18,6). */
export const unitCost = (name: string) => numeric(name, { precision: 18, scale: 6 });
