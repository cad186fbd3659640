import { D, type Dec, type DecimalLike, dec, round, sum } from './money.ts';

/** A line's base-currency (TZS) amount: the currency amount times the rate, half-up to the cent. */
export const baseAmount = (currencyAmount: DecimalLike, rate: DecimalLike): Dec =>
  round(dec(currencyAmount).times(dec(rate)), 2);

export type Sides = { debit: DecimalLike; credit: DecimalLike };
export type EntryTotals = { debit: Dec; credit: Dec; difference: Dec; balanced: boolean };

/**
 * Debit and credit totals of an entry's lines. Balanced means equal and above zero: an entry of
 * zero lines, or of nothing but zeros, moves nothing and is refused like an unbalanced one.
 */
export function entryTotals(lines: Sides[]): EntryTotals {
  const debit = sum(lines.map((l) => l.debit || '0'));
  const credit = sum(lines.map((l) => l.credit || '0'));
  return { debit, credit, difference: debit.minus(credit), balanced: debit.eq(credit) && debit.gt(0) };
}

/** Why a set of lines cannot be posted, or null when it can. Each line has one side above zero. */
export function entryProblem(lines: Sides[]): string | null {
  if (lines.length < 2) return 'An entry needs at least two lines';
  for (const [i, line] of lines.entries()) {
    const debit = dec(line.debit || '0');
    const credit = dec(line.credit || '0');
    if (debit.isNegative() || credit.isNegative()) return `Line ${i + 1}: amounts cannot be negative`;
    if (debit.gt(0) === credit.gt(0)) return `Line ${i + 1}: enter either a debit or a credit`;
  }
  const totals = entryTotals(lines);
  if (!totals.balanced) {
    return `Debits (${totals.debit.toFixed(2)}) must equal credits (${totals.credit.toFixed(2)})`;
  }
  return null;
}

/** A net balance (debit minus credit) shown in a debit or a credit column. */
export function toSides(net: DecimalLike): { debit: string; credit: string } {
  const n = dec(net);
  return n.isNegative()
    ? { debit: '0.00', credit: n.negated().toFixed(2) }
    : { debit: n.toFixed(2), credit: '0.00' };
}

export type Movement = { debit: DecimalLike; credit: DecimalLike };
export type TrialBalanceFigures = {
  openingDebit: string;
  openingCredit: string;
  periodDebit: string;
  periodCredit: string;
  closingDebit: string;
  closingCredit: string;
};

/** One account's trial-balance line from its movements before and within the period. */
export function trialBalanceLine(opening: Movement, period: Movement): TrialBalanceFigures {
  const openingNet = dec(opening.debit).minus(dec(opening.credit));
  const periodDebit = dec(period.debit);
  const periodCredit = dec(period.credit);
  const o = toSides(openingNet);
  const c = toSides(openingNet.plus(periodDebit).minus(periodCredit));
  return {
    openingDebit: o.debit,
    openingCredit: o.credit,
    periodDebit: periodDebit.toFixed(2),
    periodCredit: periodCredit.toFixed(2),
    closingDebit: c.debit,
    closingCredit: c.credit,
  };
}

/** Column totals; a trial balance balances when each pair of columns is equal. */
export function trialBalanceTotals(rows: TrialBalanceFigures[]): TrialBalanceFigures & { balanced: boolean } {
  const col = (k: keyof TrialBalanceFigures) => sum(rows.map((r) => r[k])).toFixed(2);
  const t = {
    openingDebit: col('openingDebit'),
    openingCredit: col('openingCredit'),
    periodDebit: col('periodDebit'),
    periodCredit: col('periodCredit'),
    closingDebit: col('closingDebit'),
    closingCredit: col('closingCredit'),
  };
  const balanced =
    t.openingDebit === t.openingCredit &&
    t.periodDebit === t.periodCredit &&
    t.closingDebit === t.closingCredit;
  return { ...t, balanced };
}

/** Running balances (debit minus credit) after each line, starting from `opening`. */
export function runningBalances(opening: DecimalLike, lines: Sides[]): string[] {
  let balance = dec(opening);
  return lines.map((l) => {
    balance = balance.plus(dec(l.debit)).minus(dec(l.credit));
    return balance.toFixed(2);
  });
}

export const ZERO: Dec = new D(0);
