import { createHash } from 'node:crypto';
import { dec } from '@ushirika/domain';
import { ValidationError } from '../../../platform/errors.ts';

/** A statement line as read from a file; amounts are strings with two decimals. */
export type ParsedLine = {
  lineDate: string;
  valueDate: string | null;
  reference: string | null;
  description: string;
  amountIn: string;
  amountOut: string;
  balance: string | null;
  /** The bank's own unique reference (camt.053 AcctSvcrRef); the dedup key when present. */
  bankRef?: string | null;
};

/** A file's problem, named by its line: 400 and nothing written. */
export const fileError = (where: string, message: string) =>
  new ValidationError(`${where}: ${message}`, { content: [`${where}: ${message}`] });

const AMOUNT = /^-?\d+(\.\d+)?$/;

/**
 * "1,234.50", "(1,234.50)", "-1234.5", "1 234.50 CR", "8.850" -> a signed two-decimal string,
 * exactly. More decimals than the shilling's two are read when they are zeros (ISO 20022 allows
 * five); a real fraction of a cent is refused rather than rounded away.
 */
export function parseAmount(raw: string, where: string): string {
  let text = raw.trim().replace(/[\s,]/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (/DR$/i.test(text)) {
    negative = true;
    text = text.slice(0, -2);
  } else if (/CR$/i.test(text)) text = text.slice(0, -2);
  if (text.startsWith('+')) text = text.slice(1);
  if (!AMOUNT.test(text)) throw fileError(where, `"${raw}" is not an amount`);
  const value = dec(text);
  if (!value.times(100).isInteger()) throw fileError(where, `"${raw}" has a fraction of a cent`);
  return (negative ? value.neg() : value).toFixed(2);
}

/** Splits a signed amount into money in and money out. */
export function sides(signed: string, where: string): { amountIn: string; amountOut: string } {
  const value = dec(signed);
  if (value.isZero()) throw fileError(where, 'the amount is zero');
  return value.isNegative()
    ? { amountIn: '0.00', amountOut: value.neg().toFixed(2) }
    : { amountIn: value.toFixed(2), amountOut: '0.00' };
}

/** A real calendar date in YYYY-MM-DD, or the file's problem. */
export function isoDate(year: string, month: string, day: string, raw: string, where: string): string {
  const iso = `${year.padStart(4, '20')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso) {
    throw fileError(where, `"${raw}" is not a date`);
  }
  return iso;
}

/**
 * Each line's dedup key: the bank's reference when the file has one, else a hash of date, amount,
 * reference, description and running balance, numbered when the same line occurs twice in a file
 * (two identical charges on one day are two lines; re-importing the file gives the same keys).
 */
export function dedupKeys(lines: ParsedLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    if (l.bankRef) return `ref:${l.bankRef}`;
    const hash = createHash('sha256')
      .update(
        [l.lineDate, l.amountIn, l.amountOut, l.reference ?? '', l.description, l.balance ?? ''].join(
          '\u001f',
        ),
      )
      .digest('hex')
      .slice(0, 32);
    const n = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, n);
    return `h:${hash}:${n}`;
  });
}
