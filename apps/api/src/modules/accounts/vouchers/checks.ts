import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { fieldError } from '../../../platform/errors.ts';
import { rateOn } from '../currencies/currencies.ts';
import { accounts } from '../schema.ts';

/** A bank or cash account that is active: vouchers and transfers move money through it. */
export async function bankOrCashAccount(tx: DbOrTx, id: string, field: string) {
  const [account] = await tx.select().from(accounts).where(eq(accounts.id, id));
  if (!account) throw fieldError(field, 'The account does not exist');
  if (!account.active) throw fieldError(field, `The account ${account.code} is inactive`);
  if (!account.isBankOrCash)
    throw fieldError(field, `The account ${account.code} is not a bank or cash account`);
  return account;
}

/** Every line account exists, is active and is in `book`. */
export async function assertLineAccounts(tx: DbOrTx, book: string, ids: string[]) {
  const found = await tx
    .select({ id: accounts.id, code: accounts.code, book: accounts.book, active: accounts.active })
    .from(accounts)
    .where(and(inArray(accounts.id, ids)));
  for (const [i, id] of ids.entries()) {
    const account = found.find((a) => a.id === id);
    if (!account) throw fieldError(`lines.${i}.accountId`, `Line ${i + 1}: the account does not exist`);
    if (!account.active)
      throw fieldError(`lines.${i}.accountId`, `Line ${i + 1}: the account ${account.code} is inactive`);
    if (account.book !== book) {
      throw fieldError(
        `lines.${i}.accountId`,
        `Line ${i + 1}: the account ${account.code} is not in the ${book} book`,
      );
    }
  }
}

/** The typed rate, or the rate in force on the day; refuses when there is none. */
export async function rateFor(tx: DbOrTx, currency: string, day: string, typed: string | undefined) {
  if (typed) return typed;
  const rate = await rateOn(tx, currency, day);
  if (!rate) throw fieldError('rate', `No ${currency} rate on or before ${day}; enter one`);
  return rate;
}
