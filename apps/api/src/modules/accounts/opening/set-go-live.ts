import type { Book, BookOpening, SetGoLiveBody } from '@ushirika/contracts';
import { and, count, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, fieldError } from '../../../platform/errors.ts';
import { postingYear } from '../../financial-years/posting-period.ts';
import { journalEntries } from '../journal/schema.ts';
import { accounts } from '../schema.ts';
import { bookOpeningOf, bookOpeningView, dayBefore } from './queries.ts';
import { bookOpenings, openingImports } from './schema.ts';

/**
 * Sets a book's go-live date and its opening-balances account. Refused once the book is live or
 * holds an opening import (reverse it first), when entries are already posted before the date, or
 * when no open financial year covers the day before it (the opening position's date).
 */
export async function setGoLive(
  db: Db,
  actor: Actor,
  input: SetGoLiveBody & { book: Book },
): Promise<BookOpening> {
  const { book, goLiveDate, openingAccountId } = input;
  await db.transaction(async (tx) => {
    const before = await bookOpeningOf(tx, book, true);
    if (before?.status === 'live') throw new ConflictError(`The ${book} book is already live`);
    const [standing] = await tx
      .select({ n: count() })
      .from(openingImports)
      .where(and(eq(openingImports.book, book), eq(openingImports.status, 'imported')));
    if ((standing?.n ?? 0) > 0)
      throw new ConflictError('Reverse the opening imports of this book before changing its go-live');
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, openingAccountId));
    if (!account || account.book !== book || !account.active)
      throw fieldError('openingAccountId', `Choose an active account of the ${book} book`);
    if (account.isBankOrCash)
      throw fieldError('openingAccountId', 'A bank or cash account cannot hold the opening balances');
    await postingYear(tx, book, dayBefore(goLiveDate), 'goLiveDate');
    const [earlier] = await tx
      .select({ n: count() })
      .from(journalEntries)
      .where(
        and(
          eq(journalEntries.book, book),
          lt(journalEntries.entryDate, goLiveDate),
          ne(journalEntries.status, 'draft'),
          or(sql`${journalEntries.sourceType} is null`, ne(journalEntries.sourceType, 'opening_import')),
        ),
      );
    if ((earlier?.n ?? 0) > 0)
      throw fieldError(
        'goLiveDate',
        `${earlier?.n} entries are already posted in the ${book} book before ${goLiveDate}: choose a later go-live date`,
      );
    await tx
      .insert(bookOpenings)
      .values({ book, goLiveDate, openingAccountId, createdBy: actor.userId })
      .onConflictDoUpdate({ target: bookOpenings.book, set: { goLiveDate, openingAccountId } });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: before ? 'updated' : 'created',
      entity: 'book_opening',
      entityId: book,
      before: { goLiveDate: before?.goLiveDate ?? null, openingAccountId: before?.openingAccountId ?? null },
      after: { goLiveDate, openingAccountId },
    });
  });
  return bookOpeningView(db, book);
}
