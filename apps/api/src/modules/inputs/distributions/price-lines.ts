import type { DistributionKind, InputPrice } from '@ushirika/contracts';
import { dec, farmerUnitPrice, sum, toMoney } from '@ushirika/domain';
import type { MovedLine } from '../../inventory/ledgers/move-stock.ts';

export type PricedLine = {
  itemId: string;
  quantity: string;
  unitPrice: string;
  farmerValue: string;
  subsidyValue: string;
  unitCost: string;
  costValue: string;
};

/**
 * Values each line given: quantity x the farmer's unit price, quantity x the programme's share
 * (subsidised only), and the cost the stock left the store at. Totals are the sums of the lines,
 * so the postings add up to the lines exactly.
 */
export function priceLines(
  kind: DistributionKind,
  moved: MovedLine[],
  priceOf: (itemId: string) => InputPrice,
): { lines: PricedLine[]; farmer: string; subsidy: string; cost: string; margin: string } {
  const lines = moved.map((m) => {
    const price = priceOf(m.itemId);
    const unitPrice = farmerUnitPrice(kind, price) ?? '0.00';
    return {
      itemId: m.itemId,
      quantity: m.quantity,
      unitPrice,
      farmerValue: toMoney(dec(m.quantity).times(dec(unitPrice))),
      subsidyValue:
        kind === 'subsidised' ? toMoney(dec(m.quantity).times(dec(price.programmeShare))) : '0.00',
      unitCost: m.unitCost,
      costValue: m.value,
    };
  });
  const farmer = sum(lines.map((l) => l.farmerValue));
  const subsidy = sum(lines.map((l) => l.subsidyValue));
  const cost = sum(lines.map((l) => l.costValue));
  const margin = kind === 'free' ? dec(0) : farmer.plus(subsidy).minus(cost);
  return {
    lines,
    farmer: farmer.toFixed(2),
    subsidy: subsidy.toFixed(2),
    cost: cost.toFixed(2),
    margin: margin.toFixed(2),
  };
}
