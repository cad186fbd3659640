import { writeEntry } from '../src/modules/accounts/journal/write-entry.ts';
import { accountId } from '../src/modules/accounts/testing.ts';
import type { TestApp } from './harness.ts';

/**
 * Writes a posted entry Dr `dr` / Cr `cr` of `amount` on `date` straight to the book's journal
 * (no voucher, no approval), narrated "dr/cr".
 */
export async function writeTwoLineEntry(
  t: TestApp,
  book: 'collection' | 'operation',
  date: string,
  dr: string,
  cr: string,
  amount: string,
) {
  const [debit, credit] = await Promise.all([accountId(t, book, dr), accountId(t, book, cr)]);
  await t.db.transaction((tx) =>
    writeEntry(
      tx,
      {
        entryDate: date,
        book,
        narration: `${dr}/${cr}`,
        source: 'journal',
        createdBy: null,
        lines: [
          { accountId: debit, debit: amount },
          { accountId: credit, credit: amount },
        ],
      },
      null,
    ),
  );
}
