import { sql } from 'drizzle-orm';
import { check, date, index, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { authorship, id } from '../../../db/columns.ts';

/** A licensed crop buyer: bids at auctions, is invoiced for the lots it wins, pays the union. */
export const buyers = pgTable(
  'buyers',
  {
    id: id(),
    name: text('name').notNull(),
    tin: text('tin'),
    licenceNo: text('licence_no').notNull(),
    /** A buyer whose licence has expired cannot win a lot. */
    licenceExpiresOn: date('licence_expires_on'),
    bidCode: text('bid_code').notNull(),
    contactPerson: text('contact_person'),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    country: text('country').notNull().default('Tanzania'),
    bidSecurity: numeric('bid_security', { precision: 16, scale: 2 }).notNull().default('0'),
    status: text('status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    ...authorship(),
  },
  (t) => [
    uniqueIndex('buyers_bid_code_unique').on(t.bidCode),
    uniqueIndex('buyers_licence_no_unique').on(t.licenceNo),
    index('buyers_name_idx').on(t.name),
    check('buyers_status_check', sql`${t.status} in ('active', 'suspended')`),
    check('buyers_bid_security_check', sql`${t.bidSecurity} >= 0`),
  ],
);
