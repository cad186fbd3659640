import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.ts';
import { amcosRef } from '../amcos/schema.ts';
import { users } from '../users/schema.ts';

/** A circular the union published to its AMCOS (#18); the body is markdown from the editor. */
export const circulars = pgTable(
  'circulars',
  {
    id: id(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    audience: text('audience', { enum: ['all', 'chosen'] }).notNull(),
    smsNotice: boolean('sms_notice').notNull().default(false),
    publishedBy: uuid('published_by')
      .notNull()
      .references(() => users.id),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('circulars_published_idx').on(t.publishedAt, t.id),
    check('circulars_audience_check', sql`${t.audience} in ('all', 'chosen')`),
  ],
);

/** The AMCOS a circular went to: every active one at publication for `all`, else the chosen ones. */
export const circularRecipients = pgTable(
  'circular_recipients',
  {
    circularId: uuid('circular_id')
      .notNull()
      .references(() => circulars.id),
    amcosId: amcosRef(),
  },
  (t) => [
    primaryKey({ columns: [t.circularId, t.amcosId] }),
    index('circular_recipients_amcos_idx').on(t.amcosId),
  ],
);

/** A read receipt: an AMCOS user confirmed reading a circular sent to their society. */
export const circularReads = pgTable(
  'circular_reads',
  {
    circularId: uuid('circular_id')
      .notNull()
      .references(() => circulars.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amcosId: amcosRef(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.circularId, t.userId] }), index('circular_reads_user_idx').on(t.userId)],
);
