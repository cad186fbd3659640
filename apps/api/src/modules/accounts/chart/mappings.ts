import { type AccountMapping, MAPPING_KEYS, type MappingKey } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
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
