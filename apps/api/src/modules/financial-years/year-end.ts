import type { Book, YearClosing, YearSurplus } from '@ushirika/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import type { financialYears } from './schema.ts';

export type FinancialYearRow = typeof financialYears.$inferSelect;

/** A closing entry posted when a year closes, one per book with anything to close. */
export type ClosingEntry = { book: Book; id: string; number: string };

/**
 * What closing a year asks of the books: accounts implements it (accounts/reports/year-closing.ts)
 * and app.ts hands it to these routes. A port, so financial years stay below accounts: accounts
 * post into years, and a year's close never imports the posting door.
 */
export type YearEndBooks = {
  /** What closing `year` will post, per book (the close confirmation shows it). */
  preview(db: DbOrTx, year: FinancialYearRow): Promise<YearClosing>;
  /** Posts the closing entries inside the close's transaction, the year row already locked. */
  post(tx: DbOrTx, year: FinancialYearRow, actorId: string): Promise<ClosingEntry[]>;
  /** A closed year's accumulated surplus per book and for the union (accounts/statements/read-year-surplus.ts). */
  surplus(db: DbOrTx, actor: Actor, input: { financialYearId: string }): Promise<YearSurplus>;
};
