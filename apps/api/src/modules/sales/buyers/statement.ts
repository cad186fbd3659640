import { dec } from '@ushirika/domain';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { StatementLine } from '../../../platform/document-pdf.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { buyers } from './schema.ts';

/**
 * A buyer's account between two dates: invoices (debit), their cancellations on the reversal date
 * (credit) and receipts (credit), with the running balance from the opening balance.
 */
export async function buyerStatement(db: DbOrTx, buyerId: string, from: string, to: string) {
  const [buyer] = await db.select({ name: buyers.name }).from(buyers).where(eq(buyers.id, buyerId));
  if (!buyer) throw new NotFoundError('Buyer not found');
  const moves = sql`
    select si.invoice_date as d, si.invoice_no as doc, 'Invoice' as what, si.total as debit, 0 as credit, si.created_at as at
      from sales_invoices si where si.buyer_id = ${buyerId}
    union all
    select je.entry_date, si.invoice_no, 'Invoice cancelled', 0, si.total, si.cancelled_at
      from sales_invoices si join journal_entries je on je.id = si.reversal_entry_id
      where si.buyer_id = ${buyerId} and si.status = 'cancelled'
    union all
    select br.receipt_date, br.receipt_no, 'Receipt' || coalesce(' ' || br.reference, ''), 0, br.amount, br.created_at
      from buyer_receipts br where br.buyer_id = ${buyerId}`;
  const [opening] = await queryRows<{ amount: string }>(
    db,
    sql`select coalesce(sum(debit - credit), 0)::numeric(16,2)::text as amount from (${moves}) m where m.d < ${from}::date`,
  );
  const rows = await queryRows<{
    date: string;
    document: string;
    description: string;
    debit: string;
    credit: string;
  }>(
    db,
    sql`select d::text as date, doc as document, what as description,
          debit::numeric(16,2)::text as debit, credit::numeric(16,2)::text as credit
        from (${moves}) m where m.d between ${from}::date and ${to}::date order by m.d, m.at, m.doc`,
  );
  let balance = dec(opening?.amount ?? '0');
  const lines: StatementLine[] = rows.map((r) => {
    balance = balance.plus(dec(r.debit)).minus(dec(r.credit));
    return { ...r, balance: balance.toFixed(2) };
  });
  return {
    buyerName: buyer.name,
    from,
    to,
    opening: dec(opening?.amount ?? '0').toFixed(2),
    closing: balance.toFixed(2),
    lines,
  };
}
