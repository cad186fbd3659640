import type { DistributionDetail } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { grouped } from '../../accounts/reports/pdf.ts';

const tzs = (amount: string) => `TZS ${grouped(dec(amount).toFixed(2))}`;

/** What the SMS says of a distribution (known before its number is: see createDistribution). */
export type SmsDistribution = Pick<
  DistributionDetail,
  'amcosName' | 'distributionNo' | 'kind' | 'farmerAmount' | 'subsidyAmount'
> & { lines: Pick<DistributionDetail['lines'][number], 'itemName' | 'unit' | 'quantity'>[] };

/**
 * The farmer's SMS (Swahili, like the collection receipt): what was given, what it costs them,
 * and everything they owe now. Amounts are decimal strings formatted by digit grouping, never
 * through a JS number.
 */
export function distributionSmsText(d: SmsDistribution, totalOwed: string): string {
  const given = d.lines.map((l) => `${l.itemName} ${l.unit} ${dec(l.quantity).toString()}`).join(', ');
  const cost =
    d.kind === 'free'
      ? 'Bila malipo.'
      : d.kind === 'cash'
        ? `Umelipa ${tzs(d.farmerAmount)} taslimu.`
        : `Deni la pembejeo hizi ${tzs(d.farmerAmount)}${d.kind === 'subsidised' ? ` (ruzuku ${tzs(d.subsidyAmount)})` : ''}.`;
  return `${d.amcosName}: Umepokea pembejeo ${d.distributionNo}: ${given}. ${cost} Jumla ya deni lako ${tzs(totalOwed)}, litakatwa kwenye malipo ya zao.`;
}
