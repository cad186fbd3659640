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
});
