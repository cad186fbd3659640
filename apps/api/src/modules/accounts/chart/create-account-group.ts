import type { AccountGroup, createAccountGroupBody } from '@ushirika/contracts';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { accountGroups } from '../schema.ts';
import { assertClass, assertCodeFree, getAccountGroup } from './groups.ts';

export async function createAccountGroup(
  db: Db,
  actor: Actor,
  body: z.infer<typeof createAccountGroupBody>,
): Promise<AccountGroup> {
  return db.transaction(async (tx) => {
    await assertClass(tx, body.classId);
    await assertCodeFree(tx, body.code);
    const [row] = await tx
      .insert(accountGroups)
      .values({ ...body, createdBy: actor.userId })
      .returning({ id: accountGroups.id });
    if (!row) throw new Error('Group insert returned nothing');
    const group = await getAccountGroup(tx, row.id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'account_group',
      entityId: row.id,
      after: group,
    });
    return group;
  });
}
