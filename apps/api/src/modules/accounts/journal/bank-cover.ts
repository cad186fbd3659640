import type { BankCover } from '@ushirika/contracts';
import { toGroupedMoney } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { ConflictError } from '../../../platform/errors.ts';

/**
 * A bank or cash account's posted book balance against a payment out of it (issue 37): every
 * posted line on the account (debits in, credits out), the balance after and whether it stays at
 * or above zero, in SQL decimals. What the approve confirmation shows and the approval checks.
 */
export async function bankCoverOf(
  tx: DbOrTx,
  { accountId, amount }: { accountId: string; amount: string },
): Promise<BankCover | undefined> {
  const [row] = await queryRows(
    tx,
    z.object({
      account: z.string(),
      balance: z.string(),
      after: z.string(),
      covered: z.boolean(),
      refuse: z.boolean(),
    }),
    sql`with b as (
          select a.id, concat_ws(' ', a.code, a.name) as account,
            coalesce((select sum(case when l.debit > 0 then l.currency_amount else -l.currency_amount end)
              from journal_lines l where l.account_id = a.id and l.posted), 0)::numeric(18,2) as balance
          from accounts a where a.id = ${accountId})
        select account, balance::text as balance, (balance - ${amount}::numeric)::numeric(18,2)::text as after,
          balance >= ${amount}::numeric as covered,
          coalesce((select refuse_uncovered_payments from payment_settings where id = 1), false) as refuse
        from b`,
  );
  return row ? { ...row, amount } : undefined;
}

/**
 * Whether the account covers the payment at approval: when it would go below zero, refused with 409
 * naming the balance and the amount when the union chose `refuseUncoveredPayments`, otherwise the
 * payment goes ahead and the warning is returned.
 */
export async function checkBankCover(
  tx: DbOrTx,
  { accountId, amount, what }: { accountId: string; amount: string; what: string },
): Promise<string | undefined> {
  const cover = await bankCoverOf(tx, { accountId, amount });
  if (!cover || cover.covered) return undefined;
  const words = `${cover.account} holds ${toGroupedMoney(cover.balance)} in the books, less than the ${toGroupedMoney(amount)} of ${what}`;
  if (cover.refuse)
    throw new ConflictError(`${words}: the union's settings refuse payments the bank cannot cover`);
  return `${words}: it goes below zero`;
}
