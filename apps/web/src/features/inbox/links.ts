import { type InboxItem, type InboxSource, type RouteName, routePath } from '@ushirika/contracts';

/** The list each source's records live in: where the sidebar shows its count. */
export const INBOX_LIST_ROUTE: Record<InboxSource, RouteName> = {
  journal_entries: 'journal_entries',
  vouchers: 'payments_and_receipts',
  bank_transfers: 'bank_transfers',
  budgets: 'budget',
  budget_adjustments: 'budget',
  purchase_orders: 'purchase_orders',
  purchase_invoices: 'purchase_invoices',
  supplier_payments: 'purchase_payments',
  input_requests: 'farmer_requests',
  requests_to_issue: 'distributions',
  settlements: 'whr_payments',
  payment_batches: 'farmer_payments',
  batches_to_pay: 'farmer_payments',
  farmer_loans: 'loans',
  stock_transfers: 'transfers',
  circulars: 'circulars',
  offline_receipts: 'offline_receipts',
  second_payments: 'second_payments',
};

const search = (name: RouteName, item: InboxItem) =>
  `${routePath(name)}?search=${encodeURIComponent(item.number)}`;

/** A payment batch's page: farmers' batches open below their list, the others have their own page. */
function batchPath(item: InboxItem): string {
  switch (item.party) {
    case 'amcos':
      return routePath('amcos_payment_details', { id: item.id });
    case 'beneficiary':
      return routePath('beneficiary_payment_details', { id: item.id });
    case 'transporter':
      return routePath('transporter_payment_details', { id: item.id });
    default:
      return `${routePath('farmer_payments')}?batch=${item.id}`;
  }
}

/**
 * Where a waiting record opens with its action: its details page, or its list filtered to it where
 * the list is where the action is (vouchers, transfers, advances), or the journal with the entry open.
 */
export const INBOX_LINK: Record<InboxSource, (item: InboxItem) => string> = {
  journal_entries: (i) => `${routePath('journal_entries')}?entry=${i.id}`,
  vouchers: (i) => search('payments_and_receipts', i),
  bank_transfers: (i) => search('bank_transfers', i),
  budgets: (i) => routePath('budget_details', { id: i.id }),
  budget_adjustments: (i) => routePath('budget_details', { id: i.parentId ?? '' }),
  purchase_orders: (i) => routePath('purchase_order_details', { id: i.id }),
  purchase_invoices: (i) => routePath('purchase_invoice_details', { id: i.id }),
  supplier_payments: (i) => routePath('purchase_payment_details', { id: i.id }),
  input_requests: (i) => routePath('farmer_request_details', { id: i.id }),
  requests_to_issue: (i) => `${routePath('distribution_create')}?request=${i.id}`,
  settlements: (i) => routePath('whr_payment_details', { id: i.id }),
  payment_batches: batchPath,
  batches_to_pay: batchPath,
  farmer_loans: (i) => search('loans', i),
  stock_transfers: (i) => routePath('transfer_details', { id: i.id }),
  circulars: (i) => routePath('circular_details', { id: i.id }),
  offline_receipts: (i) => `${search('offline_receipts', i)}&status=needs_review`,
  second_payments: (i) => routePath('second_payment_details', { id: i.id }),
};
