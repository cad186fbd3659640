import { type BuyerAgedReport, buyerAgedDetailRow, buyerAgedSummaryRow } from '@ushirika/contracts';
import { sum } from '@ushirika/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { agedBucketSums, agedInvoiceColumns } from '../../../platform/aged.ts';

/**
 * The buyer aged receivables as at a date: each invoice dated on or before it, not cancelled by
 * then, less the allocations of receipts dated on or before it, aged by days since the invoice
 * date (0-30, 31-60, 61-90, over 90); less each buyer's credit then (receipts dated on or before
 * it, less what they paid of those invoices). By construction the total is the invoices posted
 * minus the receipts posted up to the date: the buyer receivable control account.
 */
function openInvoices(asAt: string, buyerId: string | undefined): SQL {
  return sql`
    with paid as (
      select ra.invoice_id, sum(ra.amount) as amount
      from receipt_allocations ra join buyer_receipts br on br.id = ra.receipt_id
      where br.receipt_date <= ${asAt}::date
      group by ra.invoice_id
    )
    select si.id, si.buyer_id, si.invoice_no, si.invoice_date, si.due_date, si.total,
      coalesce(p.amount, 0) as paid, si.total - coalesce(p.amount, 0) as balance,
      (${asAt}::date - si.invoice_date) as days
    from sales_invoices si
    left join paid p on p.invoice_id = si.id
    left join journal_entries rev on rev.id = si.reversal_entry_id
    where si.invoice_date <= ${asAt}::date
      and (si.status <> 'cancelled' or rev.entry_date > ${asAt}::date)
      and si.total - coalesce(p.amount, 0) <> 0
      ${buyerId ? sql`and si.buyer_id = ${buyerId}` : sql``}`;
}

function credits(asAt: string, buyerId: string | undefined): SQL {
  return sql`
    select br.buyer_id, sum(br.amount) - coalesce(sum(a.amount), 0) as credit
    from buyer_receipts br
    left join (
      select ra.receipt_id, sum(ra.amount) as amount
      from receipt_allocations ra join sales_invoices si on si.id = ra.invoice_id
      where si.invoice_date <= ${asAt}::date
      group by ra.receipt_id
    ) a on a.receipt_id = br.id
    where br.receipt_date <= ${asAt}::date ${buyerId ? sql`and br.buyer_id = ${buyerId}` : sql``}
    group by br.buyer_id`;
}

export async function buyerAgedSummary(
  db: DbOrTx,
  { asAt, buyerId }: { asAt: string; buyerId?: string | undefined },
): Promise<Pick<BuyerAgedReport, 'asAt' | 'summary' | 'totals'>> {
  const rows = await queryRows(
    db,
    buyerAgedSummaryRow,
    sql`
      with o as (${openInvoices(asAt, buyerId)}),
      c as (${credits(asAt, buyerId)}),
      s as (
        select o.buyer_id, ${agedBucketSums}, sum(o.balance) as invoiced
        from o group by o.buyer_id
      )
      select b.id as "buyerId", b.name as "buyerName",
        coalesce(s.current, '0.00') as current, coalesce(s.d31to60, '0.00') as d31to60,
        coalesce(s.d61to90, '0.00') as d61to90, coalesce(s.over90, '0.00') as over90,
        coalesce(s.invoiced, 0)::numeric(16,2)::text as invoiced,
        coalesce(c.credit, 0)::numeric(16,2)::text as credit,
        (coalesce(s.invoiced, 0) - coalesce(c.credit, 0))::numeric(16,2)::text as balance
      from buyers b
      left join s on s.buyer_id = b.id
      left join c on c.buyer_id = b.id
      where (s.buyer_id is not null or coalesce(c.credit, 0) <> 0)
      order by b.name, b.id`,
  );
  const total = (key: keyof (typeof rows)[number]) => sum(rows.map((r) => r[key])).toFixed(2);
  return {
    asAt,
    summary: rows,
    totals: {
      current: total('current'),
      d31to60: total('d31to60'),
      d61to90: total('d61to90'),
      over90: total('over90'),
      credit: total('credit'),
      balance: total('balance'),
    },
  };
}

export async function buyerAgedDetails(
  db: DbOrTx,
  { asAt, buyerId }: { asAt: string; buyerId?: string | undefined },
): Promise<BuyerAgedReport> {
  const [summary, details] = await Promise.all([
    buyerAgedSummary(db, { asAt, buyerId }),
    queryRows(
      db,
      buyerAgedDetailRow,
      sql`
        with o as (${openInvoices(asAt, buyerId)})
        select o.buyer_id as "buyerId", b.name as "buyerName", o.id as "invoiceId",
          o.invoice_no as "invoiceNo", o.invoice_date::text as "invoiceDate", o.due_date::text as "dueDate",
          ${agedInvoiceColumns}
        from o join buyers b on b.id = o.buyer_id
        order by b.name, o.buyer_id, o.invoice_date, o.invoice_no`,
    ),
  ]);
  return { ...summary, details };
}
