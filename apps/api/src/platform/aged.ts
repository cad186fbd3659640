import { sql } from 'drizzle-orm';

/*
 * The aged reports (buyer receivables, supplier payables) age each open invoice by days since its
 * date into four buckets: 0-30, 31-60, 61-90 and over 90. Both read a relation `o` of open invoices
 * with `days`, `total`, `paid` and `balance`.
 */

/** Each bucket's sum of the balances of the grouped invoices. */
export const agedBucketSums = sql`
  coalesce(sum(o.balance) filter (where o.days <= 30), 0)::numeric(16,2)::text as current,
  coalesce(sum(o.balance) filter (where o.days between 31 and 60), 0)::numeric(16,2)::text as d31to60,
  coalesce(sum(o.balance) filter (where o.days between 61 and 90), 0)::numeric(16,2)::text as d61to90,
  coalesce(sum(o.balance) filter (where o.days > 90), 0)::numeric(16,2)::text as over90`;

/** One open invoice's days and amounts, its balance in its own bucket and 0.00 in the others. */
export const agedInvoiceColumns = sql`
  o.days::int as days, o.total::numeric(16,2)::text as total, o.paid::numeric(16,2)::text as paid,
  o.balance::numeric(16,2)::text as balance,
  (case when o.days <= 30 then o.balance else 0 end)::numeric(16,2)::text as current,
  (case when o.days between 31 and 60 then o.balance else 0 end)::numeric(16,2)::text as d31to60,
  (case when o.days between 61 and 90 then o.balance else 0 end)::numeric(16,2)::text as d61to90,
  (case when o.days > 90 then o.balance else 0 end)::numeric(16,2)::text as over90`;
