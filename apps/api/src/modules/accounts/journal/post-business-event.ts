import { type Book, MAPPING_KEYS, type MappingKey, type partyType } from '@ushirika/contracts';
import { type BusinessEventBody, type Dec, type PostingRole, postingLines } from '@ushirika/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { ValidationError } from '../../../platform/errors.ts';
import { writeEventEntry } from './event-entry.ts';
import type { Narration } from './narrations.ts';

// Every posting role of the domain's rules is a mapping key of the settings, and back.
const roleIsKey: Record<PostingRole, MappingKey> = Object.fromEntries(
  (Object.keys(MAPPING_KEYS) as MappingKey[]).map((k) => [k, k]),
) as Record<MappingKey, MappingKey>;

export type BusinessEvent = BusinessEventBody & {
  date: string;
  /** Written by the system: `narrate(key, params)`, so each reader sees it in their language. */
  narration: Narration;
  reference?: string;
  /** What the posting comes from, e.g. `sales_invoice` and its id: the entry links back to it. */
  sourceType: string;
  sourceId: string;
  /** Who performs the business action; the posting is theirs. */
  actorId: string | null;
  party?: { type: z.infer<typeof partyType>; id?: string; name: string };
  /** A specific bank or cash account instead of the mapped default (receipts, payouts). */
  bankAccountId?: string;
};

/** One posted line of an event, in TZS, with the event's party: the same for one book or two. */
export function eventLine(
  accountId: string,
  line: { debit: Dec; credit: Dec },
  party: BusinessEvent['party'],
) {
  return {
    accountId,
    debit: line.debit.toFixed(2),
    credit: line.credit.toFixed(2),
    currency: 'TZS',
    rate: '1',
    ...(party ? { partyType: party.type, partyId: party.id, partyName: party.name } : {}),
  };
}

/**
 * THE posting function later modules call, inside their own transaction, with a business event.
 * It builds the balanced lines from the posting rules, picks each account from the mappings (or the
 * event's bank account), and writes one posted entry in the accounts' book; it throws (failing the
 * caller's whole business action) when an account is not mapped, the accounts span two books, or
 * the period is closed or locked. Nothing is written when it throws.
 *
 * One statement (`writeEventEntry`): BEGIN + it + COMMIT is the whole posting. The JV number is
 * taken at commit by a deferred trigger, so concurrent postings queue on the shared counter only
 * while one commits (docs/accounting.md, "Posting throughput"); inside the transaction the entry
 * carries a provisional `~<year>~<id>`: read the number after commit with `entryNumber(db, id)`.
 */
export async function postBusinessEvent(tx: DbOrTx, event: BusinessEvent): Promise<{ id: string }> {
  let lines: ReturnType<typeof postingLines>;
  try {
    lines = postingLines(event);
  } catch (error) {
    throw new ValidationError(error instanceof Error ? error.message : String(error));
  }
  const books = new Set<Book>(lines.map((l) => MAPPING_KEYS[roleIsKey[l.role]]));
  const [book] = books;
  if (!book || books.size > 1) throw new ValidationError(`A ${event.type} cannot post into two books`);
  const namesBank = (role: PostingRole) =>
    event.bankAccountId !== undefined && (role === 'collection_bank' || role === 'operation_bank');
  return writeEventEntry(tx, {
    book,
    date: event.date,
    narration: event.narration,
    reference: event.reference,
    sourceType: event.sourceType,
    sourceId: event.sourceId,
    actorId: event.actorId,
    party: event.party,
    lines: lines.map((l) => ({
      role: roleIsKey[l.role],
      ...(namesBank(l.role) ? { accountId: event.bankAccountId } : {}),
      debit: l.debit.toFixed(2),
      credit: l.credit.toFixed(2),
    })),
  });
}
