import type { ControlCheck, MappingKey } from '@ushirika/contracts';
import { type Dec, dec } from '@ushirika/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../../db/client.ts';
import { queryRows } from '../../../../db/rows.ts';
import { codeLabel, currentLanguage, type Lang, localNameSql } from '../../../../platform/labels.ts';

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

const mappedAccount = z.object({
  key: z.string(),
  book: z.enum(['collection', 'operation']),
  code: z.string(),
  name: z.string(),
  balance: z.string(),
});
export type MappedAccount = z.infer<typeof mappedAccount>;

/**
 * Each mapping's account (book, code and name in the reader's language) and its posted balance,
 * debit - credit, from the month balances.
 */
export async function mappedBalances(db: DbOrTx): Promise<MappedAccount[]> {
  return queryRows(
    db,
    mappedAccount,
    sql`select m.key, a.book, a.code, ${localNameSql('a')} as name,
          coalesce((select sum(b.debit - b.credit) from account_period_balances b where b.account_id = a.id), 0)
            ::numeric(18,2)::text as balance
        from account_mappings m join accounts a on a.id = m.account_id`,
  );
}

/**
 * An account as the report names it, with its book: the two books each have an account 2101 (in
 * the Collection book what is payable to the AMCOS, in the Operation book what suppliers are owed),
 * and side by side the code alone would read as one account under two names.
 */
export const accountLabel = (a: MappedAccount, lang: Lang = currentLanguage()) =>
  `${a.code} ${a.name} (${codeLabel(lang, 'history.values', a.book)})`;

export async function subledgerTotal(db: DbOrTx, check: ControlCheckDefinition): Promise<string> {
  const [row] = await queryRows(
    db,
    z.object({ amount: z.string() }),
    sql`select coalesce((${check.subledgerSql}), 0)::numeric(18,2)::text as amount`,
  );
  return row?.amount ?? '0.00';
}

const fixed = (d: Dec) => (d.isZero() ? '0.00' : d.toFixed(2));

/**
 * One control account beside its sub-ledger: `debitBalance` is what the control accounts hold
 * (debit minus credit), turned to the account's own side; the difference is control - sub-ledger.
 */
export async function controlCheckRow(
  db: DbOrTx,
  check: ControlCheckDefinition,
  accounts: (MappedAccount | undefined)[],
  debitBalance: Dec,
): Promise<ControlCheck> {
  const control = check.side === 'debit' ? debitBalance : debitBalance.negated();
  const subledger = dec(await subledgerTotal(db, check));
  return {
    key: check.key,
    name: check.name,
    book: check.book,
    accounts: accounts.map((a, i) => (a ? accountLabel(a) : `(${check.control[i]} not mapped)`)),
    subledger: check.subledger,
    controlBalance: fixed(control),
    subledgerBalance: fixed(subledger),
    difference: fixed(control.minus(subledger)),
  };
}
