import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { accountClasses, accountGroups, accountMappings, accounts } from '../schema.ts';
import {
  DEFAULT_ACCOUNT_LINES,
  DEFAULT_CLASS_LINES,
  DEFAULT_GROUP_LINES,
  DEFAULT_MAPPED_ACCOUNT_LINES,
  DEFAULT_STATEMENT_LINES,
} from './default-lines.ts';
import { statementLineRules, statementLines } from './schema.ts';

type Rule = typeof statementLineRules.$inferInsert;

/**
 * At start and in the empty-database template, after the chart (seedAccounting): when there are no statement lines yet, the default ones and their
 * rules for the chart there is: every class, the default chart's groups found by code, the
 * retained earnings accounts of the mappings and the share capital account. Idempotent; the
 * accountant's changes are never overwritten.
 */
export async function ensureStatementLines(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(statementLines);
    if ((existing?.n ?? 0) > 0) return;
    await tx.insert(statementLines).values(DEFAULT_STATEMENT_LINES);
    const classes = await tx
      .select({ id: accountClasses.id, type: accountClasses.type })
      .from(accountClasses);
    const groups = await tx
      .select({ id: accountGroups.id, code: accountGroups.code })
      .from(accountGroups)
      .where(inArray(accountGroups.code, Object.keys(DEFAULT_GROUP_LINES)));
    const mapped = await tx
      .select({ key: accountMappings.key, accountId: accountMappings.accountId })
      .from(accountMappings)
      .where(inArray(accountMappings.key, Object.keys(DEFAULT_MAPPED_ACCOUNT_LINES)));
    const rules: Rule[] = [
      ...classes.map((c) => ({ classId: c.id, lineCode: DEFAULT_CLASS_LINES[c.type] })),
      ...groups.flatMap((g) => {
        const lineCode = DEFAULT_GROUP_LINES[g.code];
        return lineCode ? [{ groupId: g.id, lineCode }] : [];
      }),
    ];
    const accountLines = new Map<string, string>();
    for (const m of mapped) {
      const lineCode = Object.entries(DEFAULT_MAPPED_ACCOUNT_LINES).find(([key]) => key === m.key)?.[1];
      if (lineCode) accountLines.set(m.accountId, lineCode);
    }
    for (const a of DEFAULT_ACCOUNT_LINES) {
      const [row] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.book, a.book), eq(accounts.code, a.code)));
      if (row && !accountLines.has(row.id)) accountLines.set(row.id, a.line);
    }
    for (const [accountId, lineCode] of accountLines) rules.push({ accountId, lineCode });
    await tx.insert(statementLineRules).values(rules);
  });
}
