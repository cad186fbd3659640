import { accountType, type Book, type TrialBalance } from '@ushirika/contracts';
import { dec, todayInTanzania, trialBalanceLine, trialBalanceTotals } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { fieldError } from '../../../platform/errors.ts';
import { localNameSql } from '../../../platform/labels.ts';
import { financialYearOn } from '../../financial-years/queries.ts';
import { addDays } from './dates.ts';
import { closingEntryMovements, movements } from './movements.ts';

/** An account's opening (o_) and period (p_) debits and credits; null when it has none. */
const balanceRow = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  type: accountType,
  o_debit: z.string().nullable(),
  o_credit: z.string().nullable(),
  p_debit: z.string().nullable(),
  p_credit: z.string().nullable(),
});

/**
 * The trial balance of a book as at a date: per account the opening balance (everything posted
 * before `from`), the period's debits and credits, and the closing balance, with column totals.
 * `from` defaults to the start of the financial year holding the date. `beforeClosing`: the
 * period without its year-end closing entries (the auditors' trial balance, #28).
 */
export async function trialBalance(
  db: DbOrTx,
  query: { book: Book; asAt?: string | undefined; from?: string | undefined; beforeClosing?: boolean },
): Promise<TrialBalance> {
  const asAt = query.asAt ?? todayInTanzania();
  const from = query.from ?? (await financialYearOn(db, asAt))?.startDate ?? `${asAt.slice(0, 4)}-01-01`;
  if (from > asAt) throw fieldError('from', 'The period must start on or before the as-at date');
  const inBook = sql`account_id in (select id from accounts where book = ${query.book})`;
  // The closing entries are joined only when they are taken out: the plain trial balance (every
  // screen, the bench's hot read) runs the statement it ran before #28, without an empty join.
  const period = query.beforeClosing
    ? {
        columns: sql`p.debit - coalesce(x.debit, 0) as p_debit, p.credit - coalesce(x.credit, 0) as p_credit`,
        closingJoin: sql`left join ${closingEntryMovements({ from, to: asAt }, inBook)} x on x.account_id = a.id`,
      }
    : { columns: sql`p.debit as p_debit, p.credit as p_credit`, closingJoin: sql`` };
  const rows = await queryRows(
    db,
    balanceRow,
    sql`select a.id, a.code, ${localNameSql('a')} as name, c.type,
          o.debit as o_debit, o.credit as o_credit, ${period.columns}
        from accounts a
        join account_groups g on g.id = a.group_id
        join account_classes c on c.id = g.class_id
        left join ${movements({ from: null, to: addDays(from, -1) }, inBook)} o on o.account_id = a.id
        left join ${movements({ from, to: asAt }, inBook)} p on p.account_id = a.id
        ${period.closingJoin}
        where a.book = ${query.book} and (o.account_id is not null or p.account_id is not null)
        order by a.code`,
  );
  const lines = rows
    .map((r) => ({
      accountId: r.id,
      code: r.code,
      name: r.name,
      type: r.type,
      ...trialBalanceLine(
        { debit: r.o_debit ?? '0', credit: r.o_credit ?? '0' },
        { debit: r.p_debit ?? '0', credit: r.p_credit ?? '0' },
      ),
    }))
    // An account with no opening balance and no movement in the period is not listed.
    .filter(
      (l) =>
        !(
          isZero(l.openingDebit) &&
          isZero(l.openingCredit) &&
          isZero(l.periodDebit) &&
          isZero(l.periodCredit)
        ),
    );
  const { balanced, ...totals } = trialBalanceTotals(lines);
  return { book: query.book, from, asAt, rows: lines, totals, balanced };
}

const isZero = (amount: string) => dec(amount).isZero();
