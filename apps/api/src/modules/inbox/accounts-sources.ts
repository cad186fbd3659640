import { sql } from 'drizzle-orm';
import { type InboxSourceDef, itemColumns, notMadeBy } from './source.ts';

/** The books' drafts a finance manager approves: entries, vouchers, transfers, budgets, adjustments. */
export const accountsSources: InboxSourceDef[] = [
  {
    key: 'journal_entries',
    permission: 'accounts.journal.approve',
    audience: 'union',
    waiting: (actor) =>
      sql`from journal_entries x where x.status = 'draft' and ${notMadeBy(actor, 'x.created_by')}`,
    item: itemColumns({
      number: 'x.number',
      description: 'x.narration',
      amount: 'x.total',
      since: 'x.created_at',
      book: 'x.book',
    }),
  },
  {
    key: 'vouchers',
    permission: 'accounts.journal.approve',
    audience: 'union',
    waiting: (actor) =>
      sql`from payment_vouchers x where x.status = 'draft' and ${notMadeBy(actor, 'x.created_by')}`,
    item: itemColumns({
      number: 'x.number',
      party: 'x.party_name',
      description: 'x.narration',
      amount: 'x.amount',
      since: 'x.created_at',
      book: 'x.book',
    }),
  },
  {
    key: 'bank_transfers',
    permission: 'accounts.journal.approve',
    audience: 'union',
    waiting: (actor) =>
      sql`from bank_transfers x where x.status = 'draft' and ${notMadeBy(actor, 'x.created_by')}`,
    item: itemColumns({
      number: 'x.number',
      description: 'x.narration',
      amount: 'x.amount',
      since: 'x.created_at',
      book: 'x.book',
    }),
  },
  {
    key: 'budgets',
    permission: 'accounts.budget.approve',
    audience: 'union',
    waiting: (actor) => sql`from budgets x where x.status = 'draft' and ${notMadeBy(actor, 'x.created_by')}`,
    item: itemColumns({
      number: 'x.number',
      description: 'x.name',
      amount: '(select sum(l.amount) from budget_lines l where l.budget_id = x.id)',
      since: 'x.created_at',
      book: 'x.book',
    }),
  },
  {
    key: 'budget_adjustments',
    permission: 'accounts.budget.approve',
    audience: 'union',
    waiting: (actor) =>
      sql`from budget_adjustments x join budgets b on b.id = x.budget_id
        where x.status = 'draft' and ${notMadeBy(actor, 'x.created_by')}`,
    item: itemColumns({
      number: 'x.number',
      party: 'b.name',
      description: 'x.reason',
      since: 'x.created_at',
      parent: 'x.budget_id',
      book: 'b.book',
    }),
  },
];
