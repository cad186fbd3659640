import { D, type Dec, dec, round } from '@ushirika/domain';

/**
 * The three-way match of one invoice line: its price against the order line's price, and its
 * quantity against what the GRNs received and earlier invoices have not billed yet (for a service,
 * which no GRN receives, against what was ordered and not billed: a two-way match). A line is
 * within tolerance when |price difference| <= ordered price x price tolerance % and the quantity
 * billed beyond what is open <= the open quantity x quantity tolerance %. Billing less than was
 * received is no difference: the rest is billed later.
 */
export function matchLine(input: {
  quantity: Dec;
  unitPrice: Dec;
  orderedPrice: Dec;
  receivedOpen: Dec;
  priceTolerancePercent: string;
  quantityTolerancePercent: string;
}) {
  const priceDifference = input.unitPrice.minus(input.orderedPrice);
  const quantityDifference = input.quantity.minus(input.receivedOpen);
  const priceSlack = round(input.orderedPrice.times(dec(input.priceTolerancePercent)).dividedBy(100), 2);
  const quantitySlack = round(
    D.max(input.receivedOpen, dec(0)).times(dec(input.quantityTolerancePercent)).dividedBy(100),
    3,
  );
  const withinTolerance = priceDifference.abs().lte(priceSlack) && quantityDifference.lte(quantitySlack);
  return { priceDifference, quantityDifference, withinTolerance };
}
