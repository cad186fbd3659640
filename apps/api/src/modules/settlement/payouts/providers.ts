import type { PayoutChannelName } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Config } from '../../../config.ts';
import type { DbOrTx } from '../../../db/client.ts';
import {
  CallbackRejectedError,
  type PayoutCallback,
  type PayoutChannel,
  type PayoutProvider,
  type StatementRow,
} from './provider.ts';
import { createPayoutProvider, isProviderKind } from './providers/registry.ts';
import { payoutLines } from './schema.ts';
import type { SecretKeys } from './settings/secret-box.ts';
import { openedConfig, type StoredPayoutSettings, storedPayoutSettings } from './settings/stored.ts';

/** Set on a callback by the router before it is verified: which provider's route received it. */
const RECEIVED_BY = 'x-ushirika-payout-provider';
/** How long the settings read from the database are trusted before they are read again. */
const FRESH_MS = 5000;

export type PayoutRouter = PayoutProvider & {
  /** The provider kind paying each channel now: the union's settings, else PAYOUT_PROVIDER. */
  kindsByChannel(): Record<PayoutChannelName, string | null>;
  /** Whether any channel has a provider (from the last settings read). */
  active(): boolean;
  /** Reads the settings again (after a save, at start, and when they are older than a few seconds). */
  refresh(): Promise<void>;
  /**
   * A callback posted to the provider's own route: read by that provider's adapter when it pays a
   * channel or is set up in the settings; CallbackRejectedError otherwise, or when it is not genuine.
   */
  /**
   * The statement of these keys from the API of provider `kind`, or null when that provider offers
   * none (its statement is then imported as a file).
   */
  statementOf(kind: string, idempotencyKeys: string[]): Promise<StatementRow[] | null>;
  /** The fee provider `kind` charges for a payment (the tariff of the provider that paid a line). */
  feeOf(kind: string, channel: PayoutChannel, amount: string): Promise<string>;
  /** Whether provider `kind` offers its statement through its API. */
  offersStatement(kind: string): Promise<boolean>;
  receive(
    kind: string,
    headers: Record<string, string | undefined>,
    rawBody: string,
  ): Promise<PayoutCallback>;
};

export const settingsKeysOf = (config: Config): SecretKeys => ({
  current: config.payouts.settingsKey,
  previous: config.payouts.previousSettingsKey,
});

/**
 * The payout providers as one: each line goes through the provider its channel is mapped to in
 * the union's settings (falling back to PAYOUT_PROVIDER), and once sent it stays with the
 * provider recorded on it (its status is asked of that one). Each provider kind's adapter is built
 * once from its settings (secrets opened with PAYOUT_SETTINGS_KEY) and again when they change.
 */
export function payoutProviderOf(db: DbOrTx, config: Config): PayoutRouter {
  const fallback = config.payouts.provider === 'simulator' ? 'simulator' : null;
  let settings: StoredPayoutSettings = { providers: new Map(), channels: { mobile: null, bank: null } };
  let readAt = 0;
  const adapters = new Map<string, { stamp: string; provider: PayoutProvider }>();
  let deliver: ((headers: Record<string, string>, body: string) => Promise<void>) | undefined;

  const kindsByChannel = () => ({
    mobile: settings.channels.mobile ?? fallback,
    bank: settings.channels.bank ?? fallback,
  });
  const refresh = async () => {
    settings = await storedPayoutSettings(db);
    readAt = Date.now();
  };
  const fresh = async () => {
    if (Date.now() - readAt > FRESH_MS) await refresh();
  };

  function adapterOf(kind: string): PayoutProvider {
    if (!isProviderKind(kind)) throw new Error(`There is no payout provider "${kind}"`);
    const row = settings.providers.get(kind);
    const stamp = row ? row.updatedAt.toISOString() : 'environment';
    const built = adapters.get(kind);
    if (built?.stamp === stamp) return built.provider;
    const provider = createPayoutProvider(kind, row ? openedConfig(settingsKeysOf(config), row) : {}, {
      db,
      config,
    });
    provider.onCallback(async (headers, body) => deliver?.({ ...headers, [RECEIVED_BY]: kind }, body));
    adapters.set(kind, { stamp, provider });
    if (built) void built.provider.stop();
    return provider;
  }
  const forChannel = async (channel: PayoutChannel) => {
    await fresh();
    const kind = kindsByChannel()[channel];
    if (!kind) throw new Error(`No payout provider pays ${channel} accounts`);
    return adapterOf(kind);
  };
  const forLine = async (key: string) => {
    await fresh();
    const [line] = await db
      .select({ provider: payoutLines.provider })
      .from(payoutLines)
      .where(eq(payoutLines.paymentLineId, key));
    if (!line) throw new Error(`No payout line ${key}`);
    return adapterOf(line.provider);
  };

  return {
    name: 'settings',
    kindsByChannel,
    active: () => Object.values(kindsByChannel()).some((k) => k !== null),
    refresh,
    async nameLookup(account, expectedName) {
      return (await forChannel(account.channel)).nameLookup(account, expectedName);
    },
    async send(request) {
      if (!request.providerKind) return (await forLine(request.idempotencyKey)).send(request);
      await fresh();
      return adapterOf(request.providerKind).send(request);
    },
    async queryStatus(key) {
      return (await forLine(key)).queryStatus(key);
    },
    async statementOf(kind, keys) {
      await fresh();
      const adapter = adapterOf(kind);
      return adapter.statement ? adapter.statement(keys) : null;
    },
    async feeOf(kind, channel, amount) {
      await fresh();
      return adapterOf(kind).fee(channel, amount);
    },
    async offersStatement(kind) {
      await fresh();
      if (!isProviderKind(kind)) return false;
      try {
        return typeof adapterOf(kind).statement === 'function';
      } catch {
        return false; // not set up here
      }
    },
    async receive(kind, headers, rawBody) {
      await fresh();
      const known = isProviderKind(kind) && (settings.providers.has(kind) || kind === fallback);
      if (!known) throw new CallbackRejectedError(`No payout provider "${kind}" is set up here`);
      return adapterOf(kind).verifyCallback(headers, rawBody);
    },
    verifyCallback(headers, rawBody) {
      const kind = headers[RECEIVED_BY];
      const adapter = kind ? adapters.get(kind)?.provider : undefined;
      if (!adapter) throw new CallbackRejectedError('The callback came through no known provider');
      return adapter.verifyCallback(headers, rawBody);
    },
    fee(channel, amount) {
      const kind = kindsByChannel()[channel];
      if (!kind) throw new Error(`No payout provider pays ${channel} accounts`);
      return adapterOf(kind).fee(channel, amount);
    },
    onCallback(handler) {
      deliver = handler;
    },
    async stop() {
      const all = [...adapters.values()];
      adapters.clear();
      await Promise.all(all.map((a) => a.provider.stop()));
    },
  };
}
