import { type AccountMapping, MAPPING_KEYS, type UpdateMappingsBody } from '@ushirika/contracts';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { fieldError } from '../../../platform/errors.ts';
import { accountMappings, accounts } from '../schema.ts';
import { listMappings } from './mappings.ts';

/** Sets which account each posting role uses; each account must be active and in the role's book. */
export async function updateMappings(
  db: Db,
  actor: Actor,
  body: UpdateMappingsBody,
): Promise<AccountMapping[]> {
  return db.transaction(async (tx) => {
    const before = await listMappings(tx);
    const ids = body.mappings.map((m) => m.accountId);
    const found = await tx.select().from(accounts).where(inArray(accounts.id, ids));
    for (const m of body.mappings) {
      const account = found.find((a) => a.id === m.accountId);
      if (!account) throw fieldError(m.key, 'The chosen account does not exist');
      if (!account.active) throw fieldError(m.key, `The account ${account.code} is inactive`);
      if (account.book !== MAPPING_KEYS[m.key]) {
        throw fieldError(m.key, `Choose an account of the ${MAPPING_KEYS[m.key]} book`);
      }
      await tx
        .insert(accountMappings)
        .values({ key: m.key, accountId: m.accountId, updatedBy: actor.userId })
        .onConflictDoUpdate({
          target: accountMappings.key,
          set: { accountId: m.accountId, updatedBy: actor.userId },
        });
    }
    const after = await listMappings(tx);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'updated',
      entity: 'account_mappings',
      entityId: 'account_mappings',
      before,
      after,
    });
    return after;
  });
}
