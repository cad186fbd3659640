import type { FinancialPosition, FinancialPositionQuery } from '@ushirika/contracts';
import {
  compareSections,
  type Dec,
  financialPosition,
  type PositionFigures,
  pair,
  todayInTanzania,
  ZERO,
} from '@ushirika/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { accountFigures } from './account-figures.ts';
import { statementContext, yearBefore, yearOf, yearStartOf } from './statement-context.ts';

const balances = (p: PositionFigures) => p.assets.eq(p.liabilities.plus(p.funds));
export const hasUnmapped = (sections: { lines: { key: string }[] }[]) =>
  sections.some((s) => s.lines.some((l) => l.key.startsWith('unmapped_')));

/**
 * The statement of financial position of a book, or of the union (both books, the due-to /
 * due-from pair eliminated), as at a date, with the same date of the previous year beside it.
 */
export async function financialPositionStatement(
  db: DbOrTx,
  q: {
    book: FinancialPositionQuery['book'];
    asAt?: string | undefined;
    compare: FinancialPositionQuery['compare'];
  },
): Promise<FinancialPosition> {
  const asAt = q.asAt ?? todayInTanzania();
  const comparativeAsAt = q.compare === 'previous-year' ? yearBefore(asAt) : null;
  // From the start of the year: its income and expenses are the surplus for the year.
  const figuresAt = async (day: string) => {
    const yearStart = await yearStartOf(db, day);
    return accountFigures(db, { book: q.book, from: yearStart, to: day, yearStart });
  };
  const [ctx, current, previous, year] = await Promise.all([
    statementContext(db, q.book),
    figuresAt(asAt),
    comparativeAsAt ? figuresAt(comparativeAsAt) : null,
    yearOf(db, asAt),
  ]);
  const now = financialPosition(current, ctx);
  const before = previous ? financialPosition(previous, ctx) : null;
  const both = (f: (p: PositionFigures) => Dec) => pair(f(now), before ? f(before) : null);
  const sections = compareSections(now.sections, before?.sections ?? null);
  return {
    book: q.book,
    year,
    unmapped: hasUnmapped(sections),
    asAt,
    comparativeAsAt,
    sections,
    totals: {
      assets: both((p) => p.assets),
      liabilities: both((p) => p.liabilities),
      funds: both((p) => p.funds),
      liabilitiesAndFunds: both((p) => p.liabilities.plus(p.funds)),
    },
    elimination: now.elimination
      ? {
          dueToOperation: both((p) => p.elimination?.dueToOperation ?? ZERO),
          dueFromCollection: both((p) => p.elimination?.dueFromCollection ?? ZERO),
          difference: both((p) =>
            p.elimination ? p.elimination.dueFromCollection.minus(p.elimination.dueToOperation) : ZERO,
          ),
        }
      : null,
    balanced: balances(now) && (before === null || balances(before)),
  };
}
