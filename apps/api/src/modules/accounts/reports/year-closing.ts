import { type Book, book, type MappingKey, mappingKey, type YearClosing } from '@ushirika/contracts';
import { dec, sum } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { ValidationError } from '../../../platform/errors.ts';
import type {
  ClosingEntry,
  YearEndBooks,
  FinancialYearRow as YearRow,
} from '../../financial-years/year-end.ts';
import { narrate } from '../journal/narrations.ts';
import { writeEntry } from '../journal/write-entry.ts';
import { movements, YEAR_CLOSING_SOURCE } from './movements.ts';

const balanceRow = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  book,
  currency: z.string(),
  net: z.string(),
});
const retainedRow = z.object({
  key: mappingKey,
  id: z.string(),
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
  currency: z.string(),
});

const RETAINED: Record<Book, MappingKey> = {
  collection: 'collection_retained_earnings',
  operation: 'operation_retained_earnings',
};

/**
 * Each book's closing of the year: every income and expense account's balance over the year
 * (net debit, from the monthly balances), and the retained earnings account of the book's mapping
 * that takes the result.
 */
async function closingBalances(tx: DbOrTx, year: YearRow) {
  const balances = await queryRows(
    tx,
    balanceRow,
    sql`select a.id, a.code, a.name, a.book, a.currency, (m.debit - m.credit)::numeric(20, 2)::text as net
        from ${movements(
          { from: year.startDate, to: year.endDate },
          sql`account_id in (select a.id from accounts a join account_groups g on g.id = a.group_id
                join account_classes c on c.id = g.class_id where c.type in ('income', 'expense'))`,
        )} m
        join accounts a on a.id = m.account_id
        where m.debit <> m.credit
        order by a.book, a.code`,
  );
  const retained = await queryRows(
    tx,
    retainedRow,
    sql`select m.key, a.id, a.code, a.name, a.active, a.currency from account_mappings m
        join accounts a on a.id = m.account_id
        where m.key in (${RETAINED.collection}, ${RETAINED.operation})`,
  );
  return (['collection', 'operation'] as const).map((book) => {
    const accounts = balances.filter((b) => b.book === book);
    // Net debit of income and expenses: negative is a surplus, credited to retained earnings.
    const net = sum(accounts.map((a) => a.net));
    return {
      book,
      accounts,
      net,
      retained: retained.find((r) => r.key === RETAINED[book]) ?? null,
    };
  });
}

/** What closing the year will post, per book (the close confirmation shows it). */
export async function yearClosing(tx: DbOrTx, year: YearRow): Promise<YearClosing> {
  const books = await closingBalances(tx, year);
  return {
    date: year.endDate,
    books: books.map((b) => ({
      book: b.book,
      income: sum(b.accounts.filter((a) => dec(a.net).lt(0)).map((a) => dec(a.net).neg())).toFixed(2),
      expenses: sum(b.accounts.filter((a) => dec(a.net).gt(0)).map((a) => a.net)).toFixed(2),
      result: b.net.neg().toFixed(2),
      accounts: b.accounts.length,
      retainedEarnings: b.retained
        ? { id: b.retained.id, code: b.retained.code, name: b.retained.name }
        : null,
    })),
  };
}

/**
 * Posts, inside the close's transaction, one closing entry per book dated the year's last day:
 * each income and expense account's year balance reversed to zero, the difference into the
 * book's retained earnings account. A book with nothing to close posts nothing. The lines are in
 * TZS at rate 1 (balances are kept in TZS); inactive income or expense accounts are closed too.
 */
export async function postClosingEntries(
  tx: DbOrTx,
  year: YearRow,
  actorId: string,
): Promise<ClosingEntry[]> {
  const posted = [];
  for (const b of await closingBalances(tx, year)) {
    if (b.accounts.length === 0) continue;
    const key = RETAINED[b.book];
    if (!b.retained) {
      throw new ValidationError(
        `No account is mapped to ${key.replace(/_/g, ' ')}; set it in the account mappings`,
      );
    }
    if (!b.retained.active) {
      throw new ValidationError(`The retained earnings account ${b.retained.code} is inactive`);
    }
    const line = (accountId: string, netDebit: string) => {
      const n = dec(netDebit);
      return {
        accountId,
        debit: n.gt(0) ? n.toFixed(2) : '0',
        credit: n.lt(0) ? n.neg().toFixed(2) : '0',
        currency: 'TZS',
        rate: '1',
      };
    };
    const lines = b.accounts.map((a) => line(a.id, dec(a.net).neg().toFixed(2)));
    if (!b.net.isZero()) lines.push(line(b.retained.id, b.net.toFixed(2)));
    const written = await writeEntry(
      tx,
      {
        entryDate: year.endDate,
        book: b.book,
        narration: narrate('yearClosing', { year: year.name }),
        source: 'event',
        sourceType: YEAR_CLOSING_SOURCE,
        sourceId: year.id,
        createdBy: actorId,
        lines,
      },
      actorId,
      {
        closing: true,
        accounts: [...b.accounts.map((a) => ({ ...a, active: true })), { ...b.retained, book: b.book }],
      },
    );
    posted.push({ book: b.book, id: written.id, number: written.number });
  }
  return posted;
}

/**
 * The books' side of closing a year, handed to the financial years' routes (app.ts, which adds the
 * statements' read of a closed year's surplus).
 */
export const yearEndBooks: Omit<YearEndBooks, 'surplus'> = { preview: yearClosing, post: postClosingEntries };
