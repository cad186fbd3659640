import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { ConflictError, fieldError } from '../../../platform/errors.ts';
import { accountGroups, accounts, currencies } from '../schema.ts';

export async function assertRefs(
  tx: DbOrTx,
  body: { groupId?: string | undefined; currency?: string | undefined },
) {
  if (body.groupId) {
    const [group] = await tx
      .select({ id: accountGroups.id })
      .from(accountGroups)
      .where(eq(accountGroups.id, body.groupId));
    if (!group) throw fieldError('groupId', 'The chosen group does not exist');
  }
  if (body.currency) {
    const [currency] = await tx
      .select({ active: currencies.active })
      .from(currencies)
      .where(eq(currencies.code, body.currency));
    if (!currency?.active) throw fieldError('currency', `The currency ${body.currency} is not set up`);
  }
}

export async function assertCodeFree(tx: DbOrTx, book: string, code: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.book, book as 'collection'), eq(accounts.code, code)));
  if (taken && taken.id !== exceptId)
    throw new ConflictError(`The ${book} book already has an account ${code}`);
}
