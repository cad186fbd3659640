import type { PayoutChannelName, PayoutSettings } from '@ushirika/contracts';
import type { DbOrTx } from '../../../../db/client.ts';
import { type ProviderEntry, payoutProviders } from '../providers/registry.ts';
import { payoutChannelProviders, payoutProviderSettings } from './schema.ts';
import { openSecret, type SecretKeys } from './secret-box.ts';

export type StoredProvider = typeof payoutProviderSettings.$inferSelect;
export type StoredPayoutSettings = {
  providers: Map<string, StoredProvider>;
  channels: Record<PayoutChannelName, string | null>;
};

/** The union's payout providers as stored (secrets still sealed) and the channel mapping. */
export async function storedPayoutSettings(db: DbOrTx): Promise<StoredPayoutSettings> {
  const rows = await db.select().from(payoutProviderSettings);
  const mapped = await db.select().from(payoutChannelProviders);
  const kindOf = (channel: PayoutChannelName) => mapped.find((m) => m.channel === channel)?.kind ?? null;
  return {
    providers: new Map(rows.map((r) => [r.kind, r])),
    channels: { mobile: kindOf('mobile'), bank: kindOf('bank') },
  };
}

/** The context a secret is sealed with: its provider and field, so it opens nowhere else. */
export const secretContext = (kind: string, field: string) => `${kind}.${field}`;

/** A stored provider's settings with its secrets opened: what its adapter is built from. */
export function openedConfig(keys: SecretKeys, row: StoredProvider): Record<string, string> {
  const secrets = Object.entries(row.secrets).map(([field, sealed]) => [
    field,
    openSecret(keys, secretContext(row.kind, field), sealed),
  ]);
  return { ...row.fields, ...Object.fromEntries(secrets) };
}

/** What the settings screen reads: every provider kind, its fields and plain values, which secrets are set. */
export async function readPayoutSettings(db: DbOrTx, keys: SecretKeys): Promise<PayoutSettings> {
  const stored = await storedPayoutSettings(db);
  return {
    providers: Object.values(payoutProviders).map((entry: ProviderEntry) => {
      const kind = entry.kind;
      const row = stored.providers.get(kind);
      return {
        kind,
        label: entry.label,
        fields: entry.fields.map((f) => ({
          key: f.key,
          label: f.label,
          secret: f.secret,
        })),
        configured: row !== undefined,
        values: row?.fields ?? {},
        secretsSet: Object.keys(row?.secrets ?? {}),
      };
    }),
    channels: stored.channels,
    keyConfigured: keys.current !== undefined,
  };
}

/** The startup check: secrets are stored but this server has no key to open them. */
export async function keyMissingProblem(db: DbOrTx, keys: SecretKeys): Promise<string | null> {
  if (keys.current) return null;
  const stored = await storedPayoutSettings(db);
  const sealed = [...stored.providers.values()].filter((r) => Object.keys(r.secrets).length > 0);
  if (!sealed.length) return null;
  return `PAYOUT_SETTINGS_KEY is not set, but the payout settings hold secrets of ${sealed
    .map((r) => r.kind)
    .join(', ')}: those providers cannot be used until the key they were saved with is set again`;
}
