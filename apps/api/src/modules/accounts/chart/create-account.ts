import type { Account, CreateAccountBody } from '@ushirika/contracts';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { accounts } from '../schema.ts';
import { getAccount } from './queries.ts';
import { assertCodeFree, assertRefs } from './save-account.ts';

export async function createAccount(db: Db, actor: Actor, body: CreateAccountBody): Promise<Account> {
  return db.transaction(async (tx) => {
    await assertRefs(tx, body);
    await assertCodeFree(tx, body.book, body.code);
    const [row] = await tx
      .insert(accounts)
      .values({ ...body, createdBy: actor.userId })
      .returning({ id: accounts.id });
    if (!row) throw new Error('Account insert returned nothing');
    const account = await getAccount(tx, row.id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'account',
      entityId: row.id,
      after: account,
    });
    return account;
  });
}
