import {
  type AccountMapping,
  MAPPING_KEYS,
  type MappingKey,
  type UpdateMappingsBody,
} from '@ushirika/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { fieldError } from '../../../platform/errors.ts';
import { accountMappings, accounts } from '../schema.ts';

export async function listMappings(db: DbOrTx): Promise<AccountMapping[]> {
  const rows = await db
    .select({ key: accountMappings.key, accountId: accounts.id, code: accounts.code, name: accounts.name })
    .from(accountMappings)
    .innerJoin(accounts, eq(accounts.id, accountMappings.accountId));
  return (Object.keys(MAPPING_KEYS) as MappingKey[]).map((key) => {
    const row = rows.find((r) => r.key === key);
    return {
      key,
      book: MAPPING_KEYS[key],
      accountId: row?.accountId ?? null,
      accountCode: row?.code ?? null,
      accountName: row?.name ?? null,
    };
  });
}

/** Sets which account each posting role uses; each account must be active and in the role's book. */
export async function updateMappings(
  db: Db,
  { body, actorId }: { body: UpdateMappingsBody; actorId: string },
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
        .values({ key: m.key, accountId: m.accountId, updatedBy: actorId })
        .onConflictDoUpdate({
          target: accountMappings.key,
          set: { accountId: m.accountId, updatedBy: actorId },
        });
    }
    const after = await listMappings(tx);
    await recordAudit(tx, {
      actorId,
      action: 'updated',
      entity: 'account_mappings',
      entityId: 'account_mappings',
      before,
      after,
    });
    return after;
  });
}
