import { z } from 'zod';
import { uuid } from '../common.ts';
import { isoDate } from '../fields.ts';

/** The buyer aged report. */

export const agedBuckets = z.object({
  current: z.string(),
  d31to60: z.string(),
  d61to90: z.string(),
  over90: z.string(),
});
/** An aged report's query: the date it is as at (today without it), and json, xlsx or pdf. */
export const agedQuery = z.object({
  as_at: isoDate.optional(),
  format: z.enum(['json', 'xlsx', 'pdf']).default('json'),
});
/** One open invoice of an aged report: its amounts, days since its date and its balance's bucket. */
export const agedInvoice = agedBuckets.extend({
  invoiceId: uuid,
  invoiceNo: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  days: z.number(),
  total: z.string(),
  paid: z.string(),
  balance: z.string(),
});
export const buyerAgedQuery = agedQuery.extend({ buyer_id: uuid.optional() });
export const buyerAgedSummaryRow = agedBuckets.extend({
  buyerId: uuid,
  buyerName: z.string(),
  invoiced: z.string(),
  credit: z.string(),
  /** Buckets - credit. */
  balance: z.string(),
});
export const buyerAgedDetailRow = agedInvoice.extend({
  buyerId: uuid,
  buyerName: z.string(),
});
export const buyerAgedReport = z.object({
  asAt: z.string(),
  summary: z.array(buyerAgedSummaryRow),
  details: z.array(buyerAgedDetailRow),
  totals: agedBuckets.extend({ credit: z.string(), balance: z.string() }),
});
export type BuyerAgedReport = z.infer<typeof buyerAgedReport>;
