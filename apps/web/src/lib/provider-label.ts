import type { TFunction } from 'i18next';

/**
 * A payout provider's name in the reader's language (union.payouts.providers.<kind>); the
 * server's English name (or the kind) for a provider the screens do not list yet.
 */
export function providerLabel(t: TFunction, kind: string, fallback: string = kind): string {
  return t(`union.payouts.providers.${kind}`, { defaultValue: fallback });
}
