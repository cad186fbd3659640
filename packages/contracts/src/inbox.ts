import { z } from 'zod';
import { listQuery, paged, uuid } from './common.ts';

/**
 * "Waiting for me" (#27): every record the signed-in user may approve or act on, from one list of
 * sources. A source is one kind of record in one waiting state (draft journal entries, submitted
 * purchase orders, stock in transit to the user's store, receipts weighed offline and flagged
 * (#29)...). Another source is one more key here, one definition in the API's inbox/*-sources.ts
 * and one line in the web's inbox links: a second payment to farmers (#32) is one.
 */
export const INBOX_SOURCES = [
  'journal_entries',
  'vouchers',
  'bank_transfers',
  'budgets',
  'budget_adjustments',
  'purchase_orders',
  'purchase_invoices',
  'supplier_payments',
  'input_requests',
  'requests_to_issue',
  'settlements',
  'payment_batches',
  'batches_to_pay',
  'farmer_loans',
  'stock_transfers',
  'circulars',
  'offline_receipts',
  'second_payments',
] as const;
export const inboxSource = z.enum(INBOX_SOURCES);
export type InboxSource = z.infer<typeof inboxSource>;

/** How many records wait for the user, in all and per source (a source with none is left out). */
export const inboxCounts = z.object({
  total: z.number(),
  sources: z.partialRecord(inboxSource, z.number()),
});
export type InboxCounts = z.infer<typeof inboxCounts>;
export const inboxCountsReply = z.object({ data: inboxCounts });

/** One record waiting: what it is, for whom, how much, and since when. */
export const inboxItem = z.object({
  source: inboxSource,
  id: uuid,
  /** The record's number (a circular's title). */
  number: z.string(),
  /** Who the record is with: a supplier, a farmer, a store. */
  party: z.string().nullable(),
  description: z.string().nullable(),
  amount: z.string().nullable(),
  /** When the record started waiting for this step (ISO timestamp). */
  waitingSince: z.string(),
  status: z.string(),
  /** The record it belongs to, where its page is that record's (a budget adjustment's budget). */
  parentId: uuid.nullable(),
  /** The book of an accounting record: its list opens in that book. */
  book: z.enum(['collection', 'operation']).nullable(),
});
export type InboxItem = z.infer<typeof inboxItem>;

/** Oldest first; `source` narrows to one kind, `search` matches the number, party or description. */
export const inboxListQuery = listQuery.omit({ sort: true, format: true }).extend({
  source: inboxSource.optional(),
});
export type InboxListQuery = z.infer<typeof inboxListQuery>;
export const inboxList = paged(inboxItem);
