import type { StatementLineRule, StatementMapping, StatementMappingTarget } from '@ushirika/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { localNameSql } from '../../../platform/labels.ts';
import { accountClasses, accountGroups, accounts } from '../schema.ts';
import { statementLineRules, statementLines } from './schema.ts';

type RuleRow = typeof statementLineRules.$inferSelect;

/** A stored rule as the contract names it: its target (class, group or account) and its line. */
export function toRule(r: RuleRow): StatementLineRule {
  if (r.accountId) return { target: 'account', targetId: r.accountId, line: r.lineCode };
  if (r.groupId) return { target: 'group', targetId: r.groupId, line: r.lineCode };
  return { target: 'class', targetId: r.classId ?? '', line: r.lineCode };
}

/**
 * The statement lines and what is mapped to them, with every class and group (each may carry a
 * rule) and the accounts that have a rule of their own, for the mapping screen.
 */
export async function getStatementMapping(db: DbOrTx): Promise<StatementMapping> {
  const [lines, rules, classes, groups] = await Promise.all([
    db.select().from(statementLines).orderBy(asc(statementLines.sortOrder), asc(statementLines.code)),
    db.select().from(statementLineRules),
    db
      .select({
        id: accountClasses.id,
        code: accountClasses.code,
        name: accountClasses.name,
        type: accountClasses.type,
      })
      .from(accountClasses)
      .orderBy(asc(accountClasses.code)),
    db
      .select({
        id: accountGroups.id,
        code: accountGroups.code,
        name: accountGroups.name,
        type: accountClasses.type,
      })
      .from(accountGroups)
      .innerJoin(accountClasses, eq(accountClasses.id, accountGroups.classId))
      .orderBy(asc(accountGroups.code)),
  ]);
  const accountIds = rules.flatMap((r) => (r.accountId ? [r.accountId] : []));
  const ruled = accountIds.length
    ? await db
        .select({
          id: accounts.id,
          code: accounts.code,
          name: localNameSql('accounts'),
          type: accountClasses.type,
          book: accounts.book,
        })
        .from(accounts)
        .innerJoin(accountGroups, eq(accountGroups.id, accounts.groupId))
        .innerJoin(accountClasses, eq(accountClasses.id, accountGroups.classId))
        .where(inArray(accounts.id, accountIds))
        .orderBy(asc(accounts.book), asc(accounts.code))
    : [];
  const shared = (t: Omit<StatementMappingTarget, 'book'>): StatementMappingTarget => ({ ...t, book: null });
  return {
    lines: lines.map((l) => ({
      code: l.code,
      section: l.section,
      name: l.name,
      nameSw: l.nameSw,
      cashFlow: l.cashFlow,
      sortOrder: l.sortOrder,
    })),
    rules: rules.map(toRule),
    classes: classes.map(shared),
    groups: groups.map(shared),
    accounts: ruled,
  };
}
