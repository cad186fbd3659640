import type { OutstandingItem, Reconciliation } from '@ushirika/contracts';
import { dec, sum } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { signedBookAmount } from './queries.ts';

/** What the statement computes; the rest of a reconciliation is its header. */
export type Figures = Pick<
  Reconciliation,
  | 'balancePerBank'
  | 'uncreditedDeposits'
  | 'unpresentedPayments'
  | 'bankOnlyItems'
  | 'balancePerBooks'
  | 'difference'
  | 'items'
>;

/**
 * The standard statement: balance per bank + uncredited deposits - unpresented payments = balance
 * per books. `difference` is what is left (0.00 to close); statement lines up to the date that no
 * book line clears (charges not booked yet) are shown as `bankOnlyItems`, which the difference
 * equals when the bank balance is the statement's own.
 */
export function reconciliationFigures(input: {
  balancePerBank: string;
  balancePerBooks: string;
  outstanding: {
    date: string;
    reference: string | null;
    description: string;
    amount: string;
    bank: boolean;
  }[];
}): Figures {
  const items: OutstandingItem[] = input.outstanding.map((o) => ({
    kind: o.bank ? 'bank_only' : dec(o.amount).isNegative() ? 'unpresented_payment' : 'uncredited_deposit',
    date: o.date,
    reference: o.reference,
    description: o.description,
    amount: dec(o.amount).abs().toFixed(2),
  }));
  const total = (kind: OutstandingItem['kind']) =>
    sum(items.filter((i) => i.kind === kind).map((i) => i.amount));
  const bankOnly = sum(input.outstanding.filter((o) => o.bank).map((o) => o.amount));
  const uncredited = total('uncredited_deposit');
  const unpresented = total('unpresented_payment');
  return {
    balancePerBank: dec(input.balancePerBank).toFixed(2),
    uncreditedDeposits: uncredited.toFixed(2),
    unpresentedPayments: unpresented.toFixed(2),
    bankOnlyItems: bankOnly.toFixed(2),
    balancePerBooks: dec(input.balancePerBooks).toFixed(2),
    difference: dec(input.balancePerBank)
      .plus(uncredited)
      .minus(unpresented)
      .minus(input.balancePerBooks)
      .toFixed(2),
    items,
  };
}

/**
 * Reads the account as at the statement date. A match clears its lines at the date when every one
 * of its lines (statement and book) is dated on or before it; the other book lines up to the date
 * are outstanding, the other statement lines up to the date are bank-only items.
 */
export async function statementAsAt(
  db: DbOrTx,
  accountId: string,
  statementDate: string,
  balancePerBank: string,
) {
  const cleared = sql`(select match_id from (
      select match_id, line_date as d from bank_statement_lines where account_id = ${accountId} and match_id is not null
      union all
      select b.match_id, l.entry_date from bank_matched_book_lines b join journal_lines l on l.id = b.journal_line_id
        where b.account_id = ${accountId}
    ) x group by match_id having max(d) <= ${statementDate})`;
  const [books, outstanding] = await Promise.all([
    queryRows(
      db,
      z.object({ balance: z.string() }),
      sql`select coalesce(sum(${signedBookAmount}), 0)::text as balance from journal_lines l
          where l.account_id = ${accountId} and l.posted and l.entry_date <= ${statementDate}`,
    ),
    queryRows(
      db,
      z.object({
        date: z.string(),
        reference: z.string().nullable(),
        description: z.string(),
        amount: z.string(),
        bank: z.boolean(),
      }),
      sql`select l.entry_date::text as date, e.reference, coalesce(l.description, e.narration) as description,
            ${signedBookAmount}::text as amount, false as bank
          from journal_lines l join journal_entries e on e.id = l.entry_id
          where l.account_id = ${accountId} and l.posted and l.entry_date <= ${statementDate}
            and not exists (select 1 from bank_matched_book_lines b
              where b.journal_line_id = l.id and b.match_id in ${cleared})
          union all
          select s.line_date::text, s.reference, s.description, (s.amount_in - s.amount_out)::text, true
          from bank_statement_lines s
          where s.account_id = ${accountId} and s.line_date <= ${statementDate}
            and (s.match_id is null or s.match_id not in ${cleared})
          order by 1, 2`,
    ),
  ]);
  return reconciliationFigures({ balancePerBank, balancePerBooks: books[0]?.balance ?? '0', outstanding });
}
