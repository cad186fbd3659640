import type { AccountGroup, updateAccountGroupBody } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { accountGroups } from '../schema.ts';
import { assertClass, assertCodeFree, getAccountGroup } from './groups.ts';

export async function updateAccountGroup(
  db: Db,
  actor: Actor,
  { id, ...body }: z.infer<typeof updateAccountGroupBody> & { id: string },
): Promise<AccountGroup> {
  return db.transaction(async (tx) => {
    const before = await getAccountGroup(tx, id);
    if (body.classId) await assertClass(tx, body.classId);
    if (body.code) await assertCodeFree(tx, body.code, id);
    await tx.update(accountGroups).set(body).where(eq(accountGroups.id, id));
    const after = await getAccountGroup(tx, id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'updated',
      entity: 'account_group',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}
