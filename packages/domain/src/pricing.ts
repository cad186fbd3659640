import { type Dec, type DecimalLike, dec, round, sum, toMoney } from './money.ts';

/**
 * A purchasing line as the order, the invoice and their screens price it: quantity x unit price
 * to the cent, and its VAT at the rate (a percentage) to the cent when the line bears VAT.
 */
export function priceLine(
  line: { quantity: DecimalLike; unitPrice: DecimalLike; vat: boolean },
  vatRate: DecimalLike,
): { amount: Dec; vatAmount: Dec } {
  const amount = round(dec(line.quantity).times(dec(line.unitPrice)), 2);
  const vatAmount = line.vat ? round(amount.times(dec(vatRate)).dividedBy(100), 2) : dec(0);
  return { amount, vatAmount };
}

/** The ways inputs reach a farmer (contracts' DISTRIBUTION_KINDS). */
export type InputKind = 'credit' | 'cash' | 'free' | 'subsidised';

/** A season's prices of one input to farmers. */
export type FarmerPrices = { creditPrice: string; cashPrice: string; subsidisedPrice: string | null };

/** What the farmer pays per unit for each kind: the credit, cash or subsidised price; nothing when free. */
export function farmerUnitPrice(kind: InputKind, price: FarmerPrices): string | null {
  if (kind === 'credit') return price.creditPrice;
  if (kind === 'cash') return price.cashPrice;
  if (kind === 'subsidised') return price.subsidisedPrice;
  return '0.00';
}

/**
 * What the farmer owes (on credit, subsidised) or pays (cash) for a distribution: each quantity
 * (to 3 decimals) x their unit price, to the cent, summed; null when an item has no such price.
 */
export function farmerTotal(
  kind: InputKind,
  lines: { quantity: DecimalLike; price: FarmerPrices }[],
): string | null {
  const values = lines.map((l) => {
    const unit = farmerUnitPrice(kind, l.price);
    return unit === null ? null : toMoney(dec(dec(l.quantity).toFixed(3)).times(dec(unit)));
  });
  if (values.some((v) => v === null)) return null;
  return sum(values as string[]).toFixed(2);
}
