import type { Book, BookOpening, GoLive, OpeningImport } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { localNameSql } from '../../../platform/labels.ts';
import { financialYears } from '../../financial-years/schema.ts';
import { journalEntries } from '../journal/schema.ts';
import { bookOpenings, openingImports } from './schema.ts';

export type BookOpeningRow = typeof bookOpenings.$inferSelect;

/** The day before `day` (both YYYY-MM-DD): the opening position's date. */
export function dayBefore(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** A book's go-live row, locked FOR UPDATE when `lock` (imports, reversals and confirmation queue). */
export async function bookOpeningOf(
  tx: DbOrTx,
  book: Book,
  lock = false,
): Promise<BookOpeningRow | undefined> {
  const q = tx.select().from(bookOpenings).where(eq(bookOpenings.book, book));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

const accountRow = z.object({ id: z.string(), label: z.string(), balance: z.string() });

/** The opening-balances account of each book as "code name" and its posted balance (debit - credit). */
async function openingAccounts(db: DbOrTx) {
  return queryRows(
    db,
    accountRow,
    sql`select a.id, a.code || ' ' || ${localNameSql('a')} as label,
          coalesce((select sum(b.debit - b.credit) from account_period_balances b where b.account_id = a.id), 0)
            ::numeric(18,2)::text as balance
        from book_openings o join accounts a on a.id = o.opening_account_id`,
  );
}

/**
 * An opening can still be reversed while the opening date's financial year is open and the book is
 * not locked at or after it: once the first period after go-live is closed, openings stand.
 */
export async function openingReversible(db: DbOrTx, opening: BookOpeningRow): Promise<boolean> {
  const openingDate = dayBefore(opening.goLiveDate);
  const [year] = await db
    .select()
    .from(financialYears)
    .where(
      sql`${financialYears.startDate} <= ${openingDate} and ${financialYears.endDate} >= ${openingDate}`,
    );
  if (year?.status !== 'open') return false;
  const lockedUntil = opening.book === 'collection' ? year.collectionLockedUntil : year.operationLockedUntil;
  return !lockedUntil || lockedUntil < openingDate;
}

export async function bookOpeningView(db: DbOrTx, book: Book): Promise<BookOpening> {
  const row = await bookOpeningOf(db, book);
  const account = row ? (await openingAccounts(db)).find((a) => a.id === row.openingAccountId) : undefined;
  return {
    book,
    goLiveDate: row?.goLiveDate ?? null,
    openingDate: row ? dayBefore(row.goLiveDate) : null,
    openingAccountId: row?.openingAccountId ?? null,
    openingAccount: account?.label ?? null,
    openingAccountBalance: dec(account?.balance ?? '0').toFixed(2),
    status: row?.status ?? 'setting_up',
    confirmedAt: row?.confirmedAt?.toISOString() ?? null,
    reversible: row ? await openingReversible(db, row) : false,
  };
}

export async function openingImportView(db: DbOrTx, id: string): Promise<OpeningImport> {
  const [row] = await importsQuery(db).where(eq(openingImports.id, id));
  if (!row) throw new Error(`Opening import ${id} is missing`);
  return row;
}

function importsQuery(db: DbOrTx) {
  return db
    .select({
      id: openingImports.id,
      kind: openingImports.kind,
      book: openingImports.book,
      fileName: openingImports.fileName,
      rows: openingImports.rows,
      total: openingImports.total,
      status: openingImports.status,
      entryId: openingImports.entryId,
      entryNumber: journalEntries.number,
      reversalReason: openingImports.reversalReason,
      createdAt: sql<string>`to_char(${openingImports.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      createdByName: sql<
        string | null
      >`(select u.first_name || ' ' || u.last_name from users u where u.id = ${openingImports.createdBy})`,
      reversedAt: sql<
        string | null
      >`to_char(${openingImports.reversedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    })
    .from(openingImports)
    .leftJoin(journalEntries, eq(journalEntries.id, openingImports.entryId))
    .$dynamic();
}

/** Both books' go-live and every opening import, newest first. */
export async function goLiveOverview(db: DbOrTx): Promise<GoLive> {
  return {
    books: [await bookOpeningView(db, 'collection'), await bookOpeningView(db, 'operation')],
    imports: await importsQuery(db).orderBy(desc(openingImports.createdAt)),
  };
}
