import { boolean, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';
import { councils } from '../cooperative/schema.ts';

/** A licensed auction warehouse that stores lots and issues warehouse receipts. */
export const warehouses = pgTable('warehouses', {
  id: id(),
  name: text('name').notNull().unique('warehouses_name_unique'),
  operator: text('operator').notNull(),
  licenceNo: text('licence_no').notNull().unique('warehouses_licence_unique'),
  location: text('location'),
  councilId: uuid('council_id').references(() => councils.id),
  capacityKg: numeric('capacity_kg', { precision: 14, scale: 3 }),
  active: boolean('active').notNull().default(true),
  ...timestamps(),
});

/** The required reference to a warehouse: a column `warehouse_id` that must name one. */
export const warehouseRef = () =>
  uuid('warehouse_id')
    .notNull()
    .references(() => warehouses.id);
