import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { runningStatement } from '../../../platform/statement.ts';
import { buyers } from './schema.ts';

/**
 * A buyer's account between two dates: invoices (debit), their cancellations on the reversal date
 * (credit) and receipts (credit), with the running balance from the opening balance.
 */
export async function buyerStatement(db: DbOrTx, buyerId: string, from: string, to: string) {
  const [buyer] = await db.select({ name: buyers.name }).from(buyers).where(eq(buyers.id, buyerId));
  if (!buyer) throw new NotFoundError('Buyer not found');
  const moves = sql`
    select si.invoice_date as d, si.invoice_no as doc,
      case when si.opening_import_id is null then 'Invoice' else 'Opening invoice' end as what, si.total as debit, 0 as credit, si.created_at as at
      from sales_invoices si where si.buyer_id = ${buyerId}
    union all
    select je.entry_date, si.invoice_no, 'Invoice cancelled', 0, si.total, si.cancelled_at
      from sales_invoices si join journal_entries je on je.id = si.reversal_entry_id
      where si.buyer_id = ${buyerId} and si.status = 'cancelled'
    union all
    select br.receipt_date, br.receipt_no,
      case when br.opening_import_id is null then 'Receipt' else 'Opening credit' end || coalesce(' ' || br.reference, ''),
      0, br.amount, br.created_at
      from buyer_receipts br where br.buyer_id = ${buyerId}`;
  const statement = await runningStatement(db, moves, from, to, 'debit');
  return {
    buyerName: buyer.name,
    from,
    to,
    opening: statement.opening,
    closing: statement.closing,
    lines: statement.lines,
  };
}
