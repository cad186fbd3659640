import type { CashFlows, StatementPeriodQuery } from '@ushirika/contracts';
import {
  type CashFlowFigures,
  cashFlows,
  compareAccounts,
  compareSections,
  type Dec,
  pair,
} from '@ushirika/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { hasUnmapped } from './financial-position.ts';
import { type PeriodInput, statementFigures } from './statement-period.ts';

/**
 * The statement of cash flows for a period by the indirect method, with the same period of the
 * previous year. `balanced`: opening cash + the net change = the bank and cash accounts at the end.
 */
export async function cashFlowsStatement(
  db: DbOrTx,
  q: PeriodInput<StatementPeriodQuery['book']>,
): Promise<CashFlows> {
  const { ctx, period, current, previous, year } = await statementFigures(db, q);
  const now = cashFlows(current, ctx);
  const before = previous ? cashFlows(previous, ctx) : null;
  const both = (f: (p: CashFlowFigures) => Dec) => pair(f(now), before ? f(before) : null);
  const sections = compareSections(now.sections, before?.sections ?? null);
  const agrees = (p: CashFlowFigures) => p.closingCash.eq(p.cashPerBooks);
  return {
    book: q.book,
    year,
    unmapped: hasUnmapped(sections),
    ...period,
    surplus: both((p) => p.surplus),
    sections,
    netChange: both((p) => p.netChange),
    openingCash: both((p) => p.openingCash),
    closingCash: both((p) => p.closingCash),
    cashAccounts: compareAccounts(now.cashAccounts, before?.cashAccounts ?? null),
    cashPerBooks: both((p) => p.cashPerBooks),
    balanced: agrees(now) && (before === null || agrees(before)),
  };
}
