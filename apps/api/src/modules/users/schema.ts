import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { authorship, id } from '../../db/columns.ts';
import { amcos } from '../amcos/schema.ts';
import { roles } from '../roles/schema.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull().unique(),
    mobile: text('mobile').notNull(),
    gender: text('gender', { enum: ['Male', 'Female'] }).notNull(),
    profile: text('profile'),
    amcosId: uuid('amcos_id').references(() => amcos.id),
    passwordHash: text('password_hash').notNull(),
    isInitialPassword: boolean('is_initial_password').notNull().default(true),
    active: boolean('active').notNull().default(true),
    /** The language of the SMS sent to the user when they are not at a screen (welcome, notices). */
    language: text('language', { enum: ['en', 'sw'] })
      .notNull()
      .default('en'),
    /** How the user reads dates in English: mdy (SPEC's default) or dmy (#37); Swahili is always d/m/Y. */
    dateFormat: text('date_format', { enum: ['mdy', 'dmy'] })
      .notNull()
      .default('mdy'),
    ...authorship(),
    /** Lower-cased names, email and mobile for one trigram-indexed "contains" search. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(first_name || ' ' || last_name || ' ' || email || ' ' || mobile)`,
    ),
  },
  (t) => [
    // fastupdate off: bulk-added users are searchable through the index at once (PGlite has no autovacuum).
    index('users_search_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('users_amcos_idx').on(t.amcosId),
    index('users_name_idx').on(t.firstName, t.lastName, t.id),
    check('users_gender_check', sql`${t.gender} in ('Male', 'Female')`),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('users_language_check', sql`${t.language} in ('en', 'sw')`),
    check('users_date_format_check', sql`${t.dateFormat} in ('mdy', 'dmy')`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);
