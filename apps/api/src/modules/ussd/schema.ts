import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { farmers } from '../farmers/schema.ts';
import { users } from '../users/schema.ts';

/**
 * A farmer's USSD PIN (#31): issued (or reset) by the AMCOS and sent to the farmer's phone by SMS,
 * changed by the farmer on the menu. Only its salted scrypt hash is kept. Three wrong PINs in a row
 * lock it until the AMCOS unlocks it or issues a new one. `language` is the farmer's last choice on
 * the menu (Swahili unless they chose English), which their SMS follow.
 */
export const farmerPins = pgTable(
  'farmer_pins',
  {
    farmerId: uuid('farmer_id')
      .primaryKey()
      .references(() => farmers.id),
    pinHash: text('pin_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    language: text('language', { enum: ['sw', 'en'] })
      .notNull()
      .default('sw'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issuedBy: uuid('issued_by').references(() => users.id),
    changedAt: timestamp('changed_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    check('farmer_pins_language_check', sql`${t.language} in ('sw', 'en')`),
    check('farmer_pins_failed_check', sql`${t.failedAttempts} >= 0`),
  ],
);

/**
 * The reply given to each step of a USSD session, by a hash of the session and its text (never the
 * text: it carries the PIN): the aggregator's retry of a step gets the same screen, and a wrong PIN
 * retried counts once. Kept a day.
 */
export const ussdReplies = pgTable(
  'ussd_replies',
  {
    stepKey: text('step_key').primaryKey(),
    reply: text('reply').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ussd_replies_created_idx').on(t.createdAt)],
);
