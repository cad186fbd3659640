import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../../../db/columns.ts';

/**
 * A payout provider the union has configured (#30), one row per kind: its plain settings as
 * JSON, and each secret sealed with AES-256-GCM under PAYOUT_SETTINGS_KEY (secret-box.ts). A
 * secret is never read back by the API: the settings screen learns only whether it is set.
 */
export const payoutProviderSettings = pgTable('payout_provider_settings', {
  kind: text('kind').primaryKey(),
  fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
  /** field key -> sealed value (`v1.<iv>.<tag>.<ciphertext>`, base64url). */
  secrets: jsonb('secrets').$type<Record<string, string>>().notNull().default({}),
  updatedBy: uuid('updated_by'),
  updatedAt: updatedAt(),
});

/** Which configured provider pays each channel (mobile wallets, bank accounts). */
export const payoutChannelProviders = pgTable(
  'payout_channel_providers',
  {
    channel: text('channel', { enum: ['mobile', 'bank'] }).primaryKey(),
    kind: text('kind')
      .notNull()
      .references(() => payoutProviderSettings.kind),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [check('payout_channel_providers_channel_check', sql`${t.channel} in ('mobile', 'bank')`)],
);
