import { sql } from 'drizzle-orm';
import type { ControlCheckDefinition } from './check.ts';

/**
 * Suppliers are owed their posted purchase invoices less what approved payments paid of them, less
 * any approved payment money not allocated to an invoice (none today: a payment is its allocations).
 */
export const supplierPayables: ControlCheckDefinition = {
  key: 'supplier_payables',
  name: 'Supplier payables',
  book: 'operation',
  control: ['supplier_payables'],
  side: 'credit',
  subledger: 'Open purchase invoices - unallocated supplier payments',
  subledgerSql: sql`(select coalesce(sum(total - paid_amount), 0) from purchase_invoices
      where status in ('open', 'part_paid', 'paid'))
    - (select coalesce(sum(sp.amount), 0) - coalesce(sum(a.allocated), 0) from supplier_payments sp
       left join (select payment_id, sum(amount) as allocated from supplier_payment_allocations group by payment_id) a
         on a.payment_id = sp.id
       where sp.status = 'approved')`,
};
