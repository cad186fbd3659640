import { z } from 'zod';
import type { Config } from '../../../../config.ts';
import type { DbOrTx } from '../../../../db/client.ts';
import type { PayoutProvider } from '../provider.ts';
import { createSimulator } from '../simulator.ts';
import { azampayConfig, createAzampay } from './azampay/azampay.ts';
import { sentPaymentReader } from './azampay/sent-payment.ts';
import { createMpesaTz, mpesaTzConfig } from './mpesa-tz/mpesa-tz.ts';

/** What an adapter may need beside its own settings: the database and the app's configuration. */
export type ProviderDeps = { db: DbOrTx; config: Config };

/** One setting a provider asks for, as the settings screen shows it; a secret is never shown again. */
export type ProviderField = { key: string; label: string; labelSw?: string; secret: boolean };

export type ProviderEntry<S extends z.ZodType = z.ZodType> = {
  kind: string;
  label: string;
  /** The provider's settings, as stored (decrypted) for the union. */
  schema: S;
  fields: ProviderField[];
  create(config: z.output<S>, deps: ProviderDeps): PayoutProvider;
};

const entry = <S extends z.ZodType>(e: ProviderEntry<S>) => e;

/**
 * The payout providers the union can configure (#30), keyed by kind. The simulator needs no
 * settings: its fault knobs come from the environment (PAYOUT_SIM_*).
 */
export const payoutProviders = {
  simulator: entry({
    kind: 'simulator',
    label: 'Simulator (demo and training)',
    schema: z.object({}),
    fields: [],
    create: (_config, deps) => createSimulator(deps.db, deps.config.payouts.simulator),
  }),
  'mpesa-tz': entry({
    kind: 'mpesa-tz',
    label: 'M-Pesa Tanzania (Vodacom open API)',
    schema: mpesaTzConfig,
    fields: [
      {
        key: 'environment',
        label: 'Environment (sandbox or live)',
        labelSw: 'Mazingira (sandbox au live)',
        secret: false,
      },
      { key: 'apiKey', label: 'API key', labelSw: 'Ufunguo wa API', secret: true },
      { key: 'publicKey', label: 'Public key', labelSw: 'Ufunguo wa umma', secret: false },
      {
        key: 'serviceProviderCode',
        label: 'Service provider code',
        labelSw: 'Namba ya mtoa huduma',
        secret: false,
      },
      { key: 'callbackToken', label: 'Callback token', labelSw: 'Tokeni ya majibu', secret: true },
      { key: 'fee', label: 'Fee per payment (TZS)', labelSw: 'Ada kwa kila malipo (TZS)', secret: false },
    ],
    create: (config) => createMpesaTz(config),
  }),
  azampay: entry({
    kind: 'azampay',
    label: 'AzamPay (mobile money and banks)',
    schema: azampayConfig,
    fields: [
      {
        key: 'environment',
        label: 'Environment (sandbox or live)',
        labelSw: 'Mazingira (sandbox au live)',
        secret: false,
      },
      { key: 'appName', label: 'App name', labelSw: 'Jina la programu', secret: false },
      { key: 'clientId', label: 'Client ID', labelSw: 'Kitambulisho cha mteja', secret: false },
      { key: 'clientSecret', label: 'Client secret', labelSw: 'Siri ya mteja', secret: true },
      { key: 'apiKey', label: 'API key', labelSw: 'Ufunguo wa API', secret: true },
      {
        key: 'sourceName',
        label: 'Source account name',
        labelSw: 'Jina la akaunti ya chanzo',
        secret: false,
      },
      {
        key: 'sourceBank',
        label: 'Source bank or wallet',
        labelSw: 'Benki au pochi ya chanzo',
        secret: false,
      },
      {
        key: 'sourceAccount',
        label: 'Source account number',
        labelSw: 'Namba ya akaunti ya chanzo',
        secret: false,
      },
      { key: 'transferType', label: 'Transfer type', labelSw: 'Aina ya uhamisho', secret: false },
      {
        key: 'checksumPublicKey',
        label: 'Checksum public key',
        labelSw: 'Ufunguo wa umma wa checksum',
        secret: false,
      },
      {
        key: 'checksumLookupFields',
        label: 'Checksum fields of a name lookup (comma-separated)',
        labelSw: 'Sehemu za checksum za kuhakiki jina (zikitenganishwa kwa koma)',
        secret: false,
      },
      {
        key: 'checksumDisburseFields',
        label: 'Checksum fields of a payment (comma-separated)',
        labelSw: 'Sehemu za checksum za malipo (zikitenganishwa kwa koma)',
        secret: false,
      },
      { key: 'callbackToken', label: 'Callback token', labelSw: 'Tokeni ya majibu', secret: true },
      {
        key: 'feeMobile',
        label: 'Fee per mobile payment (TZS)',
        labelSw: 'Ada kwa malipo ya simu (TZS)',
        secret: false,
      },
      {
        key: 'feeBank',
        label: 'Fee per bank payment (TZS)',
        labelSw: 'Ada kwa malipo ya benki (TZS)',
        secret: false,
      },
    ],
    create: (config, deps) => createAzampay(config, { sentPayment: sentPaymentReader(deps.db) }),
  }),
};

export type ProviderKind = keyof typeof payoutProviders;

export const providerKinds = Object.keys(payoutProviders) as ProviderKind[];

export const isProviderKind = (kind: string): kind is ProviderKind => Object.hasOwn(payoutProviders, kind);

/** Reads a kind's stored settings and builds its adapter; bad settings throw a ZodError. */
export function createPayoutProvider(
  kind: ProviderKind,
  config: unknown,
  deps: ProviderDeps,
): PayoutProvider {
  const e: ProviderEntry = payoutProviders[kind];
  return e.create(e.schema.parse(config), deps);
}
