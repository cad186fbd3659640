import type { Account, CreateAccountBody, UpdateAccountBody } from '@ushirika/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, fieldError } from '../../../platform/errors.ts';
import { accountGroups, accounts, currencies } from '../schema.ts';
import { getAccount } from './queries.ts';

async function assertRefs(tx: DbOrTx, body: { groupId?: string | undefined; currency?: string | undefined }) {
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

async function assertCodeFree(tx: DbOrTx, book: string, code: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.book, book as 'collection'), eq(accounts.code, code)));
  if (taken && taken.id !== exceptId)
    throw new ConflictError(`The ${book} book already has an account ${code}`);
}

export async function createAccount(
  db: Db,
  { body, actorId }: { body: CreateAccountBody; actorId: string },
): Promise<Account> {
  return db.transaction(async (tx) => {
    await assertRefs(tx, body);
    await assertCodeFree(tx, body.book, body.code);
    const [row] = await tx
      .insert(accounts)
      .values({ ...body, createdBy: actorId })
      .returning({ id: accounts.id });
    if (!row) throw new Error('Account insert returned nothing');
    const account = await getAccount(tx, row.id);
    await recordAudit(tx, {
      actorId,
      action: 'created',
      entity: 'account',
      entityId: row.id,
      after: account,
    });
    return account;
  });
}

/** Changes an account; its book never changes (postings in it stay where they are). */
export async function updateAccount(
  db: Db,
  { id, body, actorId }: { id: string; body: UpdateAccountBody; actorId: string },
): Promise<Account> {
  return db.transaction(async (tx) => {
    const before = await getAccount(tx, id);
    await assertRefs(tx, body);
    if (body.code) await assertCodeFree(tx, before.book, body.code, id);
    await tx.update(accounts).set(body).where(eq(accounts.id, id));
    const after = await getAccount(tx, id);
    await recordAudit(tx, { actorId, action: 'updated', entity: 'account', entityId: id, before, after });
    return after;
  });
}
