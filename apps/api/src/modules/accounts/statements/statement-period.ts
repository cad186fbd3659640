import type { StatementBook } from '@ushirika/contracts';
import type { AccountFigures, StatementContext } from '@ushirika/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { accountFigures } from './account-figures.ts';
import { statementContext, statementPeriod, yearBefore, yearOf, yearStartOf } from './statement-context.ts';

export type PeriodInput<B extends StatementBook = StatementBook> = {
  book: B;
  from?: string | undefined;
  to?: string | undefined;
  compare: 'previous-year' | 'none';
};

/**
 * What a statement over a period reads: its mapping and words, the period (defaults filled in) and
 * the same period of the previous year when asked for, each account's figures in both, and the
 * financial year the period ends in.
 */
export async function statementFigures(
  db: DbOrTx,
  q: PeriodInput,
): Promise<{
  ctx: StatementContext;
  period: { from: string; to: string; comparativeFrom: string | null; comparativeTo: string | null };
  current: AccountFigures[];
  previous: AccountFigures[] | null;
  year: Awaited<ReturnType<typeof yearOf>>;
}> {
  const { from, to, yearStart } = await statementPeriod(db, q);
  const comparative = q.compare === 'previous-year' ? { from: yearBefore(from), to: yearBefore(to) } : null;
  const [ctx, current, previous, year] = await Promise.all([
    statementContext(db, q.book),
    accountFigures(db, { book: q.book, from, to, yearStart }),
    comparative
      ? accountFigures(db, { book: q.book, ...comparative, yearStart: await yearStartOf(db, comparative.to) })
      : null,
    yearOf(db, to),
  ]);
  return {
    ctx,
    period: { from, to, comparativeFrom: comparative?.from ?? null, comparativeTo: comparative?.to ?? null },
    current,
    previous,
    year,
  };
}
