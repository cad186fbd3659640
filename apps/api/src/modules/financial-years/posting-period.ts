import type { Book } from '@ushirika/contracts';
import { and, gte, lte } from 'drizzle-orm';
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
  if (!year) throw fieldError(field, `No financial year covers ${day}`);
  if (year.status !== 'open') throw fieldError(field, `The financial year ${year.name} is closed`);
  assertBookOpen(year, book, day, field, ignoreBookLock);
  return year;
}

/** Refuses a posting dated `day` into a book of `year` locked up to that day or later. */
export function assertBookOpen(
  year: typeof financialYears.$inferSelect,
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
