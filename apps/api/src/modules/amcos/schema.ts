import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';
import { banks, councils } from '../cooperative/schema.ts';

/** Primary society. The code is fixed once created: farmer numbers are built from it. */
export const amcos = pgTable(
  'amcos',
  {
    id: id(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    status: text('status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    registrationNo: text('registration_no'),
    councilId: uuid('council_id').references(() => councils.id),
    ward: text('ward'),
    village: text('village'),
    phone: text('phone'),
    email: text('email'),
    manager: text('manager'),
    bankId: uuid('bank_id').references(() => banks.id),
    accountNo: text('account_no'),
    latitude: numeric('latitude', { precision: 9, scale: 6 }),
    longitude: numeric('longitude', { precision: 9, scale: 6 }),
    ...timestamps(),
  },
  (t) => [
    check('amcos_status_check', sql`${t.status} in ('active', 'suspended')`),
    check('amcos_location_pair', sql`(${t.latitude} is null) = (${t.longitude} is null)`),
    index('amcos_council_idx').on(t.councilId),
  ],
);

/** The required reference to an AMCOS: a column `amcos_id` that must name one. */
export const amcosRef = () =>
  uuid('amcos_id')
    .notNull()
    .references(() => amcos.id);
