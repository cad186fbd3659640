import { type Book, book, type MappingKey } from '@ushirika/contracts';
import { type BusinessEventBody, interBookLines, type PostingRole, postingLines } from '@ushirika/domain';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { ValidationError } from '../../../platform/errors.ts';
import {
  assertBookOpen,
  checkPostingYear,
  type PostingYear,
  postingYear,
  postingYearRow,
  postingYearSql,
} from '../../financial-years/posting-period.ts';
import { accountMappings, accounts } from '../schema.ts';
import { type BusinessEvent, eventLine } from './post-business-event.ts';
import { type EntryAccount, writeEntriesAtCommit, writeEntry } from './write-entry.ts';

export type CrossBookEvent = BusinessEventBody &
  Pick<
    BusinessEvent,
    'date' | 'narration' | 'reference' | 'sourceType' | 'sourceId' | 'actorId' | 'party'
  > & {
    /** Accounts chosen by the business action instead of a role's mapped account (a named bank). */
    accounts?: Partial<Record<PostingRole, string>>;
  };

type Resolved = EntryAccount & { role: PostingRole };

/** What `postingReadSql` answers: every mapped account, and the financial year of the date. */
export const postingRead = z.object({
  mappings: z.array(
    z.object({
      key: z.string(),
      id: z.string(),
      code: z.string(),
      book,
      currency: z.string(),
      active: z.boolean(),
    }),
  ),
  year: postingYearRow.nullable(),
});
export type PostingRead = z.infer<typeof postingRead>;

/**
 * The account mappings and the financial year (locked FOR SHARE, as `postingYear` locks it) a
 * posting dated `day` (an SQL date) reads, as one json expression: for a caller that reads them
 * inside its own first statement (two round trips less) and gives them to `postAcrossBooks` as
 * `read`, which then checks them as it checks what it reads itself.
 */
export function postingReadSql(day: SQL): SQL {
  return sql`json_build_object('mappings', (select coalesce(json_agg(json_build_object('key', m.key, 'id', a.id,
      'code', a.code, 'book', a.book, 'currency', a.currency, 'active', a.active)), '[]')
    from account_mappings m join accounts a on a.id = m.account_id), 'year', ${postingYearSql(day)})`;
}

/**
 * Posts a business event whose accounts may sit in both books (a loan paid from the operation
 * bank, the union's income out of a settlement, money from the collection bank to the operation
 * bank): one posted entry per book it touches, each balanced through due to Operation
 * (Collection book) / due from Collection (Operation book), both with the same source, so the
 * two entries are found together. An event within one book is one entry, as `postBusinessEvent`.
 * With `{ numberAtCommit: true }` the entries are numbered at commit (see postBusinessEvent).
 */
export async function postAcrossBooks(
  tx: DbOrTx,
  event: CrossBookEvent,
  options: { numberAtCommit?: boolean; read?: PostingRead } = {},
): Promise<{ ids: string[] }> {
  let lines: ReturnType<typeof postingLines>;
  try {
    lines = postingLines(event);
  } catch (error) {
    throw new ValidationError(error instanceof Error ? error.message : String(error));
  }
  const chosen = event.accounts ?? {};
  const roles = [...new Set(lines.map((l) => l.role)), 'due_to_operation', 'due_from_collection'];
  const mappedRoles = roles.filter((r) => !chosen[r as PostingRole]);
  const cols = {
    id: accounts.id,
    code: accounts.code,
    book: accounts.book,
    currency: accounts.currency,
    active: accounts.active,
  };
  const { read } = options;
  const [mapped, named] = [
    read
      ? read.mappings.filter((m) => mappedRoles.includes(m.key))
      : await tx
          .select({ key: accountMappings.key, ...cols })
          .from(accountMappings)
          .innerJoin(accounts, eq(accounts.id, accountMappings.accountId))
          .where(inArray(accountMappings.key, mappedRoles)),
    Object.values(chosen).length
      ? await tx
          .select(cols)
          .from(accounts)
          .where(inArray(accounts.id, Object.values(chosen) as string[]))
      : [],
  ];
  const accountOf = (role: PostingRole): Resolved => {
    const id = chosen[role];
    const row = id ? named.find((a) => a.id === id) : mapped.find((m) => m.key === (role as MappingKey));
    if (!row)
      throw new ValidationError(
        id
          ? 'The chosen account does not exist'
          : `No account is mapped to ${role.replace(/_/g, ' ')}; set it in the account mappings`,
      );
    return { id: row.id, code: row.code, book: row.book, currency: row.currency, active: row.active, role };
  };
  const booked = lines.map((l) => ({ ...l, account: accountOf(l.role), book: accountOf(l.role).book }));
  const due = interBookLines(booked).map((l) => ({ ...l, account: accountOf(l.role) }));
  for (const d of due)
    if (d.account.book !== d.book)
      throw new ValidationError(
        `The account mapped to ${d.role.replace(/_/g, ' ')} is not in the ${d.book} book`,
      );
  const all = [...booked, ...due];
  // The financial year is read (and locked FOR SHARE) once, for the first book; the second book's
  // lock is checked on the same row.
  let year: PostingYear | undefined;
  const entries = [];
  for (const book of ['collection', 'operation'] as Book[]) {
    const mine = all.filter((l) => l.book === book);
    if (mine.length === 0) continue;
    if (year) assertBookOpen(year, book, event.date);
    else
      year = read ? checkPostingYear(read.year, book, event.date) : await postingYear(tx, book, event.date);
    entries.push({
      input: {
        entryDate: event.date,
        book,
        narration: event.narration,
        reference: event.reference,
        source: 'event' as const,
        sourceType: event.sourceType,
        sourceId: event.sourceId,
        createdBy: event.actorId,
        lines: mine.map((l) => eventLine(l.account.id, l, event.party)),
      },
      postedBy: event.actorId,
      options: { accounts: mine.map((l) => l.account), year },
    });
  }
  // Numbered at commit: both books' entries in one statement.
  if (options.numberAtCommit) return { ids: (await writeEntriesAtCommit(tx, entries)).map((e) => e.id) };
  const ids: string[] = [];
  for (const e of entries) ids.push((await writeEntry(tx, e.input, e.postedBy, e.options)).id);
  return { ids };
}
