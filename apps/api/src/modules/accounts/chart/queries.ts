import type { Account, AccountListQuery, AccountOption, AccountType, Book } from '@ushirika/contracts';
import { and, asc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { currentLanguage, localNameSql } from '../../../platform/labels.ts';
import { likeContains, type PageWindow, pageOf } from '../../../platform/list.ts';
import { accountClasses, accountGroups, accounts } from '../schema.ts';

const columns = {
  id: accounts.id,
  code: accounts.code,
  name: accounts.name,
  nameSw: accounts.nameSw,
  book: accounts.book,
  groupId: accounts.groupId,
  groupName: localNameSql('account_groups'),
  className: localNameSql('account_classes'),
  type: accountClasses.type,
  currency: accounts.currency,
  isBankOrCash: accounts.isBankOrCash,
  bankName: accounts.bankName,
  bankAccountNumber: accounts.bankAccountNumber,
  active: accounts.active,
  createdAt: accounts.createdAt,
};
type Row = Omit<Account, 'createdAt'> & { createdAt: Date };
const toAccount = (r: Row): Account => ({ ...r, createdAt: r.createdAt.toISOString() });

const selectAccounts = (db: DbOrTx) =>
  db
    .select(columns)
    .from(accounts)
    .innerJoin(accountGroups, eq(accountGroups.id, accounts.groupId))
    .innerJoin(accountClasses, eq(accountClasses.id, accountGroups.classId));

const sortable = { code: accounts.code, name: accounts.name, book: accounts.book, type: accountClasses.type };

export type AccountFilter = Partial<
  Pick<AccountListQuery, 'search' | 'book' | 'type' | 'group_id' | 'active' | 'is_bank_or_cash' | 'sort'>
> & {
  types?: AccountType[];
};

function filters(query: AccountFilter): SQL | undefined {
  const pattern = query.search ? likeContains(query.search) : undefined;
  return and(
    pattern ? or(ilike(accounts.name, pattern), ilike(accounts.code, pattern)) : undefined,
    query.book ? eq(accounts.book, query.book) : undefined,
    query.type ? eq(accountClasses.type, query.type) : undefined,
    query.types ? inArray(accountClasses.type, query.types) : undefined,
    query.group_id ? eq(accounts.groupId, query.group_id) : undefined,
    query.active === undefined ? undefined : eq(accounts.active, query.active),
    query.is_bank_or_cash === undefined ? undefined : eq(accounts.isBankOrCash, query.is_bank_or_cash),
  );
}

export async function listAccounts(db: DbOrTx, query: AccountFilter, window: PageWindow) {
  const where = filters(query);
  const { rows, total } = await pageOf(db, () => selectAccounts(db).$dynamic(), {
    where,
    order: {
      sort: query.sort,
      sortable,
      fallback: [asc(accounts.book), asc(accounts.code)],
      tiebreak: accounts.id,
    },
    window,
  });
  return { rows: rows.map(toAccount), total };
}

export async function getAccount(db: DbOrTx, id: string): Promise<Account> {
  const [row] = await selectAccounts(db).where(eq(accounts.id, id));
  if (!row) throw new NotFoundError('Account not found');
  return toAccount(row);
}

/** Active accounts as picker options, e.g. every bank or cash account of a book. */
export async function accountOptions(
  db: DbOrTx,
  query: { book?: Book | undefined; types?: AccountType[]; bankOrCash?: boolean },
): Promise<AccountOption[]> {
  return selectAccounts(db)
    .where(
      and(
        eq(accounts.active, true),
        query.book ? eq(accounts.book, query.book) : undefined,
        query.types ? inArray(accountClasses.type, query.types) : undefined,
        query.bankOrCash === undefined ? undefined : eq(accounts.isBankOrCash, query.bankOrCash),
      ),
    )
    .orderBy(asc(accounts.book), asc(accounts.code))
    .then((rows) =>
      rows.map((r) => ({
        id: r.id,
        code: r.code,
        // A picker only shows the name: the reader's language when the system gave one (#20).
        name: (currentLanguage() === 'sw' && r.nameSw) || r.name,
        book: r.book,
        type: r.type,
        currency: r.currency,
      })),
    );
}

/** The account classes, all or those of one type, by code. */
export function listAccountClasses(db: DbOrTx, type?: AccountType) {
  return db
    .select()
    .from(accountClasses)
    .where(type ? eq(accountClasses.type, type) : undefined)
    .orderBy(asc(accountClasses.code));
}
