import type { DistributionDetail } from '@ushirika/contracts';
import { toGroupedAmount, toGroupedQuantity } from '@ushirika/domain';
import { unitLabel } from '../../../platform/labels.ts';
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

/**
 * The farmer's SMS (Swahili, FARMER_SMS): the society, what was given (each item by its Swahili
 * name, the quantity in its unit), what it costs the farmer and, for a loan, everything they owe
 * now. The list of items is shortened ("na 2 zaidi", else "pembejeo 3") so the message stays one SMS. Amounts are
 * decimal strings grouped by digit, never through a JS number.
 */
export function distributionSmsText(d: SmsDistribution, totalOwed: string): string {
  const values = {
    society: d.amcosName,
    amount: toGroupedAmount(d.farmerAmount),
    subsidy: toGroupedAmount(d.subsidyAmount),
    owed: toGroupedAmount(totalOwed),
    reference: d.distributionNo,
  };
  const template = TEMPLATE[d.kind].sw;
  const items = d.lines.map(
    (l) =>
      `${l.itemNameSw || l.itemName} (${unitLabel('sw', l.unit, l.quantity)} ${toGroupedQuantity(l.quantity)})`,
  );
  const rest = smsText(template, { ...values, items: '', reference: 'x'.repeat(FINAL_NUMBER_LENGTH) });
  const room = SMS_LENGTH - rest.length;
  return smsText(template, { ...values, items: fitList(items, room, `pembejeo ${items.length}`) });
}
