import type { Book, EntrySource, JournalLineInput } from '@ushirika/contracts';
import { baseAmount, dec, entryProblem, sum } from '@ushirika/domain';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { fieldError, ValidationError } from '../../../platform/errors.ts';
import { documentNumberSql, takeNumberSql } from '../../../platform/numbering.ts';
import { type PostingYear, postingYear } from '../../financial-years/posting-period.ts';
import { rateOn } from '../currencies/currencies.ts';
import { accounts } from '../schema.ts';
import { type Narration, narrationEn, narrationSw } from './narrations.ts';

/** What the entry's insert answers: its number (the placeholder `~year~id` when numbered at commit). */
const numberRow = z.object({ number: z.string() });
/** How many entries the one statement wrote. */
const writtenRow = z.object({ written: z.number() });

/**
 * A line as typed, or with its TZS amount already fixed (`base`): a voucher's bank line carries
 * the sum of its other lines' TZS amounts, so per-line rounding cannot unbalance it.
 */
export type EntryLine = JournalLineInput & { base?: string };

export type EntryInput = {
  entryDate: string;
  book: Book;
  /** A person's words, or the system's from a template in both languages (narrations.ts). */
  narration: Narration;
  reference?: string | undefined;
  source: EntrySource;
  sourceType?: string;
  sourceId?: string;
  createdBy: string | null;
  lines: EntryLine[];
  reversalOfId?: string;
};

/** What `writeEntry` needs of each account; a caller that has already read them passes them in. */
export type EntryAccount = Pick<typeof accounts.$inferSelect, 'id' | 'code' | 'book' | 'currency' | 'active'>;

export type WriteOptions = {
  /**
   * Number the entry at commit (a deferred trigger takes the next JV number): the shared counter
   * row is then locked only while the transaction commits, not from this statement until the
   * caller's commit. The number is not known before commit, so the result has none.
   */
  numberAtCommit?: boolean;
  /** The entry's accounts, already read by the caller (one query fewer). */
  accounts?: EntryAccount[];
  /** The year-end closing entry: posts on the year's last day even when a book is locked. */
  closing?: boolean;
  /**
   * The entry's financial year, already read by the caller with `postingYear` (locked FOR SHARE,
   * open) and checked open for this book with `assertBookOpen` (one query fewer).
   */
  year?: FinancialYear;
};

type FinancialYear = PostingYear;

/**
 * Checks an entry and writes it, as a draft or already posted (`postedBy`), inside the caller's
 * transaction: accounts active and in the entry's book, each line's rate (typed, or the rate in
 * force on the date), base TZS amounts half-up to the cent, debits = credits, an open and
 * unlocked period, and the next gap-free JV number (now, or at commit). The database checks the
 * balance again at commit. Lines and entry are written by one statement.
 */
export async function writeEntry(
  tx: DbOrTx,
  input: EntryInput,
  postedBy?: string | null,
  options?: WriteOptions & { numberAtCommit?: false },
): Promise<{ id: string; number: string; total: string }>;
export async function writeEntry(
  tx: DbOrTx,
  input: EntryInput,
  postedBy: string | null | undefined,
  options: WriteOptions & { numberAtCommit: true },
): Promise<{ id: string; total: string }>;
export async function writeEntry(
  tx: DbOrTx,
  input: EntryInput,
  postedBy: string | null | undefined,
  options: WriteOptions,
): Promise<{ id: string; number?: string; total: string }>;
export async function writeEntry(
  tx: DbOrTx,
  input: EntryInput,
  postedBy?: string | null,
  options: WriteOptions = {},
): Promise<{ id: string; number?: string; total: string }> {
  const entry = await checkEntry(tx, input, postedBy, options);
  const { id, fiscalYear } = entry;
  // Numbered now: the counter row (platform/numbering.ts's counter and format) is locked from
  // this statement to commit. At commit: '~<year>~<id>' until the journal_entries_number trigger.
  const sequence = options.numberAtCommit
    ? sql``
    : sql`, seq as (${takeNumberSql(sql`'JV'`, sql`${fiscalYear}::int`)})`;
  const number = options.numberAtCommit
    ? sql`${`~${fiscalYear}~${id}`}::text`
    : documentNumberSql(sql`'JV'`, sql`${fiscalYear}::int`, sql`seq.last_value`);
  // Prepared (parsed and planned once per connection on PostgreSQL): one name per variant of the text.
  const [saved] = await queryRows(
    tx,
    numberRow,
    sql`with l as (${linesInsertSql(entry)})${sequence}
        ${entryInsertSql(entry, number, sql`from (select count(*) as n from l) written${options.numberAtCommit ? sql`` : sql`, seq`}`)}
        returning number`,
    {
      prepared: `journal_write_entry_${options.numberAtCommit ? 'at_commit' : 'numbered'}_${entry.posted ? 'posted' : 'draft'}`,
    },
  );
  if (!saved) throw new Error('Entry insert returned nothing');
  return options.numberAtCommit
    ? { id, total: entry.total }
    : { id, number: saved.number, total: entry.total };
}

