import { sql } from 'drizzle-orm';
import { bigint, check, integer, numeric, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { amcosRef } from '../../amcos/schema.ts';
import { grades, seasonCropRef } from '../../seasons/schema.ts';

/**
 * The crop on the road: the collections of dispatched delivery notes not yet received, per AMCOS,
 * season crop and grade, kept by triggers on `delivery_notes` (a note becoming dispatched adds its
 * collections, leaving dispatched takes them off) and on `collections` (one on a dispatched note
 * changing), in the same transaction (migration `transit_stock`). The stock screen reads it beside
 * `collection_stock` in one indexed query, whatever the number of notes on the road.
 */
export const transitStock = pgTable(
  'transit_stock',
  {
    amcosId: amcosRef(),
    seasonCropId: seasonCropRef(),
    gradeId: uuid('grade_id')
      .notNull()
      .references(() => grades.id),
    collections: integer('collections').notNull().default(0),
    bags: bigint('bags', { mode: 'number' }).notNull().default(0),
    netKg: numeric('net_kg', { precision: 16, scale: 3 }).notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.amcosId, t.seasonCropId, t.gradeId] }),
    check('transit_stock_non_negative', sql`${t.collections} >= 0 and ${t.bags} >= 0 and ${t.netKg} >= 0`),
  ],
);
