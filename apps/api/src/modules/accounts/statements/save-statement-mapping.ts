import {
  type AccountType,
  type SaveStatementMappingBody,
  SECTION_ACCOUNT_TYPE,
  type StatementMapping,
} from '@ushirika/contracts';
import { eq, inArray, notInArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { fieldError } from '../../../platform/errors.ts';
import { accountClasses, accountGroups, accounts } from '../schema.ts';
import { statementLineRules, statementLines } from './schema.ts';
import { getStatementMapping } from './statement-mapping.ts';

/** The audit trail's id for the one statement mapping (its history on the mapping screen). */
export const STATEMENT_MAPPING_ENTITY_ID = '00000000-0000-7000-8000-000000000028';

/** Every class, group and account a rule names, with the kind of account it holds. */
async function targetKinds(tx: DbOrTx, body: SaveStatementMappingBody) {
  const ids = (target: string) => body.rules.filter((r) => r.target === target).map((r) => r.targetId);
  const none = ['00000000-0000-0000-0000-000000000000'];
  const [classes, groups, named] = await Promise.all([
    tx
      .select({ id: accountClasses.id, code: accountClasses.code, type: accountClasses.type })
      .from(accountClasses),
    tx
      .select({ id: accountGroups.id, code: accountGroups.code, type: accountClasses.type })
      .from(accountGroups)
      .innerJoin(accountClasses, eq(accountClasses.id, accountGroups.classId))
      .where(inArray(accountGroups.id, [...none, ...ids('group')])),
    tx
      .select({ id: accounts.id, code: accounts.code, type: accountClasses.type })
      .from(accounts)
      .innerJoin(accountGroups, eq(accountGroups.id, accounts.groupId))
      .innerJoin(accountClasses, eq(accountClasses.id, accountGroups.classId))
      .where(inArray(accounts.id, [...none, ...ids('account')])),
  ]);
  const kinds = new Map<string, { code: string; type: AccountType }>();
  for (const t of [...classes, ...groups, ...named]) kinds.set(t.id, { code: t.code, type: t.type });
  return { classes, kinds };
}

/**
 * Why the mapping cannot be saved, or nothing: codes unique, every rule's target and line known
 * and of the same kind (an asset group only on an asset line...), one rule per target, and a rule
 * for every class so that every account has a line.
 */
async function checkMapping(tx: DbOrTx, body: SaveStatementMappingBody): Promise<void> {
  const codes = new Set<string>();
  for (const line of body.lines) {
    if (codes.has(line.code)) throw fieldError('lines', `Two lines have the code ${line.code}`);
    codes.add(line.code);
  }
  const { classes, kinds } = await targetKinds(tx, body);
  const seen = new Set<string>();
  for (const rule of body.rules) {
    const target = kinds.get(rule.targetId);
    if (!target) throw fieldError('rules', `No ${rule.target} has the id ${rule.targetId}`);
    if (seen.has(rule.targetId)) throw fieldError('rules', `${target.code} has two lines: keep one`);
    seen.add(rule.targetId);
    const line = body.lines.find((l) => l.code === rule.line);
    if (!line)
      throw fieldError('rules', `${target.code} goes to the line ${rule.line}, which is not in the list`);
    if (SECTION_ACCOUNT_TYPE[line.section] !== target.type) {
      throw fieldError(
        'rules',
        `${target.code} holds ${target.type} accounts: ${line.name} takes ${SECTION_ACCOUNT_TYPE[line.section]} accounts only`,
      );
    }
  }
  const bare = classes.find((c) => !seen.has(c.id));
  if (bare)
    throw fieldError(
      'rules',
      `Choose a line for the class ${bare.code} (${bare.type}): every account needs one`,
    );
}

/**
 * Saves the whole mapping at once (the screen sends every line and rule): lines added, renamed,
 * reordered or removed, and the rules replaced, in one transaction with its audit event. A closed
 * year's figures do not change; only where they are shown does, for every year alike.
 */
export async function saveStatementMapping(
  db: Db,
  actor: Actor,
  body: SaveStatementMappingBody,
): Promise<StatementMapping> {
  return db.transaction(async (tx) => {
    await checkMapping(tx, body);
    const before = await getStatementMapping(tx);
    await tx.delete(statementLineRules);
    const codes = body.lines.map((l) => l.code);
    await tx.delete(statementLines).where(notInArray(statementLines.code, codes));
    for (const line of body.lines) {
      const values = {
        ...line,
        cashFlow:
          SECTION_ACCOUNT_TYPE[line.section] === 'income' || SECTION_ACCOUNT_TYPE[line.section] === 'expense'
            ? ('operating' as const)
            : line.cashFlow,
        updatedBy: actor.userId,
      };
      await tx
        .insert(statementLines)
        .values(values)
        .onConflictDoUpdate({ target: statementLines.code, set: values });
    }
    if (body.rules.length) {
      await tx.insert(statementLineRules).values(
        body.rules.map((r) => ({
          lineCode: r.line,
          classId: r.target === 'class' ? r.targetId : null,
          groupId: r.target === 'group' ? r.targetId : null,
          accountId: r.target === 'account' ? r.targetId : null,
        })),
      );
    }
    const after = await getStatementMapping(tx);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'updated',
      entity: 'statement_mapping',
      entityId: STATEMENT_MAPPING_ENTITY_ID,
      before: { lines: before.lines, rules: before.rules },
      after: { lines: after.lines, rules: after.rules },
    });
    return after;
  });
}
