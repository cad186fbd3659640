import type { DeliveryNote } from '@ushirika/contracts';
import type { TFunction } from 'i18next';
import { formatMoney } from '../../../lib/format.ts';

/**
 * The one transport figure of a note (#16): where a transporter deduction rule pays the carrier,
 * what that rule pays on the received kg (or that the rule pays it at settlement); otherwise the
 * charge fixed at dispatch. Never both.
 */
export function transportFigure(
  n: Pick<DeliveryNote, 'transportCharge' | 'transportRule'>,
  t: TFunction,
): string {
  const rule = n.transportRule;
  if (!rule) return n.transportCharge === null ? '—' : formatMoney(n.transportCharge);
  return rule.amount
    ? t('twoBooks.transportByRule', { amount: formatMoney(rule.amount), rule: rule.name })
    : t('twoBooks.transportRulePays', { rule: rule.name });
}
