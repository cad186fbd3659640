import type { CreateJournalEntryBody, JournalEntry } from '@ushirika/contracts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { getJournalEntry } from './queries.ts';
import { writeEntry } from './write-entry.ts';

/** Saves a balanced journal entry as a draft, waiting for another person's approval. */
export async function createJournalEntry(
  db: Db,
  actor: Actor,
  body: CreateJournalEntryBody,
): Promise<JournalEntry> {
  return db.transaction(async (tx) => {
    const { id } = await writeEntry(tx, { ...body, source: 'journal', createdBy: actor.userId });
    return auditedNewEntry(tx, actor, id);
  });
}

/** A draft entry just written, as read back, with its audit record. */
export async function auditedNewEntry(tx: DbOrTx, actor: Actor, id: string): Promise<JournalEntry> {
  const entry = await getJournalEntry(tx, id);
  await recordAudit(tx, {
    actorId: actor.userId,
    action: 'created',
    entity: 'journal_entry',
    entityId: id,
    after: entry,
  });
  return entry;
}
