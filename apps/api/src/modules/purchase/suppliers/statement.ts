import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { getOrNotFound } from '../../../platform/catalog.ts';
import { runningStatement } from '../../../platform/statement.ts';
import { supplierResource } from './suppliers.ts';

/**
 * What the union owes a supplier between two dates: posted invoices (credit, raising what is
 * owed), their cancellations on the reversal date and approved payments (debit), with the running
 * balance owed from the opening balance. An opening invoice (#36) is owed from its own date.
 */
export async function supplierStatement(db: DbOrTx, supplierId: string, from: string, to: string) {
  const found = await getOrNotFound(supplierResource, db, supplierId);
  const moves = sql`
    select pi.invoice_date as d, pi.invoice_no as doc,
        case when pi.opening_import_id is null then 'Invoice ' else 'Opening invoice ' end
          || pi.supplier_invoice_no as what, 0 as debit, pi.total as credit, pi.created_at as at
      from purchase_invoices pi
      where pi.supplier_id = ${supplierId}
        and (pi.journal_entry_id is not null or pi.opening_import_id is not null)
    union all
    select je.entry_date, pi.invoice_no, 'Invoice cancelled', pi.total, 0, pi.cancelled_at
      from purchase_invoices pi join journal_entries je on je.id = pi.reversal_entry_id
      where pi.supplier_id = ${supplierId}
    union all
    select sp.payment_date, sp.payment_no, 'Payment' || coalesce(' ' || sp.reference, ''), sp.amount, 0, sp.approved_at
      from supplier_payments sp where sp.supplier_id = ${supplierId} and sp.status = 'approved'`;
  const statement = await runningStatement(db, moves, from, to, 'credit');
  return {
    supplierName: found.name,
    from,
    to,
    opening: statement.opening,
    closing: statement.closing,
    lines: statement.lines,
  };
}
