import {
  type ChangesBlock,
  type ChangesInFunds,
  FUND_SECTIONS,
  type StatementPeriodQuery,
} from '@ushirika/contracts';
import { type ChangesFigures, changesInFunds, type FundColumns, fixed, lineFor } from '@ushirika/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { type PeriodInput, statementFigures } from './statement-period.ts';

const totalOf = (c: FundColumns) => c.share_capital.plus(c.reserves).plus(c.accumulated_surplus);

function block(from: string, to: string, figures: ChangesFigures): ChangesBlock {
  return {
    from,
    to,
    rows: figures.rows.map((r) => ({
      key: r.key,
      name: r.name,
      accountId: r.accountId,
      accountBook: r.accountBook,
      amounts: {
        share_capital: fixed(r.amounts.share_capital),
        reserves: fixed(r.amounts.reserves),
        accumulated_surplus: fixed(r.amounts.accumulated_surplus),
        total: fixed(totalOf(r.amounts)),
      },
    })),
  };
}

/** The closing row equals the statement of financial position's members' funds, column by column. */
function agrees(figures: ChangesFigures): boolean {
  const closing = figures.rows.at(-1)?.amounts;
  return closing !== undefined && FUND_SECTIONS.every((c) => closing[c].eq(figures.closingPerPosition[c]));
}

/**
 * The statement of changes in members' funds for a period (share capital, reserves, accumulated
 * surplus), and the same period of the previous year as a second block.
 */
export async function changesInFundsStatement(
  db: DbOrTx,
  q: PeriodInput<StatementPeriodQuery['book']>,
): Promise<ChangesInFunds> {
  const { ctx, period, current, previous, year } = await statementFigures(db, q);
  const now = changesInFunds(current, ctx);
  const before = previous ? changesInFunds(previous, ctx) : null;
  return {
    book: q.book,
    year,
    unmapped: current.some((a) => a.type === 'equity' && lineFor(a, ctx) === null),
    ...period,
    columns: [...FUND_SECTIONS, 'total'].map((key) => ({
      key,
      name: ctx.labels(key === 'total' ? 'changes.total' : `sections.${key}`),
    })),
    current: block(period.from, period.to, now),
    comparative:
      before && period.comparativeFrom && period.comparativeTo
        ? block(period.comparativeFrom, period.comparativeTo, before)
        : null,
    balanced: agrees(now) && (before === null || agrees(before)),
  };
}
