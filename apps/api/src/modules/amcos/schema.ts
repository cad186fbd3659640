import { sql } from 'drizzle-orm';
import { check, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns.ts';

/** Primary society. Minimal here; the master-data module adds its registration, location and bank. */
export const amcos = pgTable(
  'amcos',
  {
    id: id(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    status: text('status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('amcos_status_check', sql`${t.status} in ('active', 'suspended')`)],
);
