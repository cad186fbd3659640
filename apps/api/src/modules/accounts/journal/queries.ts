import type { JournalEntry, JournalEntryListQuery, JournalEntrySummary } from '@ushirika/contracts';
import { type AnyColumn, and, asc, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { localNameSql } from '../../../platform/labels.ts';
import { likeContains, type PageWindow, pageOf } from '../../../platform/list.ts';
import { users } from '../../users/schema.ts';
import { accounts } from '../schema.ts';
import { narrationFor } from './narrations.ts';
import { journalEntries, journalLines } from './schema.ts';

export const maker = alias(users, 'maker');
export const checker = alias(users, 'checker');
export const fullName = (u: { firstName: AnyColumn; lastName: AnyColumn }) =>
  sql<string | null>`${u.firstName} || ' ' || ${u.lastName}`;

const columns = {
  id: journalEntries.id,
  number: journalEntries.number,
  entryDate: journalEntries.entryDate,
  book: journalEntries.book,
  narration: journalEntries.narration,
  reference: journalEntries.reference,
  source: journalEntries.source,
  status: journalEntries.status,
  total: journalEntries.total,
  createdBy: journalEntries.createdBy,
  createdByName: fullName(maker),
  approvedBy: journalEntries.approvedBy,
  approvedByName: fullName(checker),
  approvedAt: journalEntries.approvedAt,
  reversalOfId: journalEntries.reversalOfId,
  reversedById: journalEntries.reversedById,
  createdAt: journalEntries.createdAt,
};
type Row = Omit<JournalEntrySummary, 'createdAt' | 'approvedAt'> & {
  createdAt: Date;
  approvedAt: Date | null;
};
const toSummary = (r: Row): JournalEntrySummary => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  approvedAt: r.approvedAt?.toISOString() ?? null,
});

// The narration in the reader's language (a system narration has both; narrations.ts).
const selectEntries = (db: DbOrTx) =>
  db
    .select({ ...columns, narration: sql<string>`${narrationFor()}` })
    .from(journalEntries)
    .leftJoin(maker, eq(maker.id, journalEntries.createdBy))
    .leftJoin(checker, eq(checker.id, journalEntries.approvedBy));

const sortable = {
  number: journalEntries.number,
  entry_date: journalEntries.entryDate,
  total: journalEntries.total,
};

export async function listJournalEntries(db: DbOrTx, query: JournalEntryListQuery, window: PageWindow) {
  const pattern = query.search ? likeContains(query.search) : undefined;
  const where: SQL | undefined = and(
    pattern
      ? or(
          ilike(journalEntries.number, pattern),
          ilike(journalEntries.narration, pattern),
          ilike(journalEntries.narrationSw, pattern),
          ilike(journalEntries.reference, pattern),
        )
      : undefined,
    query.book ? eq(journalEntries.book, query.book) : undefined,
    query.status ? eq(journalEntries.status, query.status) : undefined,
    query.source ? eq(journalEntries.source, query.source) : undefined,
    query.from ? gte(journalEntries.entryDate, query.from) : undefined,
    query.to ? lte(journalEntries.entryDate, query.to) : undefined,
  );
  const { rows, total } = await pageOf(db, () => selectEntries(db).$dynamic(), {
    where,
    order: {
      sort: query.sort,
      sortable,
      fallback: [desc(journalEntries.entryDate), desc(journalEntries.number)],
      tiebreak: journalEntries.id,
    },
    window,
  });
  return { rows: rows.map(toSummary), total };
}

export async function getJournalEntry(db: DbOrTx, id: string): Promise<JournalEntry> {
  const [row] = await selectEntries(db).where(eq(journalEntries.id, id));
  if (!row) throw new NotFoundError('Journal entry not found');
  const lines = await db
    .select({
      id: journalLines.id,
      lineNo: journalLines.lineNo,
      accountId: journalLines.accountId,
      accountCode: accounts.code,
      accountName: sql<string>`${localNameSql('accounts')}`,
      debit: journalLines.debit,
      credit: journalLines.credit,
      currency: journalLines.currency,
      currencyAmount: journalLines.currencyAmount,
      rate: journalLines.rate,
      description: journalLines.description,
      partyType: journalLines.partyType,
      partyId: journalLines.partyId,
      partyName: journalLines.partyName,
    })
    .from(journalLines)
    .innerJoin(accounts, eq(accounts.id, journalLines.accountId))
    .where(eq(journalLines.entryId, id))
    .orderBy(asc(journalLines.lineNo));
  return { ...toSummary(row), lines };
}

/**
 * An entry's JV number. A business-event posting is numbered at commit: read after the commit,
 * inside the posting transaction it is still the provisional `~<year>~<id>`.
 */
export async function entryNumber(db: DbOrTx, id: string): Promise<string> {
  const [row] = await db
    .select({ number: journalEntries.number })
    .from(journalEntries)
    .where(eq(journalEntries.id, id));
  if (!row) throw new NotFoundError('This journal entry does not exist');
  return row.number;
}
