import { sql } from 'drizzle-orm';
import type { ControlCheckDefinition } from './check.ts';

/** Buyers owe their open invoices less what they paid and is not allocated yet. */
export const buyerReceivables: ControlCheckDefinition = {
  key: 'buyer_receivables',
  name: 'Buyer receivables',
  book: 'collection',
  control: ['buyer_receivable'],
  side: 'debit',
  subledger: 'Open invoices - unallocated receipts',
  subledgerSql: sql`(select coalesce(sum(total - paid_amount), 0) from sales_invoices where status <> 'cancelled')
    - (select coalesce(sum(amount - allocated), 0) from buyer_receipts)`,
};

/**
 * Crop proceeds are held from the invoice until the lot's settlement shares them out. An opening
 * invoice (#36) sold no goods here: what it owes came in with the opening trial balance.
 */
export const cropProceeds: ControlCheckDefinition = {
  key: 'crop_proceeds',
  name: 'Crop proceeds payable',
  book: 'collection',
  control: ['crop_proceeds_payable'],
  side: 'credit',
  subledger: 'Invoiced goods - gross of approved settlements',
  subledgerSql: sql`(select coalesce(sum(subtotal), 0) from sales_invoices
      where status <> 'cancelled' and opening_import_id is null)
    - (select coalesce(sum(sl.gross), 0) from settlement_lots sl join settlements s on s.id = sl.settlement_id
       where s.status = 'approved')`,
};
