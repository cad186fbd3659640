import type { Account, UpdateAccountBody } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { accounts } from '../schema.ts';
import { getAccount } from './queries.ts';
import { assertCodeFree, assertRefs } from './save-account.ts';

/** Changes an account; its book never changes (postings in it stay where they are). */
export async function updateAccount(
  db: Db,
  actor: Actor,
  { id, ...body }: UpdateAccountBody & { id: string },
): Promise<Account> {
  return db.transaction(async (tx) => {
    const before = await getAccount(tx, id);
    await assertRefs(tx, body);
    if (body.code) await assertCodeFree(tx, before.book, body.code, id);
    await tx.update(accounts).set(body).where(eq(accounts.id, id));
    const after = await getAccount(tx, id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'updated',
      entity: 'account',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}
