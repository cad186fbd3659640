import { type Book, MAPPING_KEYS, type MappingKey, type partyType } from '@ushirika/contracts';
import { type BusinessEventBody, type Dec, type PostingRole, postingLines } from '@ushirika/domain';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { ValidationError } from '../../../platform/errors.ts';
import { accountMappings, accounts } from '../schema.ts';
import type { Narration } from './narrations.ts';
import { type EntryInput, writeEntry } from './write-entry.ts';

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

/**
 * THE posting function later modules call, inside their own transaction, with a business event.
 * It builds the balanced lines from the posting rules, picks each account from the mappings,
 * writes one posted entry in the accounts' book, and throws (failing the caller's whole business
 * action) when an account is not mapped, the accounts span two books, or the period is closed.
 *
 * The JV number is taken in the statement that writes the entry, so it is returned, and the
 * shared number counter stays locked until the caller commits: keep the work after the posting
 * short. With `{ numberAtCommit: true }` a deferred trigger numbers the entry at commit instead, so
 * concurrent postings wait on the counter only while one commits (2-5x the throughput on PostgreSQL, see
 * docs/accounting.md); the number is then not known inside the transaction: read it after commit
 * with `entryNumber(db, id)` (journal/queries.ts).
 */
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

export async function postBusinessEvent(
  tx: DbOrTx,
  event: BusinessEvent,
): Promise<{ id: string; number: string }>;
export async function postBusinessEvent(
  tx: DbOrTx,
  event: BusinessEvent,
  options: { numberAtCommit: true },
): Promise<{ id: string }>;
export async function postBusinessEvent(
  tx: DbOrTx,
  event: BusinessEvent,
  options: { numberAtCommit?: boolean } = {},
): Promise<{ id: string; number?: string }> {
  let lines: ReturnType<typeof postingLines>;
  try {
    lines = postingLines(event);
  } catch (error) {
    throw new ValidationError(error instanceof Error ? error.message : String(error));
  }
  const roles = [...new Set(lines.map((l) => roleIsKey[l.role]))];
  // The mapped accounts with what writeEntry checks of them, in one query.
  const mapped = await tx
    .select({
      key: accountMappings.key,
      accountId: accountMappings.accountId,
      id: accounts.id,
      code: accounts.code,
      book: accounts.book,
      currency: accounts.currency,
      active: accounts.active,
    })
    .from(accountMappings)
    .innerJoin(accounts, eq(accounts.id, accountMappings.accountId))
    .where(inArray(accountMappings.key, roles));
  const accountOf = (role: PostingRole): string => {
    if (event.bankAccountId && (role === 'collection_bank' || role === 'operation_bank'))
      return event.bankAccountId;
    const row = mapped.find((m) => m.key === role);
    if (!row)
      throw new ValidationError(
        `No account is mapped to ${role.replace(/_/g, ' ')}; set it in the account mappings`,
      );
    return row.accountId;
  };
  const books = new Set<Book>(roles.map((r) => MAPPING_KEYS[r]));
  const [book] = books;
  if (!book || books.size > 1) throw new ValidationError(`A ${event.type} cannot post into two books`);
  const input: EntryInput = {
    entryDate: event.date,
    book,
    narration: event.narration,
    reference: event.reference,
    source: 'event',
    sourceType: event.sourceType,
    sourceId: event.sourceId,
    createdBy: event.actorId,
    lines: lines.map((l) => eventLine(accountOf(l.role), l, event.party)),
  };
  // A specific bank account is not among the mapped ones: writeEntry reads the accounts then.
  const known = event.bankAccountId ? {} : { accounts: mapped };
  if (options.numberAtCommit) {
    const written = await writeEntry(tx, input, event.actorId, { ...known, numberAtCommit: true });
    return { id: written.id };
  }
  const written = await writeEntry(tx, input, event.actorId, known);
  return { id: written.id, number: written.number };
}
