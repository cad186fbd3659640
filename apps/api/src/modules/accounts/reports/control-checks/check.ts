import type { ControlCheck, MappingKey } from '@ushirika/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../../db/client.ts';
import { queryRows } from '../../../../db/rows.ts';

/**
 * One control account compared with its sub-ledger. A module adds its check as one file in this
 * folder and one line in `index.ts` (docs/accounting.md, "Control accounts").
 */
export type ControlCheckDefinition = {
  key: string;
  name: string;
  book: ControlCheck['book'];
  /** The mapped account(s) whose balance is the control figure. */
  control: MappingKey[];
  /** `debit`: an asset (debit - credit); `credit`: a liability (credit - debit). */
  side: 'debit' | 'credit';
  /** What the sub-ledger is, in words. */
  subledger: string;
  /** One row, one column `amount`: the sub-ledger's total now. */
  subledgerSql: SQL;
};

const mappedAccountRow = z.object({ key: z.string(), label: z.string(), balance: z.string() });
export type MappedAccount = z.infer<typeof mappedAccountRow>;

/** Each mapping's account (code and name) and its posted balance, debit - credit, from the month balances. */
export async function mappedBalances(db: DbOrTx): Promise<MappedAccount[]> {
  return queryRows(
    db,
    mappedAccountRow,
    sql`select m.key, a.code || ' ' || a.name as label,
          coalesce((select sum(b.debit - b.credit) from account_period_balances b where b.account_id = a.id), 0)
            ::numeric(18,2)::text as balance
        from account_mappings m join accounts a on a.id = m.account_id`,
  );
}

export async function subledgerTotal(db: DbOrTx, check: ControlCheckDefinition): Promise<string> {
  const [row] = await queryRows(
    db,
    z.object({ amount: z.string() }),
    sql`select coalesce((${check.subledgerSql}), 0)::numeric(18,2)::text as amount`,
  );
  return row?.amount ?? '0.00';
}