/**
 * Checks several entries and writes them all in one statement, each numbered at commit (as
 * `writeEntry(..., { numberAtCommit: true })` writes one): the entries of one business event in
 * both books, one round trip instead of one per book. The entries' balance rows are locked in
 * the order given, each entry's in account order, as the same entries written one by one would.
 */
export async function writeEntriesAtCommit(
  tx: DbOrTx,
  entries: { input: EntryInput; postedBy?: string | null; options: Omit<WriteOptions, 'numberAtCommit'> }[],
): Promise<{ id: string; total: string }[]> {
  const checked: CheckedEntry[] = [];
  for (const e of entries) checked.push(await checkEntry(tx, e.input, e.postedBy, e.options));
  const ctes = checked.map(
    (entry, i) =>
      sql`${sql.raw(`l${i}`)} as (${linesInsertSql(entry)}), ${sql.raw(`e${i}`)} as (${entryInsertSql(
        entry,
        sql`${`~${entry.fiscalYear}~${entry.id}`}::text`,
        sql`from (select count(*) as n from ${sql.raw(`l${i}`)}) written`,
      )} returning 1)`,
  );
  const counts = checked.map((_, i) => sql`(select count(*) from ${sql.raw(`e${i}`)})::int`);
  const [saved] = await queryRows(
    tx,
    writtenRow,
    sql`with ${sql.join(ctes, sql`, `)} select ${sql.join(counts, sql` + `)} as written`,
    {
      prepared: `journal_write_entries_${checked.length}_at_commit_${checked.map((e) => (e.posted ? 'p' : 'd')).join('')}`,
    },
  );
  if (saved?.written !== checked.length) throw new Error('Entry insert returned nothing');
  return checked.map((e) => ({ id: e.id, total: e.total }));
}

type CheckedLine = {
  id: string;
  accountId: string;
  lineNo: number;
  debit: string;
  credit: string;
  currency: string;
  currencyAmount: string;
  rate: string;
  description: string | null;
  partyType: string | null;
  partyId: string | null;
  partyName: string | null;
};

/** An entry as checked, ready to write: its id, year and lines in account order. */
type CheckedEntry = {
  id: string;
  input: EntryInput;
  postedBy: string | null | undefined;
  posted: boolean;
  yearId: string;
  fiscalYear: number;
  total: string;
  lines: CheckedLine[];
};

/**
 * The checks of `writeEntry`: accounts active and in the entry's book, each line's rate (typed,
 * or the rate in force on the date), base TZS amounts half-up to the cent, debits = credits, an
 * open and unlocked period.
 */
