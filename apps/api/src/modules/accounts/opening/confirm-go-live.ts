import type { Book, BookOpening } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ValidationError } from '../../../platform/errors.ts';
import { goLiveCheck } from './go-live-check.ts';
import { bookOpeningOf, bookOpeningView } from './queries.ts';
import { bookOpenings, openingImports } from './schema.ts';

/**
 * Confirms a book live: only with its opening trial balance in, the opening-balances account at
 * zero and every control account equal to its sub-ledger.
 */
export async function confirmGoLive(db: Db, actor: Actor, { book }: { book: Book }): Promise<BookOpening> {
  await db.transaction(async (tx) => {
    const opening = await bookOpeningOf(tx, book, true);
    if (!opening) throw new ValidationError(`Set the ${book} book's go-live date first`);
    if (opening.status === 'live') throw new ConflictError(`The ${book} book is already live`);
    const [tb] = await tx
      .select({ id: openingImports.id })
      .from(openingImports)
      .where(
        and(
          eq(openingImports.book, book),
          eq(openingImports.kind, 'trial_balance'),
          eq(openingImports.status, 'imported'),
        ),
      );
    if (!tb) throw new ValidationError(`Import the ${book} book's opening trial balance first`);
    const check = await goLiveCheck(tx, book);
    if (!dec(check.openingAccountBalance).isZero())
      throw new ConflictError(
        `The opening-balances account is at ${check.openingAccountBalance}, not 0.00: going live needs it at zero`,
      );
    const differing = check.checks.filter((c) => !dec(c.difference).isZero());
    if (differing.length > 0)
      throw new ConflictError(
        `Going live needs every control account equal to its sub-ledger: ${differing
          .map((c) => `${c.name} differs by ${c.difference}`)
          .join('; ')}`,
      );
    await tx
      .update(bookOpenings)
      .set({ status: 'live', confirmedAt: new Date(), confirmedBy: actor.userId })
      .where(eq(bookOpenings.book, book));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'confirmed',
      entity: 'book_opening',
      entityId: book,
      before: { status: opening.status },
      after: { status: 'live' },
    });
  });
  return bookOpeningView(db, book);
}
