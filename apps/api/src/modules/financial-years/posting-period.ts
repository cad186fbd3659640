import type { Book } from '@ushirika/contracts';
import { and, gte, lte, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { fieldError } from '../../platform/errors.ts';
import { financialYears } from './schema.ts';

/**
 * The open, unlocked financial year a posting dated `day` goes into, or a refusal naming why.
 * Locks the year row (FOR SHARE) so a close or a lock cannot slip in before the posting commits.
 * `ignoreBookLock`: the year-end closing entry, dated the last day, posts even into a locked book.
 */
export async function postingYear(
  tx: DbOrTx,
  book: Book,
  day: string,
  field = 'entryDate',
  { ignoreBookLock = false } = {},
) {
  const [year] = await tx
    .select()
    .from(financialYears)
    .where(and(lte(financialYears.startDate, day), gte(financialYears.endDate, day)))
    .for('share');
  return checkPostingYear(year, book, day, field, ignoreBookLock);
}

/** The columns of a financial year a posting checks and writes with, as `postingYearSql` reads them. */
export const postingYearRow = z.object({
  id: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(['open', 'closed']),
  collectionLockedUntil: z.string().nullable(),
  operationLockedUntil: z.string().nullable(),
});
export type PostingYear = z.infer<typeof postingYearRow>;

/**
 * `postingYear`'s read as an SQL expression, for a caller that reads it inside its own first
 * statement (one round trip less): the year covering `day` (an SQL date) as json, its row locked
 * FOR SHARE likewise. Check what it answers with `checkPostingYear`.
 */
export function postingYearSql(day: SQL): SQL {
  return sql`(select json_build_object('id', y.id, 'name', y.name, 'startDate', y.start_date::text,
      'endDate', y.end_date::text, 'status', y.status, 'collectionLockedUntil', y.collection_locked_until::text,
      'operationLockedUntil', y.operation_locked_until::text)
    from financial_years y where y.start_date <= ${day} and y.end_date >= ${day} for share of y)`;
}

/** The refusals of `postingYear` for a year already read: none, closed, or the book locked. */
export function checkPostingYear<Y extends PostingYear>(
  year: Y | null | undefined,
  book: Book,
  day: string,
  field = 'entryDate',
  ignoreBookLock = false,
): Y {
  if (!year) throw fieldError(field, `No financial year covers ${day}`);
  if (year.status !== 'open') throw fieldError(field, `The financial year ${year.name} is closed`);
  assertBookOpen(year, book, day, field, ignoreBookLock);
  return year;
}

/** Refuses a posting dated `day` into a book of `year` locked up to that day or later. */
export function assertBookOpen(
  year: PostingYear,
  book: Book,
  day: string,
  field = 'entryDate',
  ignoreBookLock = false,
): void {
  const lockedUntil = book === 'collection' ? year.collectionLockedUntil : year.operationLockedUntil;
  if (lockedUntil && day <= lockedUntil && !ignoreBookLock) {
    throw fieldError(field, `The ${book} book is locked up to ${lockedUntil}`);
  }
}
