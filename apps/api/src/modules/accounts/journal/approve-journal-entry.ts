import type { JournalEntry } from '@ushirika/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../platform/errors.ts';
import { postingYear } from '../../financial-years/posting-period.ts';
import { getJournalEntry } from './queries.ts';
import { journalEntries, journalLines } from './schema.ts';

/**
 * Posts a draft inside the caller's transaction. Maker-checker: whoever entered it cannot approve
 * it. Race-safe: the UPDATE ... WHERE status = 'draft' lets exactly one of two approvers through;
 * the other waits for the row, finds it posted and gets 409.
 */
export async function postDraft(
  tx: DbOrTx,
  { id, approverId, what }: { id: string; approverId: string; what: string },
) {
  const [draft] = await tx.select().from(journalEntries).where(eq(journalEntries.id, id));
  if (!draft) throw new NotFoundError(`${what} not found`);
  if (draft.status !== 'draft') throw new ConflictError(`This ${what.toLowerCase()} is already approved`);
  if (draft.createdBy === approverId) {
    throw new ForbiddenError(`You entered this ${what.toLowerCase()}, so another person must approve it`);
  }
  await postingYear(tx, draft.book, draft.entryDate);
  const [posted] = await tx
    .update(journalEntries)
    .set({ status: 'posted', approvedBy: approverId, approvedAt: new Date() })
    .where(and(eq(journalEntries.id, id), eq(journalEntries.status, 'draft')))
    .returning({ id: journalEntries.id });
  if (!posted) throw new ConflictError(`This ${what.toLowerCase()} is already approved`);
  await tx.update(journalLines).set({ posted: true }).where(eq(journalLines.entryId, id));
}

export async function approveJournalEntry(
  db: Db,
  actor: Actor,
  { id }: { id: string },
): Promise<JournalEntry> {
  return db.transaction(async (tx) => {
    await postDraft(tx, { id, approverId: actor.userId, what: 'Journal entry' });
    const entry = await getJournalEntry(tx, id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'approved',
      entity: 'journal_entry',
      entityId: id,
      after: entry,
    });
    return entry;
  });
}
