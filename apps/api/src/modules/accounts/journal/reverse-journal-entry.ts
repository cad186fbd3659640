import { type JournalEntry, partyType } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/errors.ts';
import type { Narration } from './narrations.ts';
import { getJournalEntry } from './queries.ts';
import { journalEntries } from './schema.ts';
import { writeEntry } from './write-entry.ts';

/**
 * Reverses a posted entry: a mirror entry (debits and credits swapped, same currency amounts and
 * rates) posted on `entryDate` (default: the original's date), and the two linked both ways.
 */
export async function reverseJournalEntry(
  db: DbOrTx,
  actor: Actor,
  {
    id,
    entryDate,
    narration,
  }: { id: string; entryDate?: string | undefined; narration?: Narration | undefined },
): Promise<JournalEntry> {
  return db.transaction(async (tx) => {
    const [original] = await tx.select().from(journalEntries).where(eq(journalEntries.id, id)).for('update');
    if (!original) throw new NotFoundError('Journal entry not found');
    if (original.status === 'draft') throw new ValidationError('Only a posted journal entry can be reversed');
    if (original.status === 'reversed') throw new ConflictError('This journal entry is already reversed');
    const before = await getJournalEntry(tx, id);
    const mirror = await writeEntry(
      tx,
      {
        entryDate: entryDate ?? original.entryDate,
        book: original.book,
        narration: narration || `Reversal of ${original.number}: ${original.narration}`,
        reference: original.number,
        source: 'reversal',
        createdBy: actor.userId,
        reversalOfId: id,
        lines: before.lines.map((l) => ({
          accountId: l.accountId,
          debit: dec(l.credit).gt(0) ? l.currencyAmount : '0',
          credit: dec(l.debit).gt(0) ? l.currencyAmount : '0',
          currency: l.currency,
          rate: l.rate,
          description: l.description ?? undefined,
          // The line's stored party type, as the posting door takes it (one of the contract's).
          partyType: partyType.options.find((t) => t === l.partyType),
          partyId: l.partyId ?? undefined,
          partyName: l.partyName ?? undefined,
        })),
      },
      actor.userId,
    );
    await tx
      .update(journalEntries)
      .set({ status: 'reversed', reversedById: mirror.id })
      .where(and(eq(journalEntries.id, id), eq(journalEntries.status, 'posted')));
    const after = await getJournalEntry(tx, id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'reversed',
      entity: 'journal_entry',
      entityId: id,
      before,
      after,
    });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'journal_entry',
      entityId: mirror.id,
      after: await getJournalEntry(tx, mirror.id),
    });
    return getJournalEntry(tx, mirror.id);
  });
}
