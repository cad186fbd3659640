import { dec, toGroupedMoney } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { ConflictError } from '../../../platform/errors.ts';

/**
 * Whether a bank or cash account's posted book balance covers a payment out of it (issue 37).
 * The balance is every posted line on the account (debits in, credits out), as decimal strings.
 * When it would go below zero: refused with 409 naming the balance and the amount when the union
 * chose `refuseUncoveredPayments`, otherwise the payment goes ahead and the warning is returned.
 */
export async function checkBankCover(
  tx: DbOrTx,
  { accountId, amount, what }: { accountId: string; amount: string; what: string },
): Promise<string | undefined> {
  const [row] = await queryRows(
    tx,
    z.object({ balance: z.string(), name: z.string(), refuse: z.boolean() }),
    sql`select coalesce((select sum(case when l.debit > 0 then l.currency_amount else -l.currency_amount end)
              from journal_lines l where l.account_id = a.id and l.posted), 0)::text as balance,
            concat_ws(' ', a.code, a.name) as name,
            coalesce((select refuse_uncovered_payments from payment_settings where id = 1), false) as refuse
          from accounts a where a.id = ${accountId}`,
  );
  if (!row) return undefined;
  if (dec(row.balance).gte(amount)) return undefined;
  const words = `${row.name} holds ${toGroupedMoney(row.balance)} in the books, less than the ${toGroupedMoney(amount)} of ${what}`;
  if (row.refuse)
    throw new ConflictError(`${words}: the union's settings refuse payments the bank cannot cover`);
  return `${words}: it goes below zero`;
}
