import { D, type Dec, type DecimalLike, dec, round, splitExact, sum, toMoney } from './money.ts';

/** One member of the union (an AMCOS) as the appropriation sees it. */
export interface AppropriationMember {
  id: string;
  /** Paid-up share capital at year end (TZS, 2 dp). */
  paidShares: DecimalLike;
  /** Kg the member delivered in the season (3 dp). */
  kg: DecimalLike;
}

export interface AppropriationInput {
  /** The closed year's surplus to distribute (must be positive). */
  surplus: DecimalLike;
  /** Statutory reserve as a percentage of the surplus (the by-laws' figure, a setting). */
  reservePercent: DecimalLike;
  /** Dividend as a percentage of paid-up share capital. */
  dividendPercent: DecimalLike;
  /** Patronage bonus in TZS per kg delivered. */
  bonusPerKg: DecimalLike;
  members: AppropriationMember[];
}

export interface AppropriationLine {
  id: string;
  dividend: string;
  bonus: string;
  /** dividend + bonus: what the member is owed. */
  payable: string;
}

export interface Appropriation {
  surplus: string;
  reserve: string;
  dividend: string;
  bonus: string;
  /** What is left of the surplus: stays as retained surplus. */
  retained: string;
  lines: AppropriationLine[];
}

export class AppropriationError extends Error {
  constructor(
    readonly code: 'surplus_not_positive' | 'negative_rate' | 'exceeds_surplus',
    message: string,
  ) {
    super(message);
  }
}

function splitOrZero(total: Dec, weights: Dec[]): Dec[] {
  if (total.isZero() || sum(weights).isZero()) return weights.map(() => new D(0));
  return splitExact(total, weights);
}

/**
 * The board's appropriation of a year's surplus: the statutory reserve (a percentage of the
 * surplus), a dividend (a percentage of the total paid-up share capital, split over the members by
 * their paid shares) and a patronage bonus (a rate per kg times the total kg, split over the members
 * by their kg). Each total is rounded to the cent first, then split largest-remainder so the lines
 * add up to it exactly; whatever is left is retained surplus, so
 * reserve + dividend + bonus + retained = surplus, to the cent. Throws when the three take more
 * than the surplus.
 */
export function appropriateSurplus(input: AppropriationInput): Appropriation {
  const surplus = round(input.surplus);
  if (!surplus.isPositive() || surplus.isZero())
    throw new AppropriationError('surplus_not_positive', 'There is no surplus to appropriate');
  const reservePct = dec(input.reservePercent);
  const dividendPct = dec(input.dividendPercent);
  const perKg = dec(input.bonusPerKg);
  if ([reservePct, dividendPct, perKg].some((r) => r.isNegative()))
    throw new AppropriationError('negative_rate', 'Rates cannot be negative');
  const shares = input.members.map((m) => round(m.paidShares));
  const kgs = input.members.map((m) => round(m.kg, 3));
  const reserve = round(surplus.times(reservePct).div(100));
  const dividend = round(sum(shares).times(dividendPct).div(100));
  const bonus = round(sum(kgs).times(perKg));
  const retained = surplus.minus(reserve).minus(dividend).minus(bonus);
  if (retained.isNegative())
    throw new AppropriationError(
      'exceeds_surplus',
      `Reserve, dividend and bonus (${toMoney(surplus.minus(retained))}) exceed the surplus (${toMoney(surplus)})`,
    );
  const dividends = splitOrZero(dividend, shares);
  const bonuses = splitOrZero(bonus, kgs);
  return {
    surplus: toMoney(surplus),
    reserve: toMoney(reserve),
    dividend: toMoney(dividend),
    bonus: toMoney(bonus),
    retained: toMoney(retained),
    lines: input.members.map((m, i) => {
      const d = dividends[i] ?? new D(0);
      const b = bonuses[i] ?? new D(0);
      return { id: m.id, dividend: toMoney(d), bonus: toMoney(b), payable: toMoney(d.plus(b)) };
    }),
  };
}

/**
 * What an AMCOS's dividend and bonus pay of its unpaid shares first (#32): nothing unless it chose
 * so, else the smaller of what it is owed and its unpaid shares; the rest is paid to it.
 */
export function toSharesFirst(input: { payable: string; unpaidShares: string; chose: boolean }): {
  toShares: string;
  toPay: string;
} {
  const payable = dec(input.payable);
  const unpaid = D.max(dec(input.unpaidShares), 0);
  const toShares = input.chose ? D.min(payable, unpaid) : dec(0);
  return { toShares: toShares.toFixed(2), toPay: payable.minus(toShares).toFixed(2) };
}
