import { sql } from 'drizzle-orm';
import { boolean, check, index, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamps } from '../../db/columns.ts';

export const transporters = pgTable(
  'transporters',
  {
    id: id(),
    name: text('name').notNull().unique('transporters_name_unique'),
    tin: text('tin'),
    phone: text('phone'),
    rateBasis: text('rate_basis', { enum: ['per_kg', 'per_trip'] }).notNull(),
    rate: numeric('rate', { precision: 14, scale: 2 }).notNull(),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    check('transporters_rate_basis_check', sql`${t.rateBasis} in ('per_kg', 'per_trip')`),
    check('transporters_rate_check', sql`${t.rate} >= 0`),
  ],
);

export const vehicles = pgTable(
  'vehicles',
  {
    id: id(),
    transporterId: uuid('transporter_id')
      .notNull()
      .references(() => transporters.id, { onDelete: 'cascade' }),
    plateNo: text('plate_no').notNull(),
    description: text('description'),
    capacityKg: numeric('capacity_kg', { precision: 12, scale: 3 }),
    createdAt: createdAt(),
  },
  (t) => [
    /** A truck belongs to one transporter at a time. */
    uniqueIndex('vehicles_plate_unique').on(t.plateNo),
    index('vehicles_transporter_idx').on(t.transporterId),
  ],
);
