import type { StatementBook, YearSurplus } from '@ushirika/contracts';
import { changesInFunds, fixed, surplusOf, ZERO } from '@ushirika/domain';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor, SystemActor } from '../../../platform/access.ts';
import { ConflictError } from '../../../platform/errors.ts';
import { getFinancialYearRow } from '../../financial-years/queries.ts';
import { statementFigures } from './statement-period.ts';

const BOOKS: StatementBook[] = ['union', 'collection', 'operation'];

/**
 * A closed financial year's accumulated surplus, per book and for the union (#28, for #32's
 * appropriation at the AGM). It is the accumulated surplus column of the statement of changes in
 * members' funds over the year, computed by the same figures and layout as that statement: the
 * balance at the start, the year's surplus (income less expenditure, the closing entries left
 * out), the two together before appropriation, what the year moved out of it (to reserves,
 * dividends, a close into an account outside it) and the balance at the end. An open year's
 * surplus can still change, so it is refused (409).
 */
export async function readYearSurplus(
  db: DbOrTx,
  _actor: Actor | SystemActor,
  input: { financialYearId: string },
): Promise<YearSurplus> {
  const year = await getFinancialYearRow(db, input.financialYearId);
  if (year.status !== 'closed') {
    throw new ConflictError(`${year.name} is open: its surplus is final once the year is closed`);
  }
  const books = await Promise.all(
    BOOKS.map(async (book) => {
      const { ctx, current } = await statementFigures(db, {
        book,
        from: year.startDate,
        to: year.endDate,
        compare: 'none',
      });
      const { rows } = changesInFunds(current, ctx);
      const column = (key: string) => rows.find((r) => r.key === key)?.amounts.accumulated_surplus ?? ZERO;
      const opening = column('opening');
      const surplus = surplusOf(current);
      const beforeAppropriation = opening.plus(surplus);
      const closing = column('closing');
      return {
        book,
        opening: fixed(opening),
        surplus: fixed(surplus),
        beforeAppropriation: fixed(beforeAppropriation),
        appropriated: fixed(beforeAppropriation.minus(closing)),
        closing: fixed(closing),
      };
    }),
  );
  return {
    year: { id: year.id, name: year.name, startDate: year.startDate, endDate: year.endDate },
    books,
  };
}
