import { writeEntry } from '../src/modules/accounts/journal/write-entry.ts';
import { accountId, TODAY } from '../src/modules/accounts/testing.ts';
import type { Session, TestApp } from './harness.ts';

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

/** A draft bank transfer of 500,000.00 from `bank` to `petty` (a petty cash top-up), entered by `s`. */
export const pettyCashTopUp = <T>(t: TestApp, s: Session, accounts: { bank: string; petty: string }) =>
  t.request<T>('POST', '/accounts/bank-transfers', {
    token: s.access,
    body: {
      transferDate: TODAY,
      fromAccountId: accounts.bank,
      toAccountId: accounts.petty,
      amount: '500000.00',
      narration: 'Petty cash top-up',
    },
  });
