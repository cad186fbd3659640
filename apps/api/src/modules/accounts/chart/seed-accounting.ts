import { type Book, MAPPING_KEYS, type MappingKey } from '@ushirika/contracts';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { SystemActor } from '../../../platform/access.ts';
import { ensureCurrentFinancialYear } from '../../financial-years/create-financial-year.ts';
import { accountClasses, accountGroups, accountMappings, accounts, currencies } from '../schema.ts';
import { DEFAULT_ACCOUNTS, DEFAULT_CLASSES, DEFAULT_GROUPS, DEFAULT_MAPPINGS } from './default-chart.ts';

/**
 * Runs at every start (and in the test template): the five classes and the base currency always;
 * on a database with no accounts yet, the default chart of both books and its mappings; and the
 * current financial year when there is none. Idempotent.
 */
export async function seedAccounting(db: Db, _actor: SystemActor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(accountClasses).values(DEFAULT_CLASSES).onConflictDoNothing();
    await tx
      .insert(currencies)
      .values([
        { code: 'TZS', name: 'Tanzanian shilling', symbol: 'TSh', isBase: true },
        { code: 'USD', name: 'US dollar', symbol: '$', isBase: false },
      ])
      .onConflictDoNothing();
    const [existing] = await tx.select({ n: count() }).from(accounts);
    if ((existing?.n ?? 0) > 0) return;
    const classes = await tx.select().from(accountClasses);
    const classIdOf = (code: string) => classes.find((c) => c.code === code.slice(0, 1))?.id;
    await tx
      .insert(accountGroups)
      .values(
        DEFAULT_GROUPS.flatMap((g) => {
          const classId = classIdOf(g.code);
          return classId ? [{ code: g.code, name: g.name, nameSw: g.nameSw, classId }] : [];
        }),
      )
      .onConflictDoNothing();
    const groups = await tx.select({ id: accountGroups.id, code: accountGroups.code }).from(accountGroups);
    for (const book of ['collection', 'operation'] as const) {
      await tx.insert(accounts).values(
        DEFAULT_ACCOUNTS[book].flatMap((a) => {
          const groupId = groups.find((g) => g.code === a.code.slice(0, 2))?.id;
          return groupId
            ? [
                {
                  code: a.code,
                  name: a.name,
                  nameSw: a.nameSw,
                  book,
                  groupId,
                  currency: 'TZS',
                  isBankOrCash: a.bank ?? false,
                },
              ]
            : [];
        }),
      );
    }
    for (const [key, code] of Object.entries(DEFAULT_MAPPINGS) as [MappingKey, string][]) {
      const book: Book = MAPPING_KEYS[key];
      const [account] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.book, book), eq(accounts.code, code)));
      if (account)
        await tx.insert(accountMappings).values({ key, accountId: account.id }).onConflictDoNothing();
    }
  });
  await ensureCurrentFinancialYear(db);
}
