import type { BudgetVsActualRow } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { closingEntryMovements } from '../reports/movements.ts';

const rowRow = z.object({
  account_id: z.string(),
  code: z.string(),
  name: z.string(),
  type: z.string(),
  budget: z.string().nullable(),
  adjustments: z.string().nullable(),
  debit: z.string().nullable(),
  credit: z.string().nullable(),
});

/**
 * Budget against actual per account for the budget's year and book: the budget, its approved
 * adjustments, and what was posted (from the monthly balances), the year-end closing entries left
 * out (a closed year's income and expenses are still its actuals). Actuals are signed by the
 * account's nature: expenses and assets debit minus credit, the others credit minus debit.
 */
export async function budgetVsActual(
  db: DbOrTx,
  budgetId: string,
): Promise<{ budgetId: string; rows: BudgetVsActualRow[] }> {
  const [budget] = await queryRows(
    db,
    z.object({ start_date: z.string(), end_date: z.string() }),
    sql`select fy.start_date::text as start_date, fy.end_date::text as end_date
        from budgets b join financial_years fy on fy.id = b.financial_year_id where b.id = ${budgetId}`,
  );
  if (!budget) throw new NotFoundError('Budget not found');
  const rows = await queryRows(
    db,
    rowRow,
    sql`with planned as (
          select account_id, sum(amount) as budget from budget_lines where budget_id = ${budgetId} group by account_id),
        adjusted as (
          select l.account_id, sum(l.amount) as adjustments from budget_adjustment_lines l
          join budget_adjustments a on a.id = l.adjustment_id
          where a.budget_id = ${budgetId} and a.status = 'approved' group by l.account_id),
        actual as (
          select account_id, sum(debit) as debit, sum(credit) as credit from account_period_balances
          where period >= ${budget.start_date} and period <= ${budget.end_date}
            and account_id in (select account_id from planned union select account_id from adjusted)
          group by account_id),
        closed as ${closingEntryMovements(
          { from: budget.start_date, to: budget.end_date },
          sql`account_id in (select account_id from planned union select account_id from adjusted)`,
        )}
        select a.id as account_id, a.code, a.name, c.type, p.budget, j.adjustments,
          x.debit - coalesce(y.debit, 0) as debit, x.credit - coalesce(y.credit, 0) as credit
        from accounts a
        join account_groups g on g.id = a.group_id join account_classes c on c.id = g.class_id
        left join planned p on p.account_id = a.id
        left join adjusted j on j.account_id = a.id
        left join actual x on x.account_id = a.id
        left join closed y on y.account_id = a.id
        where p.account_id is not null or j.account_id is not null
        order by a.code`,
  );
  return {
    budgetId,
    rows: rows.map((r) => {
      const budgeted = dec(r.budget ?? '0');
      const adjustments = dec(r.adjustments ?? '0');
      const revised = budgeted.plus(adjustments);
      const net = dec(r.debit ?? '0').minus(dec(r.credit ?? '0'));
      const actual = r.type === 'expense' || r.type === 'asset' ? net : net.negated();
      return {
        accountId: r.account_id,
        accountCode: r.code,
        accountName: r.name,
        type: r.type,
        budget: budgeted.toFixed(2),
        adjustments: adjustments.toFixed(2),
        revised: revised.toFixed(2),
        actual: actual.toFixed(2),
        variance: revised.minus(actual).toFixed(2),
      };
    }),
  };
}