async function checkEntry(
  tx: DbOrTx,
  input: EntryInput,
  postedBy: string | null | undefined,
  options: WriteOptions,
): Promise<CheckedEntry> {
  const year =
    options.year ??
    (await postingYear(tx, input.book, input.entryDate, 'entryDate', {
      ignoreBookLock: options.closing ?? false,
    }));
  const ids = [...new Set(input.lines.map((l) => l.accountId))];
  const found: EntryAccount[] =
    options.accounts ?? (await tx.select().from(accounts).where(inArray(accounts.id, ids)));
  const lines = [];
  for (const [i, line] of input.lines.entries()) {
    const account = found.find((a) => a.id === line.accountId);
    if (!account) throw fieldError(`lines.${i}.accountId`, `Line ${i + 1}: the account does not exist`);
    if (!account.active)
      throw fieldError(`lines.${i}.accountId`, `Line ${i + 1}: the account ${account.code} is inactive`);
    if (account.book !== input.book) {
      throw fieldError(
        `lines.${i}.accountId`,
        `Line ${i + 1}: the account ${account.code} is not in the ${input.book} book`,
      );
    }
    const currency = line.currency ?? account.currency;
    const rate = line.rate ?? (await rateOn(tx, currency, input.entryDate));
    if (!rate)
      throw fieldError(
        `lines.${i}.rate`,
        `Line ${i + 1}: no ${currency} rate on or before ${input.entryDate}`,
      );
    const debit = line.debit ?? '0';
    const credit = line.credit ?? '0';
    lines.push({
      accountId: account.id,
      lineNo: i + 1,
      debit: dec(debit).gt(0) ? (line.base ?? baseAmount(debit, rate).toFixed(2)) : '0.00',
      credit: dec(credit).gt(0) ? (line.base ?? baseAmount(credit, rate).toFixed(2)) : '0.00',
      currency,
      currencyAmount: dec(debit).gt(0) ? debit : credit,
      rate,
      description: line.description ?? null,
      partyType: line.partyType ?? null,
      partyId: line.partyId ?? null,
      partyName: line.partyName ?? null,
    });
  }
  const problem = entryProblem(lines);
  if (problem) throw new ValidationError(problem, { lines: [problem] });
  // Rows in account order (line numbers kept): the balance rows are then locked in the same order
  // by every posting, so two cannot deadlock. Line ids are made here, in order (time-ordered).
  const byAccount = [...lines]
    .sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0))
    .map((l) => ({ ...l, id: uuidv7() }));
  return {
    id: uuidv7(),
    input,
    postedBy,
    posted: postedBy !== undefined,
    yearId: year.id,
    fiscalYear: Number(year.startDate.slice(0, 4)),
    total: sum(lines.map((l) => l.debit)).toFixed(2),
    lines: byAccount,
  };
}

/** Inserts the entry's lines (a CTE of the statement that then inserts the entry). */
function linesInsertSql(entry: CheckedEntry): SQL {
  return sql`insert into journal_lines (id, entry_id, line_no, account_id, entry_date, posted, debit, credit, currency,
      currency_amount, rate, description, party_type, party_id, party_name)
    select x.id, ${entry.id}::uuid, x.line_no, x.account_id, ${entry.input.entryDate}::date, ${entry.posted}, x.debit,
      x.credit, x.currency, x.currency_amount, x.rate, x.description, x.party_type, x.party_id, x.party_name
    from json_to_recordset(${JSON.stringify(
      entry.lines.map((l) => ({
        id: l.id,
        line_no: l.lineNo,
        account_id: l.accountId,
        debit: l.debit,
        credit: l.credit,
        currency: l.currency,
        currency_amount: l.currencyAmount,
        rate: l.rate,
        description: l.description,
        party_type: l.partyType,
        party_id: l.partyId,
        party_name: l.partyName,
      })),
    )}::json) as x(id uuid, line_no int, account_id uuid, debit numeric, credit numeric, currency text,
      currency_amount numeric, rate numeric, description text, party_type text, party_id uuid, party_name text)
    returning 1`;
}

/**
 * Inserts the entry (already posted or a draft) once its lines are in: `from` reads the lines CTE
 * whole (`select count(*) ...`), so the entry row is made only after every line, and the guard
 * that refuses lines added to a posted entry passes; the line -> entry key and the balance are
 * checked at commit.
 */
function entryInsertSql(entry: CheckedEntry, number: SQL, from: SQL): SQL {
  const { input, posted, postedBy } = entry;
  return sql`insert into journal_entries (id, number, entry_date, book, financial_year_id, narration, narration_sw,
      reference, source, source_type, source_id, status, total, created_by, approved_by, approved_at, reversal_of_id)
    select ${entry.id}::uuid, ${number}, ${input.entryDate}::date, ${input.book}, ${entry.yearId}::uuid,
      ${narrationEn(input.narration)}, ${narrationSw(input.narration)}::text,
      ${input.reference ?? null}::text, ${input.source}, ${input.sourceType ?? null}::text, ${input.sourceId ?? null}::uuid,
      ${posted ? 'posted' : 'draft'}, ${entry.total}::numeric, ${input.createdBy}::uuid, ${posted ? postedBy : null}::uuid,
      ${posted ? sql`now()` : sql`null::timestamptz`}, ${input.reversalOfId ?? null}::uuid
    ${from}
    where written.n > 0`;
}
