import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps, updatedAt } from '../../db/columns.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The union's profile: exactly one row (id 1), created at bootstrap. The logo lives in the row. */
export const unionProfile = pgTable(
  'union_profile',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    registrationNo: text('registration_no'),
    tin: text('tin'),
    address: text('address'),
    region: text('region'),
    phone: text('phone'),
    email: text('email'),
    logo: bytea('logo'),
    logoType: text('logo_type'),
    updatedAt: updatedAt(),
  },
  (t) => [check('union_profile_single_row', sql`${t.id} = 1`)],
);

export const banks = pgTable('banks', {
  id: id(),
  name: text('name').notNull().unique('banks_name_unique'),
  shortCode: text('short_code').notNull().unique('banks_short_code_unique'),
  swift: text('swift'),
  active: boolean('active').notNull().default(true),
  ...timestamps(),
});

export const regions = pgTable('regions', {
  id: id(),
  name: text('name').notNull().unique('regions_name_unique'),
  code: text('code').notNull().unique('regions_code_unique'),
  ...timestamps(),
});

export const districts = pgTable(
  'districts',
  {
    id: id(),
    regionId: uuid('region_id')
      .notNull()
      .references(() => regions.id),
    name: text('name').notNull(),
    ...timestamps(),
  },
  (t) => [unique('districts_region_name_unique').on(t.regionId, t.name)],
);

/** Local government authority: receives the produce cess. */
export const councils = pgTable(
  'councils',
  {
    id: id(),
    districtId: uuid('district_id')
      .notNull()
      .references(() => districts.id),
    name: text('name').notNull().unique('councils_name_unique'),
    kind: text('kind', { enum: ['district', 'town', 'municipal', 'city'] }).notNull(),
    ...timestamps(),
  },
  (t) => [
    index('councils_district_idx').on(t.districtId),
    check('councils_kind_check', sql`${t.kind} in ('district', 'town', 'municipal', 'city')`),
  ],
);
