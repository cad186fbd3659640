import type { DistributionDetail } from '@ushirika/contracts';
import { toGroupedAmount, toGroupedQuantity } from '@ushirika/domain';
import { type Lang, unitLabel } from '../../../platform/labels.ts';
import { FARMER_SMS, fitList, SMS_LENGTH, smsText } from '../../../platform/sms-texts.ts';

/** What the SMS says of a distribution (known before its number is: see createDistribution). */
export type SmsDistribution = Pick<
  DistributionDetail,
  'amcosName' | 'distributionNo' | 'kind' | 'farmerAmount' | 'subsidyAmount'
> & {
  lines: (Pick<DistributionDetail['lines'][number], 'itemName' | 'unit' | 'quantity'> & {
    itemNameSw?: string | null;
  })[];
};

const TEMPLATE = {
  credit: FARMER_SMS.inputsOnCredit,
  subsidised: FARMER_SMS.inputsSubsidised,
  cash: FARMER_SMS.inputsForCash,
  free: FARMER_SMS.inputsFree,
} as const;

/** The distribution number the save's commit gives it (DS-2026-000001), for the room it takes. */
const FINAL_NUMBER_LENGTH = 'DS-2026-000001'.length;

/** How a shortened list of items reads: "na 2 zaidi" / "and 2 more", else "pembejeo 3" / "3 inputs". */
const SHORTENED = {
  sw: { more: (n: number) => `na ${n} zaidi`, counted: (n: number) => `pembejeo ${n}` },
  en: { more: (n: number) => `and ${n} more`, counted: (n: number) => `${n} input${n === 1 ? '' : 's'}` },
} as const;

/**
 * The farmer's SMS (FARMER_SMS) in the farmer's language, Swahili unless they chose English: the
 * society, what was given (each item by its name in that language, the quantity in its unit),
 * what it costs the farmer and, for a loan, everything they owe now. The list of items is
 * shortened so the message stays one SMS. Amounts are decimal strings grouped by digit, never
 * through a JS number.
 */
export function distributionSmsText(d: SmsDistribution, totalOwed: string, lang: Lang = 'sw'): string {
  const values = {
    society: d.amcosName,
    amount: toGroupedAmount(d.farmerAmount),
    subsidy: toGroupedAmount(d.subsidyAmount),
    owed: toGroupedAmount(totalOwed),
    reference: d.distributionNo,
  };
  const template = TEMPLATE[d.kind][lang];
  const items = d.lines.map((l) => {
    const unit = unitLabel(lang, l.unit, l.quantity);
    const quantity = toGroupedQuantity(l.quantity);
    // Swahili names the unit before the number (mifuko 4), English after it (4 bags).
    const amount = lang === 'sw' ? `${unit} ${quantity}` : `${quantity} ${unit}`;
    return `${(lang === 'sw' && l.itemNameSw) || l.itemName} (${amount})`;
  });
  const rest = smsText(template, { ...values, items: '', reference: 'x'.repeat(FINAL_NUMBER_LENGTH) });
  const room = SMS_LENGTH - rest.length;
  const words = SHORTENED[lang];
  return smsText(template, {
    ...values,
    items: fitList(items, room, words.counted(items.length), words.more),
  });
}
