import type { OpeningImport, ReverseOpeningBody } from '@ushirika/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, NotFoundError } from '../../../platform/errors.ts';
import { narrate } from '../journal/narrations.ts';
import { reverseJournalEntry } from '../journal/reverse-journal-entry.ts';
import { definitionOf, type OpeningDefinitions } from './check-opening.ts';
import { bookOpeningOf, openingImportView, openingReversible } from './queries.ts';
import { bookOpenings, openingImports, openingRecords } from './schema.ts';

/**
 * Reverses an opening import whole, with a reason, while the first period after go-live is still
 * open: its posting by a mirror entry on the same date, its sub-ledger records undone. The book
 * goes back to setting up (its control accounts no longer tie until the openings are in again).
 */
export async function reverseOpeningImport(
  db: Db,
  actor: Actor,
  { id, reason, definitions }: ReverseOpeningBody & { id: string; definitions: OpeningDefinitions },
): Promise<OpeningImport> {
  await db.transaction(async (tx) => {
    const [imported] = await tx.select().from(openingImports).where(eq(openingImports.id, id)).for('update');
    if (!imported) throw new NotFoundError('Opening import not found');
    if (imported.status === 'reversed') throw new ConflictError('This opening import is already reversed');
    const opening = await bookOpeningOf(tx, imported.book, true);
    if (!opening || !(await openingReversible(tx, opening)))
      throw new ConflictError('The first period after go-live is closed: openings can no longer change');
    if (imported.kind === 'trial_balance') {
      const [bank] = await tx
        .select({ id: openingImports.id })
        .from(openingImports)
        .where(
          and(
            eq(openingImports.book, imported.book),
            eq(openingImports.kind, 'bank_balances'),
            eq(openingImports.status, 'imported'),
          ),
        );
      // The bank balances' starting points are matched to the trial balance's bank lines.
      if (bank)
        throw new ConflictError('Reverse the bank balances first: they start from this trial balance');
    }
    const records = await tx.select().from(openingRecords).where(eq(openingRecords.importId, id));
    const undo = definitionOf(definitions, imported.kind).undo;
    if (undo && records.length > 0)
      await undo(
        tx,
        records.map((r) => ({ type: r.recordType, id: r.recordId })),
        actor,
      );
    if (imported.entryId)
      await reverseJournalEntry(tx, actor, {
        id: imported.entryId,
        narration: narrate('openingReversed', { reason }),
      });
    await tx
      .update(openingImports)
      .set({ status: 'reversed', reversalReason: reason, reversedAt: new Date(), reversedBy: actor.userId })
      .where(eq(openingImports.id, id));
    if (opening.status === 'live')
      await tx
        .update(bookOpenings)
        .set({ status: 'setting_up', confirmedAt: null, confirmedBy: null })
        .where(eq(bookOpenings.book, imported.book));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'reversed',
      entity: 'opening_import',
      entityId: id,
      before: { status: 'imported' },
      after: { status: 'reversed', reason },
    });
  });
  return openingImportView(db, id);
}
