import type { DistributionKind, InputPrice } from '@ushirika/contracts';
import { farmerTotal } from '@ushirika/domain';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { formatMoney } from '../../../lib/format.ts';
import { i18n } from '../../../lib/i18n.ts';

/**
 * Asks before the inputs are issued: the stock leaves the store and, on credit or subsidised, the
 * farmer gets a loan, both posted at once. Says how many items, from which store, and what the
 * farmer owes or pays, priced as the server will (a dash while a price is not known).
 */
export function confirmIssue(
  issue: {
    body: { kind: DistributionKind; lines?: { itemId: string; quantity: string }[] | undefined };
    farmer: string;
    store: string;
    prices: InputPrice[];
  },
  onConfirm: () => void,
): void {
  const lines = issue.body.lines ?? [];
  const priceOf = new Map(issue.prices.map((p) => [p.itemId, p]));
  const priced = lines.map((l) => ({ quantity: l.quantity, price: priceOf.get(l.itemId) }));
  const known = priced.flatMap((l) => (l.price ? [{ quantity: l.quantity, price: l.price }] : []));
  const amount = known.length === priced.length ? farmerTotal(issue.body.kind, known) : null;
  confirmAction({
    title: i18n.t('inputs.distributions.issueTitle'),
    message: [
      i18n.t('inputs.distributions.issueConfirm.items', {
        count: lines.length,
        store: issue.store,
        farmer: issue.farmer,
      }),
      i18n.t(`inputs.distributions.issueConfirm.${issue.body.kind}`, {
        amount: amount === null ? '—' : formatMoney(amount),
      }),
      i18n.t('inputs.distributions.issueConfirm.final'),
    ].join(' '),
    confirmLabel: i18n.t('inputs.distributions.issue'),
    danger: false,
    onConfirm,
  });
}
