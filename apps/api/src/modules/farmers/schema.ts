import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { authorship, id, timestamps } from '../../db/columns.ts';
import { amcos, amcosRef } from '../amcos/schema.ts';
import { banks } from '../cooperative/schema.ts';
import { crops } from '../seasons/schema.ts';

/**
 * Text compared byte by byte (collation "C") whatever the database's default collation: a btree
 * over it serves `LIKE 'abc%'` as an index range and `ORDER BY` in the same order.
 */
const bytewiseText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text collate "C"',
});

/** Per-AMCOS farmer number counter: only ever goes up, so a number is never given out twice. */
export const farmerSequences = pgTable('farmer_sequences', {
  amcosId: uuid('amcos_id')
    .primaryKey()
    .references(() => amcos.id),
  lastValue: integer('last_value').notNull(),
});

export const farmers = pgTable(
  'farmers',
  {
    id: id(),
    farmerNo: text('farmer_no').notNull(),
    amcosId: amcosRef(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    gender: text('gender', { enum: ['Male', 'Female'] }).notNull(),
    dateOfBirth: date('date_of_birth'),
    nationalId: text('national_id'),
    phone: text('phone'),
    bankId: uuid('bank_id').references(() => banks.id),
    accountNo: text('account_no'),
    village: text('village'),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    photo: text('photo'),
    /**
     * The farmer asked for no optional SMS (#31): news such as an auction's result. Messages about
     * their own crop and money (receipts, loans and inputs, settlement, payment, PIN) still go.
     */
    smsOptOut: boolean('sms_opt_out').notNull().default(false),
    ...authorship(),
    /** Lower-cased names: the name search matches their prefixes and the list sorts by them. */
    firstKey: bytewiseText('first_key').generatedAlwaysAs(sql`lower(first_name)`),
    middleKey: bytewiseText('middle_key').generatedAlwaysAs(sql`lower(middle_name)`),
    lastKey: bytewiseText('last_key').generatedAlwaysAs(sql`lower(last_name)`),
  },
  (t) => [
    uniqueIndex('farmers_farmer_no_unique').on(t.farmerNo),
    uniqueIndex('farmers_national_id_unique').on(t.nationalId).where(sql`${t.nationalId} is not null`),
    uniqueIndex('farmers_phone_unique').on(t.phone).where(sql`${t.phone} is not null`),
    // A partial phone number ("0754 12") is a prefix search: pattern ops serve LIKE '25575412%'.
    index('farmers_phone_prefix_idx').on(t.phone.op('text_pattern_ops')),
    // The start of a farmer number as the picker's user types it ("NAN02-000"), likewise (#27).
    index('farmers_farmer_no_prefix_idx').on(t.farmerNo.op('text_pattern_ops')),
    // Name order and name-prefix search by index-only scans: the first- and last-name branches each
    // read their index in (first, last, id) order and stop at the page; the trailing columns let an
    // AMCOS user's society and the other words of the search be checked without reading the table.
    index('farmers_first_key_idx').on(t.firstKey, t.lastKey, t.id, t.amcosId, t.middleKey),
    index('farmers_last_key_idx').on(t.lastKey, t.firstKey, t.id, t.amcosId, t.middleKey),
    index('farmers_amcos_name_idx').on(t.amcosId, t.firstKey, t.lastKey, t.id),
    check('farmers_gender_check', sql`${t.gender} in ('Male', 'Female')`),
    check('farmers_status_check', sql`${t.status} in ('active', 'inactive')`),
    check('farmers_national_id_check', sql`${t.nationalId} ~ '^[0-9]{20}$'`),
  ],
);

/** The required reference to a farmer: a column `farmer_id` that must name one. */
export const farmerRef = () =>
  uuid('farmer_id')
    .notNull()
    .references(() => farmers.id);

export const farms = pgTable(
  'farms',
  {
    id: id(),
    farmerId: farmerRef(),
    name: text('name').notNull(),
    cropId: uuid('crop_id').references(() => crops.id),
    acres: numeric('acres', { precision: 10, scale: 2 }).notNull(),
    trees: integer('trees'),
    latitude: numeric('latitude', { precision: 9, scale: 6 }),
    longitude: numeric('longitude', { precision: 9, scale: 6 }),
    /** GeoJSON Polygon `{type, coordinates: [[[lng, lat], ...]]}`, validated by the contract. */
    boundary: jsonb('boundary'),
    ...timestamps(),
  },
  (t) => [
    index('farms_farmer_idx').on(t.farmerId),
    check('farms_acres_check', sql`${t.acres} > 0`),
    check('farms_trees_check', sql`${t.trees} >= 0`),
    check('farms_location_pair', sql`(${t.latitude} is null) = (${t.longitude} is null)`),
  ],
);
