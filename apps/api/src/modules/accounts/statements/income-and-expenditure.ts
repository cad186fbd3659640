import type { IncomeAndExpenditure, StatementPeriodQuery } from '@ushirika/contracts';
import {
  accumulatedSurplusChange,
  compareSections,
  type Dec,
  type IncomeFigures,
  incomeAndExpenditure,
  pair,
} from '@ushirika/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { hasUnmapped } from './financial-position.ts';
import { type PeriodInput, statementFigures } from './statement-period.ts';

/**
 * The statement of income and expenditure for a period (the year-end closing entries left out),
 * with the same period of the previous year. `balanced`: the surplus equals the change in the
 * accumulated surplus before appropriation, in both periods.
 */
export async function incomeAndExpenditureStatement(
  db: DbOrTx,
  q: PeriodInput<StatementPeriodQuery['book']>,
): Promise<IncomeAndExpenditure> {
  const { ctx, period, current, previous, year } = await statementFigures(db, q);
  const now = incomeAndExpenditure(current, ctx);
  const before = previous ? incomeAndExpenditure(previous, ctx) : null;
  const both = (f: (p: IncomeFigures) => Dec) => pair(f(now), before ? f(before) : null);
  const sections = compareSections(now.sections, before?.sections ?? null);
  const agrees = (figures: typeof current, ie: IncomeFigures) =>
    accumulatedSurplusChange(figures, ctx).eq(ie.surplus);
  return {
    book: q.book,
    year,
    unmapped: hasUnmapped(sections),
    ...period,
    sections,
    totals: {
      income: both((p) => p.income),
      expenditure: both((p) => p.expenditure),
      surplus: both((p) => p.surplus),
    },
    balanced: agrees(current, now) && (previous === null || before === null || agrees(previous, before)),
  };
}
