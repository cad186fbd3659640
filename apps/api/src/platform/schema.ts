import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from '../db/columns.ts';

export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_events_entity_idx').on(t.entity, t.entityId, t.at)],
);

/** Gap-free document numbers: the row is locked by the UPDATE until the business transaction ends. */
export const documentSequences = pgTable(
  'document_sequences',
  {
    type: text('type').notNull(),
    year: integer('year').notNull(),
    lastValue: integer('last_value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.type, t.year] })],
);

/** Fixed-window counters kept in the database so limits hold across API processes. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/** Messages to send after the business transaction commits; a worker retries failures. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    recipient: text('recipient').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * The business event the message tells of (`settlement-approved:<settlement>:<farmer>`), for a
     * message that must go once per event: a retried action, or one run again, adds no second row.
     */
    eventKey: text('event_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sms_outbox_event_key_unique').on(t.eventKey).where(sql`${t.eventKey} is not null`),
    index('sms_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check('sms_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);
