import type { Book, EntrySource, JournalLineInput } from '@ushirika/contracts';
import { baseAmount, dec, entryProblem, sum } from '@ushirika/domain';
import { inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { fieldError, ValidationError } from '../../../platform/errors.ts';
import { postingYear } from '../../financial-years/posting-period.ts';
import { accounts } from '../schema.ts';
import { rateOn } from '../setup/currencies.ts';
import { journalLines } from './schema.ts';

/**
 * A line as typed, or with its TZS amount already fixed (`base`): a voucher's bank line carries
 * the sum of its other lines' TZS amounts, so per-line rounding cannot unbalance it.
 */
export type EntryLine = JournalLineInput & { base?: string };

export type EntryInput = {
  entryDate: string;
  book: Book;
  narration: string;
  reference?: string | undefined;
  source: EntrySource;
  sourceType?: string;
  sourceId?: string;
  createdBy: string | null;
  lines: EntryLine[];
  reversalOfId?: string;
};

/**
 * Checks an entry and writes it, as a draft or already posted (`postedBy`), inside the caller's
 * transaction: accounts active and in the entry's book, each line's rate (typed, or the rate in
 * force on the date), base TZS amounts half-up to the cent, debits = credits, an open and
 * unlocked period, and the next gap-free JV number. The database checks the balance again at commit.
 */
export async function writeEntry(
  tx: DbOrTx,
  input: EntryInput,
  postedBy?: string | null,
): Promise<{ id: string; number: string; total: string }> {
  const year = await postingYear(tx, input.book, input.entryDate);
  const ids = [...new Set(input.lines.map((l) => l.accountId))];
  const found = await tx.select().from(accounts).where(inArray(accounts.id, ids));
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
      entryDate: input.entryDate,
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
  const total = sum(lines.map((l) => l.debit)).toFixed(2);
  const posted = postedBy !== undefined;
  // Lines first, then the entry (already posted or a draft): the line -> entry key and the
  // balance are checked at commit, and lines can never be added to an entry that is posted.
  const id = uuidv7();
  // Rows in account order (line numbers kept): concurrent postings then lock shared balance rows
  // in the same order and cannot deadlock.
  const byAccount = [...lines].sort((a, b) =>
    a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0,
  );
  await tx.insert(journalLines).values(byAccount.map((l) => ({ ...l, entryId: id, posted })));
  // The gap-free number (platform/numbering.ts's counter and format) is taken in the statement
  // that saves the entry: its counter row stays locked until commit, so the window is one statement.
  const fiscalYear = Number(year.startDate.slice(0, 4));
  const [saved] = await queryRows<{ number: string }>(
    tx,
    sql`with seq as (
          insert into document_sequences (type, year, last_value) values ('JV', ${fiscalYear}::int, 1)
          on conflict (type, year) do update set last_value = document_sequences.last_value + 1
          returning last_value)
        insert into journal_entries (id, number, entry_date, book, financial_year_id, narration, reference, source,
          source_type, source_id, status, total, created_by, approved_by, approved_at, reversal_of_id)
        select ${id}::uuid,
          'JV-' || ${fiscalYear}::text || '-' || lpad(last_value::text, greatest(6, length(last_value::text)), '0'),
          ${input.entryDate}::date, ${input.book}, ${year.id}::uuid, ${input.narration}, ${input.reference ?? null}::text,
          ${input.source}, ${input.sourceType ?? null}::text, ${input.sourceId ?? null}::uuid, ${posted ? 'posted' : 'draft'},
          ${total}::numeric, ${input.createdBy}::uuid, ${posted ? postedBy : null}::uuid,
          ${posted ? sql`now()` : sql`null::timestamptz`}, ${input.reversalOfId ?? null}::uuid
        from seq
        returning number`,
  );
  if (!saved) throw new Error('Entry insert returned nothing');
  return { id, number: saved.number, total };
}
