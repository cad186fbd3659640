import { type SupplierAgedReport, supplierAgedDetailRow, supplierAgedSummaryRow } from '@ushirika/contracts';
import { sum } from '@ushirika/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { agedBucketSums, agedInvoiceColumns } from '../../../platform/aged.ts';

/**
 * Supplier aged payables as at a date, in the buyer report's buckets: each invoice posted on or
 * before it (its journal entry dated then) and not reversed by then, less the allocations of
 * payments approved with a payment date on or before it, aged by days since the invoice date. The
 * total is the invoices posted minus the payments posted up to the date: the supplier payables
 * control account (no payment leaves money unallocated). An opening invoice (#36), posted nowhere
 * (the opening trial balance holds it), stands from its own date.
 */
function openInvoices(asAt: string, supplierId: string | undefined): SQL {
  return sql`
    with paid as (
      select a.invoice_id, sum(a.amount) as amount
      from supplier_payment_allocations a join supplier_payments sp on sp.id = a.payment_id
      where sp.status = 'approved' and sp.payment_date <= ${asAt}::date
      group by a.invoice_id
    )
    select pi.id, pi.supplier_id, pi.invoice_no, pi.supplier_invoice_no, pi.invoice_date, pi.due_date, pi.total,
      coalesce(p.amount, 0) as paid, pi.total - coalesce(p.amount, 0) as balance,
      (${asAt}::date - pi.invoice_date) as days
    from purchase_invoices pi
    left join journal_entries je on je.id = pi.journal_entry_id
    left join paid p on p.invoice_id = pi.id
    left join journal_entries rev on rev.id = pi.reversal_entry_id
    where coalesce(je.entry_date, case when pi.opening_import_id is not null then pi.invoice_date end)
        <= ${asAt}::date
      and (rev.id is null or rev.entry_date > ${asAt}::date)
      and pi.total - coalesce(p.amount, 0) <> 0
      ${supplierId ? sql`and pi.supplier_id = ${supplierId}` : sql``}`;
}

export async function supplierAged(
  db: DbOrTx,
  { asAt, supplierId }: { asAt: string; supplierId?: string | undefined },
): Promise<SupplierAgedReport> {
  const [summary, details] = await Promise.all([
    queryRows(
      db,
      supplierAgedSummaryRow,
      sql`
        with o as (${openInvoices(asAt, supplierId)})
        select s.id as "supplierId", s.name as "supplierName",
          ${agedBucketSums},
          sum(o.balance)::numeric(16,2)::text as balance
        from o join suppliers s on s.id = o.supplier_id
        group by s.id, s.name
        order by s.name, s.id`,
    ),
    queryRows(
      db,
      supplierAgedDetailRow,
      sql`
        with o as (${openInvoices(asAt, supplierId)})
        select o.supplier_id as "supplierId", s.name as "supplierName", o.id as "invoiceId",
          o.invoice_no as "invoiceNo", o.supplier_invoice_no as "supplierInvoiceNo",
          o.invoice_date::text as "invoiceDate", o.due_date::text as "dueDate",
          ${agedInvoiceColumns}
        from o join suppliers s on s.id = o.supplier_id
        order by s.name, o.supplier_id, o.invoice_date, o.invoice_no`,
    ),
  ]);
  const total = (key: 'current' | 'd31to60' | 'd61to90' | 'over90' | 'balance') =>
    sum(summary.map((r) => r[key])).toFixed(2);
  return {
    asAt,
    summary,
    details,
    totals: {
      current: total('current'),
      d31to60: total('d31to60'),
      d61to90: total('d61to90'),
      over90: total('over90'),
      balance: total('balance'),
    },
  };
}
