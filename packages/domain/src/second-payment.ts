import { type DecimalLike, dec, round, splitExact, sum, toMoney } from './money.ts';

/** A farmer's kg of the season crop a second payment is for (#32). */
export interface SecondPaymentFarmer {
  id: string;
  /** Net kg delivered (3 dp). */
  kg: DecimalLike;
}

export interface SecondPaymentSplit {
  /** All the kg. */
  kg: string;
  /** The rate times all the kg, rounded to the cent: what the lines add up to. */
  total: string;
  lines: { id: string; amount: string }[];
}

export class SecondPaymentError extends Error {
  constructor(
    readonly code: 'no_rate' | 'no_kg' | 'nothing_to_pay',
    message: string,
  ) {
    super(message);
  }
}

/**
 * A second payment to farmers (#32): an amount per kg times the kg each delivered. The whole is the
 * rate times all the kg, rounded to the cent once; it is split over the farmers by their kg,
 * largest remainder to the cent (`splitExact`, as settlement splits a lot), so the lines add up to
 * the whole exactly. Refuses a rate that is not positive, no kg, and a whole under a cent.
 */
export function splitSecondPayment(
  ratePerKg: DecimalLike,
  farmers: SecondPaymentFarmer[],
): SecondPaymentSplit {
  const rate = dec(ratePerKg);
  if (!rate.isPositive() || rate.isZero())
    throw new SecondPaymentError('no_rate', 'The amount per kg must be more than zero');
  const kgs = farmers.map((f) => round(f.kg, 3));
  const kg = sum(kgs);
  if (kg.isZero() || kg.isNegative())
    throw new SecondPaymentError('no_kg', 'No kg were delivered in this season and crop: nothing to pay');
  const total = round(kg.times(rate));
  if (total.isZero())
    throw new SecondPaymentError('nothing_to_pay', 'The amount per kg times the kg is under one cent');
  const parts = splitExact(total, kgs);
  return {
    kg: kg.toFixed(3),
    total: toMoney(total),
    lines: farmers.map((f, i) => ({ id: f.id, amount: toMoney(parts[i] ?? 0) })),
  };
}
