import { type RouteName, routePath } from '@ushirika/contracts';
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

/** The names or numbers of the records an audit event names by id (the API's `refs`). */
export type Refs = Record<string, string>;

/**
 * A value as a person reads it: dates and amounts formatted, codes as words, records by their
 * name or number (`refs`).
 */
export function fieldValue(value: unknown, refs: Refs = {}): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return i18n.t(value ? 'common.yes' : 'common.no');
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return stringValue(value, refs);
  if (Array.isArray(value))
    return value.length === 0 ? '—' : value.map((v) => fieldValue(v, refs)).join(', ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.name === 'string') return record.name;
    return Object.entries(record)
      .map(([k, v]) => `${fieldName(k)} ${fieldValue(v, refs)}`)
      .join('; ');
  }
  return String(value);
}

function stringValue(value: string, refs: Refs): string {
  if (ISO_DATE.test(value)) return formatDate(value);
  if (ISO_DATE_TIME.test(value)) return formatDateTime(value);
  const decimal = DECIMAL.exec(value);
  if (decimal) return formatDecimal(value, decimal[1]?.length ?? 2);
  // A linked record by its name or number; a record the API could not name (removed since) by the
  // end of its id, the random part (the start is a timestamp two records made together share).
  if (UUID.test(value)) return refs[value.toLowerCase()] ?? `#${value.slice(-8)}`;
  if (!CODE.test(value)) return value;
  const known = translated(`history.values.${value}`) ?? translated(`status.${value}`);
  return known ?? (value.includes('_') ? humanize(value) : value);
}

/** The record screen an id field points at (issue #20: link ids to their records). */
const RECORD_SCREENS: Record<string, RouteName> = {
  amcosId: 'amcos_detils',
  farmerId: 'farmer_details',
  buyerId: 'buyer_details',
  auctionId: 'auction_details',
  invoiceId: 'sales_invoice_details',
  salesInvoiceId: 'sales_invoice_details',
  groupInvoiceId: 'group_invoice_details',
  receiptId: 'sales_receipt_details',
  salesReceiptId: 'sales_receipt_details',
  settlementId: 'whr_payment_details',
  deliveryNoteId: 'crop_dn_details',
  collectionId: 'receip_details',
  purchaseOrderId: 'purchase_order_details',
  orderId: 'purchase_order_details',
  purchaseInvoiceId: 'purchase_invoice_details',
  grnId: 'grn_details',
  budgetId: 'budget_details',
  boqId: 'boq_details',
  beneficiaryId: 'beneficiary_detils',
};
/** Journal entries open in the journal list's drawer: the list takes the entry's id. */
const JOURNAL_FIELDS = new Set(['journalEntryId', 'reversalOf', 'reversedBy', 'reversalEntryId']);

/** Where a field's value leads: the linked record's screen, or null for anything else. */
export function recordLink(field: string, value: unknown): string | null {
  if (typeof value !== 'string' || !UUID.test(value)) return null;
  if (JOURNAL_FIELDS.has(field)) return `${routePath('journal_entries')}?entry=${value}`;
  const screen = RECORD_SCREENS[field];
  return screen ? routePath(screen, { id: value }) : null;
}
