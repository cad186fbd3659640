import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { getScenario } from '../lib/scenarios.ts';
import type { Scenario } from './scenario.ts';

/**
 * The buyer half of the sales bench: the closed history auctions' invoices (one per auction and
 * buyer, dated on the auction day), about 60% fully paid and 20% half paid by receipts with their
 * allocations, and a receipt of unallocated credit for one buyer in ten. Bulk SQL on the data the
 * sales suite wrote (auctions `BAUC-`, buyers `SBB`); the ledger is not posted (the report does not
 * read it).
 */
export async function writeBuyerLedger(
  db: Db,
  adminId: string,
): Promise<{ invoices: number; receipts: number }> {
  const [bank] = await queryRows(
    db,
    z.object({ id: z.string() }),
    sql`select id from accounts where book = 'collection' and is_bank_or_cash order by code limit 1`,
  );
  if (!bank) throw new Error('no collection bank account');
  await db.execute(sql`
    insert into sales_invoices (id, invoice_no, buyer_id, auction_id, invoice_date, due_date, status,
      subtotal, levies_total, total, paid_amount, created_by)
    select gen_random_uuid(), 'SBSI-' || lpad(row_number() over (order by a.auction_no, al.buyer_id)::text, 7, '0'),
      al.buyer_id, al.auction_id, a.auction_date, a.auction_date + 4, 'issued',
      sum(al.amount), 0, sum(al.amount), 0, ${adminId}
    from auction_lots al join auctions a on a.id = al.auction_id
    where a.auction_no like 'BAUC-%' and a.status = 'closed' and al.outcome = 'sold'
    group by al.auction_id, al.buyer_id, a.auction_no, a.auction_date`);
  // Payments: 6 in 10 invoices fully paid, 2 in 10 half paid, the rest open.
  await db.execute(sql`
    with inv as (
      select id, buyer_id, invoice_no, invoice_date, total, abs(hashtext(id::text)) % 10 as p
      from sales_invoices where invoice_no like 'SBSI-%'
    ), paying as (
      select gen_random_uuid() as receipt_id, id as invoice_id, buyer_id, invoice_no, invoice_date,
        case when p < 6 then total else round(total / 2, 2) end as amount
      from inv where p < 8
    ), receipts as (
      insert into buyer_receipts (id, receipt_no, buyer_id, receipt_date, bank_account_id, amount, allocated, reference, created_by)
      select receipt_id, 'SBBR-' || substr(invoice_no, 6), buyer_id, invoice_date + 3, ${bank.id}, amount, amount,
        'TT ' || invoice_no, ${adminId}
      from paying returning id
    ), allocations as (
      insert into receipt_allocations (id, receipt_id, invoice_id, amount, allocated_on, allocated_by)
      select gen_random_uuid(), receipt_id, invoice_id, amount, invoice_date + 3, ${adminId} from paying
      returning invoice_id, amount
    )
    update sales_invoices si set paid_amount = a.amount,
      status = case when a.amount >= si.total then 'paid' else 'part_paid' end
    from allocations a where a.invoice_id = si.id`);
  await db.execute(sql`
    insert into buyer_receipts (id, receipt_no, buyer_id, receipt_date, bank_account_id, amount, allocated, reference, created_by)
    select gen_random_uuid(), 'SBBR-C' || b.bid_code, b.id, current_date - 10, ${bank.id}, 1000000, 0, 'Advance', ${adminId}
    from buyers b where b.bid_code like 'SBB%' and substr(b.bid_code, 4)::int % 10 = 0`);
  await db.execute(sql`analyze sales_invoices; analyze buyer_receipts; analyze receipt_allocations`);
  const [counts] = await queryRows(
    db,
    z.object({ invoices: z.number(), receipts: z.number() }),
    sql`select (select count(*)::int from sales_invoices) as invoices, (select count(*)::int from buyer_receipts) as receipts`,
  );
  return counts ?? { invoices: 0, receipts: 0 };
}

/** GET the buyer aged summary as at today: every buyer's open invoices by age, less credits. */
export function agedSummaryScenario(): Scenario {
  const path = '/api/reports/buyer/aged-summary';
  return getScenario(
    `GET ${path} (300 buyers, all invoices and receipts of the season)`,
    path,
    300,
    (body) => {
      const { data } = body as { data: { summary: unknown[]; totals: { balance: string } } };
      return `${data.summary.length} buyers, total ${data.totals.balance}`;
    },
  );
}
