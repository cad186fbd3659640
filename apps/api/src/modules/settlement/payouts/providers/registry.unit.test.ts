import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../../../config.ts';
import type { DbOrTx } from '../../../../db/client.ts';
import { createPayoutProvider, isProviderKind, payoutProviders, providerKinds } from './registry.ts';

const knobs = {
  timeoutRate: 0,
  duplicateCallbackRate: 0,
  nameMismatchRate: 0,
  failRate: 0,
  seed: 's',
  minMs: 0,
  maxMs: 0,
};
const deps = { db: {} as DbOrTx, config: { payouts: { simulator: knobs } } as Config };

describe('payout provider registry', () => {
  it('lists each kind with its settings schema and fields', () => {
    expect(providerKinds).toContain('simulator');
    for (const kind of providerKinds) {
      const e = payoutProviders[kind];
      expect(e.kind).toBe(kind);
      for (const f of e.fields) expect(f.label).toBeTruthy();
    }
    expect(isProviderKind('simulator')).toBe(true);
    expect(isProviderKind('toString')).toBe(false);
  });

  it('builds the simulator from no settings', async () => {
    const p = createPayoutProvider('simulator', {}, deps);
    expect(p.name).toBe('simulator');
    expect(p.fee('bank', '1000.00')).toBe('1500.00');
    await p.stop();
  });

  it('parses the real providers from the text the settings screen stores (every field a setting of the schema)', () => {
    const text: Record<string, Record<string, string>> = {
      'mpesa-tz': {
        environment: 'live',
        apiKey: 'k',
        publicKey: 'p',
        serviceProviderCode: '000000',
        callbackToken: '0123456789abcdef',
        fee: '250',
      },
      azampay: {
        appName: 'a',
        clientId: 'c',
        clientSecret: 's',
        apiKey: 'k',
        sourceName: 'UNION',
        sourceBank: 'Azampesa',
        sourceAccount: '255650000001',
        transferType: 'MNO',
        callbackToken: '0123456789abcdef',
        checksumDisburseFields: 'externalReferenceId, transferDetails.amount',
      },
    };
    for (const kind of ['mpesa-tz', 'azampay'] as const) {
      const e = payoutProviders[kind];
      const shape = Object.keys((e.schema as unknown as { shape: Record<string, unknown> }).shape);
      for (const f of e.fields) expect(shape, `${kind}.${f.key}`).toContain(f.key);
      expect(e.schema.safeParse(text[kind]).success, kind).toBe(true);
    }
    expect(payoutProviders.azampay.schema.parse(text.azampay).checksumDisburseFields).toEqual([
      'externalReferenceId',
      'transferDetails.amount',
    ]);
  });
});

describe('payout providers on the screens, in English and Swahili', () => {
  type Tree = { [key: string]: string | Tree };
  const locales = path.resolve(import.meta.dirname, '../../../../../../web/src/locales');
  const payoutTexts = (lang: string) => {
    const tree = JSON.parse(readFileSync(path.join(locales, `${lang}.json`), 'utf8')) as Tree;
    const payouts = (tree.union as Tree).payouts as Tree;
    return {
      providers: payouts.providers as Record<string, string>,
      fields: payouts.fields as Record<string, string>,
    };
  };
  const en = payoutTexts('en');
  const sw = payoutTexts('sw');

  it('names every provider and every setting it asks for in both languages (the English as the server names it)', () => {
    for (const kind of providerKinds) {
      const entry = payoutProviders[kind];
      expect(en.providers[kind], kind).toBe(entry.label);
      expect(sw.providers[kind], kind).toMatch(/\S/);
      expect(sw.providers[kind], kind).not.toBe(entry.label);
      for (const field of entry.fields) {
        expect(en.fields[field.key], `${kind}.${field.key}`).toBe(field.label);
        expect(sw.fields[field.key], `${kind}.${field.key}`).toMatch(/\S/);
      }
    }
    // No text for a provider or a setting that no longer exists.
    expect(Object.keys(en.providers).sort()).toEqual([...providerKinds].sort());
    const keys = new Set(providerKinds.flatMap((k) => payoutProviders[k].fields.map((f) => f.key)));
    expect(Object.keys(en.fields).sort()).toEqual([...keys].sort());
    expect(sw.fields.callbackToken).toBe('Tokeni ya majibu');
  });
});
