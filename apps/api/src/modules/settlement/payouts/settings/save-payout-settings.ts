import type { PayoutChannelName, PayoutSettings, PayoutSettingsBody } from '@ushirika/contracts';
import type { DbOrTx } from '../../../../db/client.ts';
import type { Actor } from '../../../../platform/access.ts';
import { recordAudit } from '../../../../platform/audit.ts';
import { ConflictError, fieldError, ValidationError } from '../../../../platform/errors.ts';
import { isProviderKind, type ProviderEntry, payoutProviders } from '../providers/registry.ts';
import { payoutChannelProviders, payoutProviderSettings } from './schema.ts';
import {
  openSecret,
  SecretKeyMissingError,
  type SecretKeys,
  SecretUnreadableError,
  sealSecret,
} from './secret-box.ts';
import { readPayoutSettings, type StoredProvider, secretContext, storedPayoutSettings } from './stored.ts';

/** The one settings set's history id (a valid UUID, so the history route accepts it). */
export const PAYOUT_SETTINGS_AUDIT_ID = '00000000-0000-4000-8000-000000000003';

const CHANNELS: PayoutChannelName[] = ['mobile', 'bank'];

type Row = { kind: string; fields: Record<string, string>; secrets: Record<string, string> };

/**
 * Saves the union's payout providers and which one pays each channel, in one transaction. Each
 * provider's secrets are sealed (a blank one keeps the stored value, re-sealed under the current
 * key, which is how a key rotation completes); the whole is checked against the provider's own
 * settings schema. The history records which fields changed and which secrets are set, never a
 * secret's value.
 */
export async function savePayoutSettings(
  db: DbOrTx,
  actor: Actor,
  input: { keys: SecretKeys; body: PayoutSettingsBody },
): Promise<PayoutSettings> {
  const { keys, body } = input;
  const entries = body.providers.map((p, i) => entryOf(p.kind, i, Object.keys(p.values)));
  return db.transaction(async (tx) => {
    const before = await storedPayoutSettings(tx);
    const rows = body.providers.map((p, i) =>
      sealedRow(keys, entries[i] as ProviderEntry, before.providers.get(p.kind), p.values, i),
    );
    for (const row of rows) {
      const set = { fields: row.fields, secrets: row.secrets, updatedBy: actor.userId };
      await tx
        .insert(payoutProviderSettings)
        .values({ kind: row.kind, ...set })
        .onConflictDoUpdate({ target: payoutProviderSettings.kind, set });
    }
    const configured = new Set([...before.providers.keys(), ...rows.map((r) => r.kind)]);
    await mapChannels(tx, actor, body.channels, configured);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'updated',
      entity: 'payout_settings',
      entityId: PAYOUT_SETTINGS_AUDIT_ID,
      before: summary([...before.providers.values()], before.channels),
      after: summary(rows, body.channels),
    });
    return readPayoutSettings(tx, keys);
  });
}

/** A provider kind the server knows, with only the fields it asks for. */
function entryOf(kind: string, i: number, keys: string[]): ProviderEntry {
  if (!isProviderKind(kind)) throw fieldError(`providers.${i}.kind`, `There is no payout provider "${kind}"`);
  const entry: ProviderEntry = payoutProviders[kind];
  const unknown = keys.find((k) => !entry.fields.some((f) => f.key === k));
  if (unknown !== undefined)
    throw fieldError(`providers.${i}.values.${unknown}`, `${entry.label} has no setting "${unknown}"`);
  return entry;
}

/** A provider's row to store: plain values as given, secrets sealed (blank keeps the stored one). */
function sealedRow(
  keys: SecretKeys,
  entry: ProviderEntry,
  stored: StoredProvider | undefined,
  values: Record<string, string>,
  i: number,
): Row {
  const fields: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  const opened: Record<string, string> = {};
  for (const field of entry.fields) {
    const given = values[field.key]?.trim() ?? '';
    const context = secretContext(entry.kind, field.key);
    const kept = stored?.secrets[field.key];
    const plain = !field.secret
      ? given
      : given || (kept === undefined ? '' : openKept(keys, context, kept, i));
    if (!plain) continue;
    if (field.secret)
      secrets[field.key] = sealWithKey(keys, context, plain, `providers.${i}.values.${field.key}`);
    else fields[field.key] = plain;
    opened[field.key] = plain;
  }
  const parsed = entry.schema.safeParse(opened);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = `providers.${i}.values.${issue.path.join('.')}`;
      errors[field] = [...(errors[field] ?? []), issue.message];
    }
    throw new ValidationError(`The settings of ${entry.label} are not complete or not valid`, errors);
  }
  return { kind: entry.kind, fields, secrets };
}

function sealWithKey(keys: SecretKeys, context: string, plain: string, field: string): string {
  try {
    return sealSecret(keys, context, plain);
  } catch (error) {
    if (error instanceof SecretKeyMissingError)
      throw new ConflictError(error.message, { [field]: [error.message] });
    throw error;
  }
}

function openKept(keys: SecretKeys, context: string, sealed: string, i: number): string {
  try {
    return openSecret(keys, context, sealed);
  } catch (error) {
    if (error instanceof SecretKeyMissingError || error instanceof SecretUnreadableError)
      throw new ConflictError(`${error.message}; enter the secret again`, {
        [`providers.${i}`]: [error.message],
      });
    throw error;
  }
}

/** Points each channel at a configured provider, or at none. */
async function mapChannels(
  tx: DbOrTx,
  actor: Actor,
  channels: PayoutSettingsBody['channels'],
  configured: Set<string>,
): Promise<void> {
  for (const channel of CHANNELS) {
    const kind = channels[channel];
    if (kind !== null && !configured.has(kind))
      throw fieldError(`channels.${channel}`, `Configure the payout provider "${kind}" before choosing it`);
  }
  await tx.delete(payoutChannelProviders);
  const rows = CHANNELS.flatMap((channel) => {
    const kind = channels[channel];
    return kind === null ? [] : [{ channel, kind, updatedBy: actor.userId }];
  });
  if (rows.length) await tx.insert(payoutChannelProviders).values(rows);
}

/** What the history keeps: plain values, which secrets are set (never their values), the channels. */
function summary(rows: Row[], channels: PayoutSettingsBody['channels']) {
  return {
    providers: Object.fromEntries(
      rows.map((r) => [r.kind, { values: r.fields, sealedFields: Object.keys(r.secrets).sort() }]),
    ),
    channels,
  };
}
