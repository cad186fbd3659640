import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns.ts';
import { amcosRef } from '../amcos/schema.ts';
import { users } from '../users/schema.ts';

/** A note on a farmer or an AMCOS (#18), markdown, kept as written with its author and time. */
export const recordNotes = pgTable(
  'record_notes',
  {
    id: id(),
    subject: text('subject', { enum: ['farmer', 'amcos'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    /** The society the note is about (the farmer's, or the AMCOS itself): who may read it. */
    amcosId: amcosRef(),
    body: text('body').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('record_notes_subject_idx').on(t.subject, t.subjectId, t.createdAt),
    check('record_notes_subject_check', sql`${t.subject} in ('farmer', 'amcos')`),
  ],
);
