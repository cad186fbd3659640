import { formatDate, formatDateTime, formatDecimal } from './format.ts';
import { i18n } from './i18n.ts';

/**
 * How an audit trail reads (issue #20): action names and field names translated (or at least
 * written as words), values formatted as the screens show them, never raw codes or JSON.
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DECIMAL = /^-?\d+\.(\d+)$/;
const CODE = /^[a-z]+(_[a-z0-9]+)*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "rateBasis" -> "Rate basis", "per_trip" -> "Per trip", "journalEntryId" -> "Journal entry". */
export function humanize(name: string): string {
  const words = name
    .replace(/Id$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function translated(key: string): string | null {
  return i18n.exists(key) ? i18n.t(key as 'history.title') : null;
}

export function actionLabel(action: string): string {
  return translated(`history.actions.${action}`) ?? humanize(action);
}

export function fieldName(field: string): string {
  return translated(`history.fields.${field}`) ?? translated(`fields.${field}`) ?? humanize(field);
}

/** A value as a person reads it: dates and amounts formatted, codes as words, records by name. */
export function fieldValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return i18n.t(value ? 'common.yes' : 'common.no');
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return stringValue(value);
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(fieldValue).join(', ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.name === 'string') return record.name;
    return Object.entries(record)
      .map(([k, v]) => `${fieldName(k)} ${fieldValue(v)}`)
      .join('; ');
  }
  return String(value);
}

function stringValue(value: string): string {
  if (ISO_DATE.test(value)) return formatDate(value);
  if (ISO_DATE_TIME.test(value)) return formatDateTime(value);
  const decimal = DECIMAL.exec(value);
  if (decimal) return formatDecimal(value, decimal[1]?.length ?? 2);
  // A linked record's id: a short reference, not 36 characters of hex.
  if (UUID.test(value)) return `#${value.slice(0, 8)}`;
  if (!CODE.test(value)) return value;
  const known = translated(`history.values.${value}`) ?? translated(`status.${value}`);
  return known ?? (value.includes('_') ? humanize(value) : value);
}
