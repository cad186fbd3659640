import type { Book, GoLiveCheck } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { controlCheckRow, mappedBalances } from '../reports/control-checks/check.ts';
import { CONTROL_CHECKS } from '../reports/control-checks/index.ts';
import { bookOpeningView } from './queries.ts';

const openingRow = z.object({ key: z.string(), balance: z.string() });

/**
 * The go-live check of a book: for each of its control accounts (and the one between the books),
 * what the standing opening trial balances put on it beside its sub-ledger's total and the
 * difference, and the opening-balances account's balance. Going live needs all of them at zero.
 */
export async function goLiveCheck(db: DbOrTx, book: Book): Promise<GoLiveCheck> {
  const opening = await bookOpeningView(db, book);
  const mapped = await mappedBalances(db);
  const openingFigures = await queryRows(
    db,
    openingRow,
    sql`select m.key, coalesce(sum(l.debit - l.credit), 0)::numeric(18,2)::text as balance
        from account_mappings m
        join journal_lines l on l.account_id = m.account_id
        join journal_entries e on e.id = l.entry_id
        where e.source_type = 'opening_import' and e.status = 'posted'
        group by m.key`,
  );
  const checks = [];
  for (const check of CONTROL_CHECKS.filter((c) => c.book === book || c.book === 'both')) {
    const accounts = check.control.map((k) => mapped.find((m) => m.key === k));
    const debitBalance = check.control.reduce(
      (total, k) => total.plus(openingFigures.find((f) => f.key === k)?.balance ?? '0'),
      dec(0),
    );
    checks.push(await controlCheckRow(db, check, accounts, debitBalance));
  }
  return {
    book,
    checks,
    openingAccountBalance: opening.openingAccountBalance,
    status: opening.status,
    agreed: dec(opening.openingAccountBalance).isZero() && checks.every((c) => dec(c.difference).isZero()),
  };
}
