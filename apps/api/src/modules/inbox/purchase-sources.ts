import { sql } from 'drizzle-orm';
import { type InboxSourceDef, itemColumns, notMadeBy } from './source.ts';

/** Purchasing waiting for its approvers: submitted orders, invoices off the order, payments. */
export const purchaseSources: InboxSourceDef[] = [
  {
    key: 'purchase_orders',
    permission: 'purchase.order.approve',
    audience: 'union',
    waiting: (actor) =>
      sql`from purchase_orders x join suppliers s on s.id = x.supplier_id
        where x.status = 'submitted' and ${notMadeBy(actor, 'x.created_by')}`,
    item: itemColumns({
      number: 'x.order_no',
      party: 's.name',
      description: 'x.remarks',
      amount: 'x.total',
      since: 'coalesce(x.submitted_at, x.created_at)',
    }),
  },
  {
    key: 'purchase_invoices',
    permission: 'purchase.order.approve',
    audience: 'union',
    waiting: (actor) =>
      sql`from purchase_invoices x join suppliers s on s.id = x.supplier_id
        where x.status = 'awaiting_approval' and ${notMadeBy(actor, 'x.created_by')}`,
    item: itemColumns({
      number: 'x.invoice_no',
      party: 's.name',
      description: 'x.supplier_invoice_no',
      amount: 'x.total',
      since: 'x.created_at',
    }),
  },
  {
    key: 'supplier_payments',
    permission: 'purchase.payment.approve',
    audience: 'union',
    waiting: (actor) =>
      sql`from supplier_payments x join suppliers s on s.id = x.supplier_id
        where x.status = 'draft' and ${notMadeBy(actor, 'x.created_by')}`,
    item: itemColumns({
      number: 'x.payment_no',
      party: 's.name',
      description: 'x.reference',
      amount: 'x.amount',
      since: 'x.created_at',
    }),
  },
];
