import type { UserDateFormat } from '@ushirika/contracts';
import { EAST_AFRICA_OFFSET_MS } from '@ushirika/domain';
import dayjs from 'dayjs';
import { i18n } from './i18n.ts';
import { getSession } from './session.ts';

/**
 * The display format of dates (dayjs tokens), DESIGN section 3: m/d/Y in English unless the
 * signed-in user chose d/m/Y (#37, kept on their record); d/m/Y in Swahili.
 */
export function dateFormat(): string {
  if (i18n.language === 'sw' || dateOrder() === 'dmy') return 'DD/MM/YYYY';
  return 'MM/DD/YYYY';
}

/** The signed-in user's date order (month/day/year before anyone signs in). */
export const dateOrder = (): UserDateFormat => getSession().user?.dateFormat ?? 'mdy';

/**
 * A calendar date as it is; a moment (a timestamp) on Tanzania's clock, as the server's files
 * print it, whatever time zone the browser runs in.
 */
function onTanzaniaClock(value: string | Date): dayjs.Dayjs {
  if (typeof value === 'string' && ISO_DAY.test(value)) return dayjs(value);
  const at = dayjs(value);
  if (!at.isValid()) return at;
  return dayjs(new Date(at.valueOf() + EAST_AFRICA_OFFSET_MS).toISOString().slice(0, 19));
}
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = onTanzaniaClock(value);
  return date.isValid() ? date.format(dateFormat()) : '';
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = onTanzaniaClock(value);
  return date.isValid() ? date.format(`${dateFormat()} HH:mm`) : '';
}

/**
 * Counts and other plain numbers, with thousands separators: grouped as the decimals are, so no
 * Intl number format is built for them (building one cost the weighing device's opening tens of
 * milliseconds with the CPU slowed 4×, #29).
 */
export function formatNumber(value: number, fractionDigits = 0): string {
  return Number.isFinite(value)
    ? formatDecimal(value.toFixed(fractionDigits), fractionDigits)
    : String(value);
}

/**
 * Decimal strings as the API sends them ("1234567.5"): grouped and padded by string operations,
 * never through a JS float, so large amounts keep every digit.
 */
export function formatDecimal(value: string, fractionDigits = 2): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const { group, decimal } = NUMBER_SEPARATORS;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  if (fractionDigits === 0) return `${sign}${grouped}`;
  const paddedFraction = fraction.padEnd(fractionDigits, '0').slice(0, fractionDigits);
  return `${sign}${grouped}${decimal}${paddedFraction}`;
}

/** Money with its currency code: "TZS 1,234,567.50". The base currency is TZS. */
export function formatMoney(amount: string, currency = 'TZS'): string {
  return `${currency} ${formatDecimal(amount, 2)}`;
}

/** An amount in a table cell or a field: 2 decimals, a dash when there is none. */
export function moneyOrDash(value: string | null | undefined): string {
  return value ? formatDecimal(value, 2) : '—';
}

/** Kilograms in a table cell: 3 decimals, a dash when there are none. */
export function kgOrDash(value: string | null | undefined): string {
  return value ? formatDecimal(value, 3) : '—';
}

/**
 * A record's name in the reader's language: the Swahili name the system gave its own reference
 * data (default accounts, crops, grades) on Swahili screens, else the name as entered.
 */
export function localName(row: { name: string; nameSw?: string | null | undefined }): string {
  return (i18n.language === 'sw' && row.nameSw) || row.name;
}

/** Kilograms carry 3 decimals (DESIGN section 3). */
export function formatKg(value: string): string {
  return `${formatDecimal(value, 3)} kg`;
}

/**
 * The separators of the two languages' locales, en-US and sw-TZ: "1,234.5" in each (CLDR; a unit
 * test reads them from Intl). Written here because building the first Intl number format costs
 * the weighing device's opening tens of milliseconds with the CPU slowed 4× (#29).
 */
export const NUMBER_SEPARATORS = { group: ',', decimal: '.' } as const;

/**
 * How a figure reads in a table cell: `money` 2 decimals ("1,234.50"), `amount` with the
 * currency ("TZS 1,234.50"), `kg` with the unit ("1,234.500 kg"), `quantity` 3 decimals, `count` a
 * whole number grouped, `date` the reader's date, `text` as it is. Figures align right; an empty
 * value reads as a dash.
 */
export type FigureKind = 'text' | 'money' | 'amount' | 'kg' | 'quantity' | 'count' | 'date';

const NUMERIC_KINDS: ReadonlySet<FigureKind> = new Set(['money', 'amount', 'kg', 'quantity', 'count']);

/** Figures (all but text and dates) align right in a table. */
export const isNumericKind = (kind: FigureKind): boolean => NUMERIC_KINDS.has(kind);

/** A value as its kind reads, or a dash for none. */
export function formatFigure(kind: FigureKind, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  // Numbers are counts (bags, lines); money and quantities come as decimal strings.
  if (typeof value === 'number') return kind === 'text' ? String(value) : formatNumber(value);
  switch (kind) {
    case 'money':
      return moneyOrDash(value);
    case 'amount':
      return formatMoney(value);
    case 'kg':
      return formatKg(value);
    case 'quantity':
      return formatDecimal(value, 3);
    case 'count':
      return formatDecimal(value, 0);
    case 'date':
      return formatDate(value);
    default:
      return value;
  }
}
