import type { StatementBook } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { useSearchParamsPatch } from '../../../components/use-search-params-patch.ts';
import type { StatementQuery } from './hooks.ts';

const BOOKS: readonly StatementBook[] = ['union', 'collection', 'operation'];
const isBook = (v: string | null): v is StatementBook => BOOKS.some((b) => b === v);

/**
 * A statement's query kept in the address (book, dates, comparison), so the ledger a line opens
 * leads back to the same statement and a statement can be bookmarked. `period`: from/to (income and
 * expenditure, cash flows, changes in funds); else as at a date (financial position).
 */
export function useStatementQuery(period: boolean) {
  const [params, patch] = useSearchParamsPatch();
  const today = todayInTanzania();
  const book = params.get('book');
  const query: StatementQuery = {
    book: isBook(book) ? book : 'union',
    compare: params.get('compare') === 'none' ? 'none' : 'previous-year',
    ...(period
      ? { from: params.get('from') || `${today.slice(0, 4)}-01-01`, to: params.get('to') || today }
      : { as_at: params.get('as_at') || today }),
  };
  const set = (changes: Partial<Record<'book' | 'as_at' | 'from' | 'to' | 'compare', string>>) =>
    patch(changes);
  return { query, set };
}
