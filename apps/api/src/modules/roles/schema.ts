import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';

export const roles = pgTable(
  'roles',
  {
    id: id(),
    name: text('name').notNull().unique(),
    audience: text('audience', { enum: ['union', 'amcos'] }).notNull(),
    builtIn: boolean('built_in').notNull().default(false),
    permissions: text('permissions').array().notNull(),
    ...timestamps(),
  },
  (t) => [check('roles_audience_check', sql`${t.audience} in ('union', 'amcos')`)],
);
