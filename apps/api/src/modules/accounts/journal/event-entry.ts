import type { Book } from '@ushirika/contracts';
import { entryProblem, sum } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { fieldError, ValidationError } from '../../../platform/errors.ts';
import { checkPostingYear, postingYearRow } from '../../financial-years/posting-period.ts';
import { type Narration, narrationEn, narrationSw } from './narrations.ts';

/** One line of a business event: its role's mapped account, or an account the action names. */
export type EventEntryLine = { role: string; accountId?: string; debit: string; credit: string };

export type EventEntry = {
  book: Book;
  date: string;
  narration: Narration;
  reference?: string | undefined;
  sourceType: string;
  sourceId: string;
  actorId: string | null;
  party?: { type: string; id?: string | undefined; name: string } | undefined;
  lines: EventEntryLine[];
};

const bookName = z.enum(['collection', 'operation']);
/** What the statement read: each line's account (by line number), the year of the date, and what it wrote. */
const readRow = z.object({
  accounts: z
    .array(
      z.object({
        line_no: z.number(),
        id: z.string(),
        code: z.string(),
        book: bookName,
        active: z.boolean(),
      }),
    )
    .nullable(),
  year: postingYearRow.nullable(),
  written: z.number(),
});
type Read = z.output<typeof readRow>;

/**
 * Writes a business event's posted entry in one statement, numbered at commit: the statement reads
 * each line's account (the role's mapping, or the named account) and the financial year (locked
 * FOR SHARE, as `postingYear` locks it), and inserts the lines and the entry only when every
 * check of `writeEntry` passes; it answers what it read, and the same checks in code name the
 * refusal (nothing is written then). BEGIN + this + COMMIT is the whole posting.
 */
export async function writeEventEntry(tx: DbOrTx, entry: EventEntry): Promise<{ id: string }> {
  const lines = entry.lines.map((l, i) => ({
    id: uuidv7(),
    line_no: i + 1,
    role: l.role,
    account_id: l.accountId ?? null,
    debit: l.debit,
    credit: l.credit,
  }));
  const problem = entryProblem(lines);
  if (problem) throw new ValidationError(problem, { lines: [problem] });
  const id = uuidv7();
  const [read] = await queryRows(tx, readRow, statement(entry, id, lines), {
    prepared: 'journal_post_event',
  });
  if (!read) throw new Error('The posting statement answered nothing');
  refusal(entry, read);
  if (read.written !== 1) throw new Error('The posting was refused by the database with no reason in code');
  return { id };
}

/** The refusal `writeEntry` would give for what the statement read, thrown; none when it may post. */
function refusal(entry: EventEntry, read: Read): void {
  checkPostingYear(read.year, entry.book, entry.date, 'entryDate');
  for (const [i, line] of entry.lines.entries()) {
    const account = read.accounts?.find((a) => a.line_no === i + 1);
    const field = `lines.${i}.accountId`;
    if (!account) {
      if (line.accountId) throw fieldError(field, `Line ${i + 1}: the account does not exist`);
      throw new ValidationError(
        `No account is mapped to ${line.role.replace(/_/g, ' ')}; set it in the account mappings`,
      );
    }
    if (!account.active) throw fieldError(field, `Line ${i + 1}: the account ${account.code} is inactive`);
    if (account.book !== entry.book)
      throw fieldError(field, `Line ${i + 1}: the account ${account.code} is not in the ${entry.book} book`);
  }
}

type StatementLine = {
  id: string;
  line_no: number;
  role: string;
  account_id: string | null;
  debit: string;
  credit: string;
};

/**
 * The posting in one statement (prepared on PostgreSQL). `y` locks the year; `a` is each line with
 * its account; `ok` is every check at once (each line's account found, active and in the book; the
 * year open and the book not locked on the date); the lines, then the entry (after every line, as
 * the guard on posted entries wants), are inserted only when `ok`.
 */
function statement(entry: EventEntry, id: string, lines: StatementLine[]) {
  const day = sql`${entry.date}::date`;
  const book = sql`${entry.book}::text`;
  const party = entry.party;
  return sql`with y as (
      select id, name, start_date::text as "startDate", end_date::text as "endDate", status,
        collection_locked_until::text as "collectionLockedUntil", operation_locked_until::text as "operationLockedUntil",
        extract(year from start_date)::int as fiscal_year,
        case ${book} when 'collection' then collection_locked_until else operation_locked_until end as locked_until
      from financial_years where start_date <= ${day} and end_date >= ${day} for share),
    x as (select * from json_to_recordset(${JSON.stringify(lines)}::json)
      as x(id uuid, line_no int, role text, account_id uuid, debit numeric, credit numeric)),
    a as (select x.*, acc.id as acc_id, acc.code, acc.book, acc.active
      from x left join account_mappings m on x.account_id is null and m.key = x.role
      join accounts acc on acc.id = coalesce(x.account_id, m.account_id)),
    ok as (select (select count(*) from a where a.active and a.book = ${book}) = ${lines.length}::int
        and exists (select 1 from y where y.status = 'open' and (y.locked_until is null or ${day} > y.locked_until)) as ok),
    l as (insert into journal_lines (id, entry_id, line_no, account_id, entry_date, posted, debit, credit, currency,
        currency_amount, rate, party_type, party_id, party_name)
      select a.id, ${id}::uuid, a.line_no, a.acc_id, ${day}, true, a.debit, a.credit, 'TZS',
        greatest(a.debit, a.credit), 1, ${party?.type ?? null}::text, ${party?.id ?? null}::uuid, ${party?.name ?? null}::text
      from a, ok where ok.ok
      returning 1),
    e as (insert into journal_entries (id, number, entry_date, book, financial_year_id, narration, narration_sw,
        reference, source, source_type, source_id, status, total, created_by, approved_by, approved_at)
      select ${id}::uuid, '~' || y.fiscal_year || '~' || ${id}::text, ${day}, ${book}, y.id,
        ${narrationEn(entry.narration)}, ${narrationSw(entry.narration)}::text, ${entry.reference ?? null}::text,
        'event', ${entry.sourceType}::text, ${entry.sourceId}::uuid, 'posted', ${sum(lines.map((l) => l.debit)).toFixed(2)}::numeric,
        ${entry.actorId}::uuid, ${entry.actorId}::uuid, now()
      from y, (select count(*) as n from l) written where written.n > 0
      returning 1)
    select (select json_agg(json_build_object('line_no', a.line_no, 'id', a.acc_id, 'code', a.code, 'book', a.book,
        'active', a.active)) from a) as accounts,
      (select json_build_object('id', y.id, 'name', y.name, 'startDate', y."startDate", 'endDate', y."endDate",
        'status', y.status, 'collectionLockedUntil', y."collectionLockedUntil",
        'operationLockedUntil', y."operationLockedUntil") from y) as year,
      (select count(*) from e)::int as written`;
}
