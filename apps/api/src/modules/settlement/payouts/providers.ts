import type { Config } from '../../../config.ts';
import type { DbOrTx } from '../../../db/client.ts';
import type { PayoutProvider } from './provider.ts';
import { createPayoutProvider } from './providers/registry.ts';

/** The configured payout provider (PAYOUT_PROVIDER), or none: batches are then exported as files. */
export function payoutProviderOf(db: DbOrTx, config: Config): PayoutProvider | null {
  if (config.payouts.provider === 'simulator') return createPayoutProvider('simulator', {}, { db, config });
  return null;
}
