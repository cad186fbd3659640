import type { MappingKey } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import type { ControlCheckDefinition } from './check.ts';

/** Farmers owe the approved loans' outstanding amounts. */
export const farmerLoans: ControlCheckDefinition = {
  key: 'farmer_loans',
  name: 'Farmer loans',
  book: 'collection',
  control: ['farmer_loans'],
  side: 'debit',
  subledger: 'Open balances of approved loans',
  subledgerSql: sql`select sum(amount - recovered) from farmer_loans where status = 'active'`,
};

/** What payment lines still owe (pending, or failed and not yet retried). */
const unpaidLines = (payable: MappingKey) =>
  sql`select sum(amount) from payment_lines where payable = ${payable} and status in ('pending', 'failed')`;

const payable = (key: MappingKey, name: string): ControlCheckDefinition => ({
  key,
  name,
  book: 'collection',
  control: [key],
  side: 'credit',
  subledger: 'Unpaid payment lines',
  subledgerSql: unpaidLines(key),
});

export const payables: ControlCheckDefinition[] = [
  payable('payable_farmers', 'Payable to farmers'),
  payable('payable_amcos', 'Payable to AMCOS'),
  payable('payable_transporters', 'Payable to transporters'),
  {
    ...payable('payable_beneficiaries', 'Payable to beneficiaries'),
    // Buyer-paid levies are payable from the invoice; their lines come with the lot's settlement.
    subledger: 'Unpaid payment lines + buyer levies of invoices not settled yet',
    subledgerSql: sql`coalesce((${unpaidLines('payable_beneficiaries')}), 0)
      + (select coalesce(sum(levies_total), 0) from sales_invoices where status <> 'cancelled')
      - (select coalesce(sum(sl.buyer_levies), 0) from settlement_lots sl
         join settlements s on s.id = sl.settlement_id where s.status = 'approved')`,
  },
];
