import { dec } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { getOrNotFound } from '../../../platform/catalog.ts';
import type { StatementLine } from '../../../platform/document-pdf.ts';
import { supplierResource } from './suppliers.ts';

/**
 * What the union owes a supplier between two dates: posted invoices (credit, raising what is
 * owed), their cancellations on the reversal date and approved payments (debit), with the running
 * balance owed from the opening balance.
 */
export async function supplierStatement(db: DbOrTx, supplierId: string, from: string, to: string) {
  const found = await getOrNotFound(supplierResource, db, supplierId);
  const moves = sql`
    select pi.invoice_date as d, pi.invoice_no as doc,
        'Invoice ' || pi.supplier_invoice_no as what, 0 as debit, pi.total as credit, pi.created_at as at
      from purchase_invoices pi join journal_entries je on je.id = pi.journal_entry_id
      where pi.supplier_id = ${supplierId}
    union all
    select je.entry_date, pi.invoice_no, 'Invoice cancelled', pi.total, 0, pi.cancelled_at
      from purchase_invoices pi join journal_entries je on je.id = pi.reversal_entry_id
      where pi.supplier_id = ${supplierId}
    union all
    select sp.payment_date, sp.payment_no, 'Payment' || coalesce(' ' || sp.reference, ''), sp.amount, 0, sp.approved_at
      from supplier_payments sp where sp.supplier_id = ${supplierId} and sp.status = 'approved'`;
  const [opening] = await queryRows<{ amount: string }>(
    db,
    sql`select coalesce(sum(credit - debit), 0)::numeric(16,2)::text as amount from (${moves}) m where m.d < ${from}::date`,
  );
  const rows = await queryRows<Omit<StatementLine, 'balance'>>(
    db,
    sql`select d::text as date, doc as document, what as description,
          debit::numeric(16,2)::text as debit, credit::numeric(16,2)::text as credit
        from (${moves}) m where m.d between ${from}::date and ${to}::date order by m.d, m.at, m.doc`,
  );
  let balance = dec(opening?.amount ?? '0');
  const lines: StatementLine[] = rows.map((r) => {
    balance = balance.plus(dec(r.credit)).minus(dec(r.debit));
    return { ...r, balance: balance.toFixed(2) };
  });
  return {
    supplierName: found.name,
    from,
    to,
    opening: dec(opening?.amount ?? '0').toFixed(2),
    closing: balance.toFixed(2),
    lines,
  };
}
