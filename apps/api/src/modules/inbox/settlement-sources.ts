import { sql } from 'drizzle-orm';
import { type InboxSourceDef, itemColumns, notMadeBy } from './source.ts';

/**
 * Farmers' money waiting: draft settlements and cash advances to approve, payment batches to
 * approve, and approved batches to export and mark paid (the officers' next step, not an approval).
 */
export const settlementSources: InboxSourceDef[] = [
  {
    // A second payment to farmers (#32) proposed by someone else, to approve or reject.
    key: 'second_payments',
    permission: 'accounts.journal.approve',
    audience: 'union',
    waiting: (actor) =>
      sql`from second_payments x where x.status = 'proposed' and ${notMadeBy(actor, 'x.proposed_by')}`,
    item: itemColumns({
      number: 'x.payment_no',
      description: `(select s.name || ' · ' || c.name from season_crops sc join seasons s on s.id = sc.season_id
        join crops c on c.id = sc.crop_id where sc.id = x.season_crop_id)`,
      amount: 'x.total',
      since: 'x.proposed_at',
    }),
  },
  {
    key: 'settlements',
    permission: 'payments.settlement.approve',
    audience: 'union',
    waiting: (actor) =>
      sql`from settlements x where x.status = 'draft' and ${notMadeBy(actor, 'x.created_by')}`,
    item: itemColumns({
      number: 'x.settlement_no',
      description: 'x.remarks',
      amount: 'x.gross',
      since: 'x.created_at',
    }),
  },
  {
    key: 'farmer_loans',
    permission: 'payments.settlement.approve',
    audience: 'union',
    waiting: (actor) =>
      sql`from farmer_loans x join farmers f on f.id = x.farmer_id
        where x.status = 'draft' and ${notMadeBy(actor, 'x.created_by')}`,
    item: itemColumns({
      number: 'x.loan_no',
      party: "f.farmer_no || ' ' || f.first_name || ' ' || f.last_name",
      description: 'x.reason',
      amount: 'x.amount',
      since: 'x.created_at',
    }),
  },
  {
    key: 'payment_batches',
    permission: 'payments.batch.approve',
    audience: 'union',
    waiting: (actor) =>
      sql`from payment_batches x where x.status = 'draft' and ${notMadeBy(actor, 'x.created_by')}`,
    item: itemColumns({
      number: 'x.batch_no',
      party: 'x.party_type',
      amount: 'x.total',
      since: 'x.created_at',
    }),
  },
  {
    key: 'batches_to_pay',
    permission: 'payments.settlement.create',
    audience: 'union',
    waiting: () => sql`from payment_batches x where x.status in ('approved', 'exported')`,
    item: itemColumns({
      number: 'x.batch_no',
      party: 'x.party_type',
      description: 'x.bank_reference',
      amount: 'x.total',
      since: 'coalesce(x.exported_at, x.approved_at, x.created_at)',
    }),
  },
];
