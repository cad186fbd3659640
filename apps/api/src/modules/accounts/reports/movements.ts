import { type SQL, sql } from 'drizzle-orm';
import { addDays, dayOfMonth, isMonthEnd, monthEnd, monthStart, nextMonthStart } from './dates.ts';

type Lines = (from: string | null, to: string, sign: 1 | -1) => SQL;

/**
 * Posted debits and credits per account over the days [from, to] (from null: since the first
 * posting), as a subquery `(account_id, debit, credit)`. Whole months come from
 * account_period_balances; a part-month at either edge is either added from its journal lines or
 * taken as the whole month minus the lines outside the range, whichever reads fewer days. So "as
 * at today" reads the lines dated after today in this month (usually none), and a report never
 * reads more than half a month of lines per edge. `accountsWhere` confines the accounts, e.g.
 * `account_id = $1` or `account_id in (select id from accounts where book = $1)`.
 */
export function movements(range: { from: string | null; to: string }, accountsWhere: SQL): SQL {
  const { from, to } = range;
  const lines: Lines = (a, b, sign) =>
    sql`select account_id, ${sign === 1 ? sql`debit, credit` : sql`-debit as debit, -credit as credit`} from journal_lines
        where posted and ${accountsWhere} and entry_date <= ${b}${a === null ? sql`` : sql` and entry_date >= ${a}`}`;
  const parts: SQL[] = [];
  let firstMonth = from === null ? null : monthStart(from);
  let lastMonth = monthStart(to);
  if (from !== null && from > to) {
    parts.push(sql`select null::uuid as account_id, 0::numeric as debit, 0::numeric as credit where false`);
  } else if (from !== null && firstMonth === lastMonth) {
    const inside = dayOfMonth(to) - dayOfMonth(from) + 1;
    const outside = dayOfMonth(monthEnd(to)) - inside;
    if (inside <= outside) {
      parts.push(lines(from, to, 1));
      firstMonth = nextMonthStart(to); // no whole month
    } else {
      if (dayOfMonth(from) > 1) parts.push(lines(lastMonth, addDays(from, -1), -1));
      if (!isMonthEnd(to)) parts.push(lines(addDays(to, 1), monthEnd(to), -1));
    }
  } else {
    if (from !== null && firstMonth !== null && from !== firstMonth) {
      const before = dayOfMonth(from) - 1;
      const after = dayOfMonth(monthEnd(from)) - before;
      if (before <= after) parts.push(lines(firstMonth, addDays(from, -1), -1));
      else {
        parts.push(lines(from, monthEnd(from), 1));
        firstMonth = nextMonthStart(from);
      }
    }
    if (!isMonthEnd(to)) {
      const upTo = dayOfMonth(to);
      const after = dayOfMonth(monthEnd(to)) - upTo;
      if (after <= upTo) parts.push(lines(addDays(to, 1), monthEnd(to), -1));
      else {
        parts.push(lines(lastMonth, to, 1));
        lastMonth = addDays(lastMonth, -1); // whole months end before this one
      }
    }
  }
  if (firstMonth === null || firstMonth <= lastMonth) {
    parts.push(sql`select account_id, debit, credit from account_period_balances
      where ${accountsWhere} and period <= ${lastMonth}${firstMonth === null ? sql`` : sql` and period >= ${firstMonth}`}`);
  }
  return sql`(select account_id, sum(debit) as debit, sum(credit) as credit
    from (${sql.join(parts, sql` union all `)}) m group by account_id)`;
}

/** The source type of the year-end closing entries (financial-years/closing-entry.ts). */
export const YEAR_CLOSING_SOURCE = 'financial_year_close';

/**
 * The year-end closing entries' debits and credits per account over [from, to] (from null: since
 * the first), as a subquery `(account_id, debit, credit)`: what a report subtracts from
 * `movements` to show a year's income and expenses before they were closed into retained
 * earnings. A handful of lines per year, found through the entries' source index.
 */
export function closingEntryMovements(range: { from: string | null; to: string }, accountsWhere: SQL): SQL {
  return sql`(select l.account_id, sum(l.debit) as debit, sum(l.credit) as credit
    from journal_entries e join journal_lines l on l.entry_id = e.id
    where e.source_type = ${YEAR_CLOSING_SOURCE} and e.status <> 'draft' and l.posted
      and e.entry_date <= ${range.to}${range.from === null ? sql`` : sql` and e.entry_date >= ${range.from}`}
      and ${accountsWhere}
    group by l.account_id)`;
}
