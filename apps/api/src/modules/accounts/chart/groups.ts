import type { AccountGroup, AccountType } from '@ushirika/contracts';
import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { ConflictError, fieldError, NotFoundError } from '../../../platform/errors.ts';
import { localNameSql } from '../../../platform/labels.ts';
import { likeContains, type PageWindow, pageOf } from '../../../platform/list.ts';
import { accountClasses, accountGroups } from '../schema.ts';

const columns = {
  id: accountGroups.id,
  code: accountGroups.code,
  name: accountGroups.name,
  nameSw: accountGroups.nameSw,
  classId: accountGroups.classId,
  className: localNameSql('account_classes'),
  type: accountClasses.type,
  active: accountGroups.active,
};
const selectGroups = (db: DbOrTx) =>
  db
    .select(columns)
    .from(accountGroups)
    .innerJoin(accountClasses, eq(accountClasses.id, accountGroups.classId));
const sortable = {
  code: accountGroups.code,
  name: localNameSql('account_groups'),
  type: accountClasses.type,
};

export async function listAccountGroups(
  db: DbOrTx,
  query: {
    search?: string | undefined;
    sort?: string | undefined;
    type?: AccountType | undefined;
    class_id?: string | undefined;
  },
  window: PageWindow,
): Promise<{ rows: AccountGroup[]; total: number }> {
  const pattern = query.search ? likeContains(query.search) : undefined;
  const where: SQL | undefined = and(
    pattern
      ? or(
          ilike(accountGroups.name, pattern),
          ilike(accountGroups.nameSw, pattern),
          ilike(accountGroups.code, pattern),
        )
      : undefined,
    query.type ? eq(accountClasses.type, query.type) : undefined,
    query.class_id ? eq(accountGroups.classId, query.class_id) : undefined,
  );
  return pageOf(db, () => selectGroups(db).$dynamic(), {
    where,
    order: { sort: query.sort, sortable, fallback: [asc(accountGroups.code)], tiebreak: accountGroups.id },
    window,
  });
}

export async function getAccountGroup(db: DbOrTx, id: string): Promise<AccountGroup> {
  const [row] = await selectGroups(db).where(eq(accountGroups.id, id));
  if (!row) throw new NotFoundError('Account group not found');
  return row;
}

export async function assertClass(tx: DbOrTx, classId: string) {
  const [found] = await tx
    .select({ id: accountClasses.id })
    .from(accountClasses)
    .where(eq(accountClasses.id, classId));
  if (!found) throw fieldError('classId', 'The chosen class does not exist');
}

export async function assertCodeFree(tx: DbOrTx, code: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: accountGroups.id })
    .from(accountGroups)
    .where(eq(accountGroups.code, code));
  if (taken && taken.id !== exceptId) throw new ConflictError(`The group code ${code} is already used`);
}
