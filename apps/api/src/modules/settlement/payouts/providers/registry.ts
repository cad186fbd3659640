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

/**
 * One setting a provider asks for, as the settings screen shows it (by its key, in the reader's
 * language: union.payouts.fields.<key>; `label` is its English name); a secret is never shown again.
 */
export type ProviderField = { key: string; label: string; secret: boolean };

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
        secret: false,
      },
      { key: 'apiKey', label: 'API key', secret: true },
      { key: 'publicKey', label: 'Public key', secret: false },
      {
        key: 'serviceProviderCode',
        label: 'Service provider code',
        secret: false,
      },
      { key: 'callbackToken', label: 'Callback token', secret: true },
      { key: 'fee', label: 'Fee per payment (TZS)', secret: false },
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
        secret: false,
      },
      { key: 'appName', label: 'App name', secret: false },
      { key: 'clientId', label: 'Client ID', secret: false },
      { key: 'clientSecret', label: 'Client secret', secret: true },
      { key: 'apiKey', label: 'API key', secret: true },
      {
        key: 'sourceName',
        label: 'Source account name',
        secret: false,
      },
      {
        key: 'sourceBank',
        label: 'Source bank or wallet',
        secret: false,
      },
      {
        key: 'sourceAccount',
        label: 'Source account number',
        secret: false,
      },
      { key: 'transferType', label: 'Transfer type', secret: false },
      {
        key: 'checksumPublicKey',
        label: 'Checksum public key',
        secret: false,
      },
      {
        key: 'checksumLookupFields',
        label: 'Checksum fields of a name lookup (comma-separated)',
        secret: false,
      },
      {
        key: 'checksumDisburseFields',
        label: 'Checksum fields of a payment (comma-separated)',
        secret: false,
      },
      { key: 'callbackToken', label: 'Callback token', secret: true },
      {
        key: 'feeMobile',
        label: 'Fee per mobile payment (TZS)',
        secret: false,
      },
      {
        key: 'feeBank',
        label: 'Fee per bank payment (TZS)',
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
