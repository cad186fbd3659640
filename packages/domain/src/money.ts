import Decimal from 'decimal.js';

/** A private Decimal constructor: 40 significant digits, half-up rounding, never floats. */
export const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;
export type DecimalLike = Dec | string | number;

const MONEY_RE = /^-?\d+(\.\d+)?$/;

/** Parses a money/quantity string from the wire or the database; refuses anything else. */
export function dec(value: DecimalLike): Dec {
  if (typeof value === 'number' && !Number.isInteger(value)) {
    throw new TypeError('Pass amounts as strings or integers, never fractional JS numbers');
  }
  if (typeof value === 'string' && !MONEY_RE.test(value.trim()))
    throw new TypeError(`Not a decimal: ${value}`);
  return new D(value);
}

/** Rounds half-up to `dp` places (2 for money, 3 for kg, 6 for rates). */
export const round = (value: DecimalLike, dp = 2): Dec => dec(value).toDecimalPlaces(dp, D.ROUND_HALF_UP);

/** The wire format: a plain string with exactly `dp` decimals, e.g. "1234.50". */
export const toMoney = (value: DecimalLike, dp = 2): string => round(value, dp).toFixed(dp);

/** For people to read (an SMS, a PDF): thousands grouped with commas, `dp` decimals: "1,234,567.50". */
export function toGroupedMoney(value: DecimalLike, dp = 2): string {
  const [whole = '0', fraction] = toMoney(value, dp).split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const grouped = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/**
 * A figure for a spreadsheet cell, which holds a binary double: the double whose shortest decimal
 * form is exactly this figure (true of every figure up to 15 significant digits, so a money amount
 * below 10 trillion reads back to the cent), or null when no double is (the cell keeps the text
 * rather than show another figure). The one place a money string becomes a JS number.
 */
export function spreadsheetNumber(value: string): number | null {
  if (!MONEY_RE.test(value)) return null;
  const double = Number(value);
  return Number.isFinite(double) && new D(double).eq(new D(value)) ? double : null;
}

/** An amount in a sentence (an SMS): grouped, and a whole amount without ".00": "1,234,567", "1,234.50". */
export function toGroupedAmount(value: DecimalLike, dp = 2): string {
  const grouped = toGroupedMoney(value, dp);
  return round(value, dp).isInteger() ? (grouped.split('.')[0] ?? grouped) : grouped;
}

/** A quantity (kg, bags, litres) for people to read: grouped, no trailing zeros: "1,234.5", "25". */
export function toGroupedQuantity(value: DecimalLike, dp = 3): string {
  const [whole = '0', fraction] = toMoney(value, dp)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '')
    .split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const grouped = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

export function sum(values: DecimalLike[]): Dec {
  return values.reduce<Dec>((acc, v) => acc.plus(dec(v)), new D(0));
}

/**
 * Splits `total` into parts proportional to `weights`, each rounded to `dp` places, so that the
 * parts add up exactly to the rounded total (largest remainder: the units lost to rounding go to
 * the parts with the largest remainders, ties to the earlier part).
 */
export function splitExact(total: DecimalLike, weights: DecimalLike[], dp = 2): Dec[] {
  const whole = round(total, dp);
  const ws = weights.map(dec);
  if (ws.some((w) => w.isNegative())) throw new RangeError('Weights cannot be negative');
  const weightSum = sum(ws);
  if (ws.length === 0) throw new RangeError('Nothing to split into');
  if (weightSum.isZero()) throw new RangeError('Weights add up to zero');
  const unit = new D(10).pow(-dp);
  const units = whole.div(unit); // the total in smallest units, an integer
  const raw = ws.map((w) => units.times(w).div(weightSum));
  const floors = raw.map((r) => r.floor());
  let left = units.minus(sum(floors)).toNumber();
  const order = raw
    .map((r, i) => ({ i, rem: r.minus(floors[i] ?? 0) }))
    .sort((a, b) => b.rem.comparedTo(a.rem) || a.i - b.i);
  const parts = [...floors];
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? new D(0)).plus(1);
    left -= 1;
  }
  return parts.map((p) => p.times(unit));
}

/**
 * A figure typed into an import sheet's cell, as a decimal string of `dp` places, or null when it
 * is not a non-negative number: thousands separators and spaces are allowed ("1,250,000.50"), and a
 * cell read back from a spreadsheet's double ("0.30000000000000004") is taken to `dp` places when
 * it is within a millionth of them. Empty text is zero.
 */
export function sheetFigure(text: string, dp = 2): string | null {
  const plain = text.replace(/[\s,]/g, '');
  if (plain === '') return (0).toFixed(dp);
  if (!/^\d+(\.\d+)?$/.test(plain)) return null;
  const exact = new D(plain);
  const rounded = exact.toDecimalPlaces(dp, D.ROUND_HALF_UP);
  return rounded.minus(exact).abs().lte('0.000001') ? rounded.toFixed(dp) : null;
}
