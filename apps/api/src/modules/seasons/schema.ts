import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  numeric,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';

export const crops = pgTable('crops', {
  id: id(),
  name: text('name').notNull().unique('crops_name_unique'),
  /** The Swahili name of a crop the system created (Swahili screens show it); null otherwise. */
  nameSw: text('name_sw'),
  code: text('code').notNull().unique('crops_code_unique'),
  unit: text('unit').notNull().default('kg'),
  active: boolean('active').notNull().default(true),
  ...timestamps(),
});

export const grades = pgTable(
  'grades',
  {
    id: id(),
    cropId: uuid('crop_id')
      .notNull()
      .references(() => crops.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameSw: text('name_sw'),
    ...timestamps(),
  },
  (t) => [unique('grades_crop_code_unique').on(t.cropId, t.code)],
);

export const seasons = pgTable(
  'seasons',
  {
    id: id(),
    name: text('name').notNull().unique('seasons_name_unique'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    status: text('status', { enum: ['planned', 'open', 'closed'] })
      .notNull()
      .default('planned'),
    ...timestamps(),
  },
  (t) => [
    check('seasons_status_check', sql`${t.status} in ('planned', 'open', 'closed')`),
    check('seasons_dates_check', sql`${t.endDate} > ${t.startDate}`),
    /** One season open at a time: collections and prices always know which season they are in. */
    uniqueIndex('seasons_one_open').on(t.status).where(sql`${t.status} = 'open'`),
  ],
);

export const seasonCrops = pgTable(
  'season_crops',
  {
    id: id(),
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id),
    cropId: uuid('crop_id')
      .notNull()
      .references(() => crops.id),
    indicativePrice: numeric('indicative_price', { precision: 14, scale: 2 }).notNull(),
    standardBagKg: numeric('standard_bag_kg', { precision: 10, scale: 3 }).notNull(),
    maxMoisture: numeric('max_moisture', { precision: 5, scale: 2 }).notNull(),
    /** Over the maximum moisture a collection is refused, or accepted and flagged for the warehouse. */
    moisturePolicy: text('moisture_policy', { enum: ['refuse', 'flag'] })
      .notNull()
      .default('refuse'),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('season_crops_season_crop_unique').on(t.seasonId, t.cropId),
    index('season_crops_crop_idx').on(t.cropId),
    check('season_crops_price_check', sql`${t.indicativePrice} >= 0`),
    check('season_crops_bag_check', sql`${t.standardBagKg} > 0`),
    check('season_crops_moisture_check', sql`${t.maxMoisture} between 0 and 100`),
    check('season_crops_status_check', sql`${t.status} in ('active', 'inactive')`),
    check('season_crops_moisture_policy_check', sql`${t.moisturePolicy} in ('refuse', 'flag')`),
  ],
);

/** The required reference to a season crop: a column `season_crop_id` that must name one. */
export const seasonCropRef = () =>
  uuid('season_crop_id')
    .notNull()
    .references(() => seasonCrops.id);
