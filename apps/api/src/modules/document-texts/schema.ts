import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/schema.ts';

/** The union's standard terms printed on every purchase order or sales invoice (#18), markdown. */
export const documentTerms = pgTable(
  'document_terms',
  {
    kind: text('kind', { enum: ['purchase_order', 'sales_invoice'] }).primaryKey(),
    terms: text('terms').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('document_terms_kind_check', sql`${t.kind} in ('purchase_order', 'sales_invoice')`)],
);

/** One note per purchase order or sales invoice (#18), markdown, printed on its PDF. */
export const documentNotes = pgTable(
  'document_notes',
  {
    kind: text('kind', { enum: ['purchase_order', 'sales_invoice'] }).notNull(),
    documentId: uuid('document_id').notNull(),
    note: text('note').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.documentId] }),
    check('document_notes_kind_check', sql`${t.kind} in ('purchase_order', 'sales_invoice')`),
  ],
);
