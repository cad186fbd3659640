import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { authorship, id } from '../../db/columns.ts';
import { seasonCropRef } from '../seasons/schema.ts';

/** A standard input package per season crop, used to size farmer requests by acreage. */
export const boqs = pgTable(
  'boqs',
  {
    id: id(),
    name: text('name').notNull(),
    seasonCropId: seasonCropRef(),
    notes: text('notes'),
    ...authorship(),
  },
  (t) => [index('boqs_season_crop_idx').on(t.seasonCropId)],
);

/** Items are free text until the inventory module gives an item list. */
export const boqItems = pgTable(
  'boq_items',
  {
    id: id(),
    boqId: uuid('boq_id')
      .notNull()
      .references(() => boqs.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    item: text('item').notNull(),
    unit: text('unit').notNull(),
    quantityPerAcre: numeric('quantity_per_acre', { precision: 12, scale: 3 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    index('boq_items_boq_idx').on(t.boqId, t.line),
    check('boq_items_quantity_check', sql`${t.quantityPerAcre} > 0`),
    check('boq_items_price_check', sql`${t.unitPrice} >= 0`),
  ],
);
