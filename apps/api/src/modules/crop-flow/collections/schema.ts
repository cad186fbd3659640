import { sql } from 'drizzle-orm';
import { bigint, check, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { amcosRef } from '../../amcos/schema.ts';
import { grades, seasonCropRef } from '../../seasons/schema.ts';

/**
 * Running totals of the collections per AMCOS, season crop, grade and collection status, kept by
 * a trigger on `collections` (migration `collection_stock_trigger`): every insert, status change
 * or weight correction moves its kg from one bucket to the other in the same transaction. The
 * AMCOS stock (status `recorded`) is then one indexed row per grade, whatever the table's size,
 * and stays right whoever changes a collection's status (delivery notes, lots, settlement).
 */
export const collectionStock = pgTable(
  'collection_stock',
  {
    amcosId: amcosRef(),
    seasonCropId: seasonCropRef(),
    gradeId: uuid('grade_id')
      .notNull()
      .references(() => grades.id),
    status: text('status').notNull(),
    collections: integer('collections').notNull().default(0),
    bags: bigint('bags', { mode: 'number' }).notNull().default(0),
    netKg: numeric('net_kg', { precision: 16, scale: 3 }).notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.amcosId, t.seasonCropId, t.gradeId, t.status] }),
    check('collection_stock_non_negative', sql`${t.collections} >= 0 and ${t.bags} >= 0 and ${t.netKg} >= 0`),
  ],
);
