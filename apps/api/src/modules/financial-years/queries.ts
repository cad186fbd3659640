import type { FinancialYear, FinancialYearListQuery } from '@ushirika/contracts';
import { and, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { likeContains, orderByOf, type PageWindow } from '../../platform/list.ts';
import { financialYears } from './schema.ts';

type Row = typeof financialYears.$inferSelect;

export function toFinancialYear(row: Row): FinancialYear {
  return {
    id: row.id,
    name: row.name,
    startDate: row.startDate,
    endDate: row.endDate,
    status: row.status,
    collectionLockedUntil: row.collectionLockedUntil,
    operationLockedUntil: row.operationLockedUntil,
    closedAt: row.closedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const sortable = {
  name: financialYears.name,
  start_date: financialYears.startDate,
  status: financialYears.status,
};

export async function listFinancialYears(db: DbOrTx, query: FinancialYearListQuery, window: PageWindow) {
  const where: SQL | undefined = and(
    query.search ? ilike(financialYears.name, likeContains(query.search)) : undefined,
    query.status ? eq(financialYears.status, query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(financialYears)
      .where(where)
      .orderBy(...orderByOf(query.sort, sortable, [desc(financialYears.startDate)], financialYears.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(financialYears).where(where),
  ]);
  return { rows: rows.map(toFinancialYear), total: total?.value ?? 0 };
}

export async function getFinancialYearRow(db: DbOrTx, id: string): Promise<Row> {
  const [row] = await db.select().from(financialYears).where(eq(financialYears.id, id));
  if (!row) throw new NotFoundError('Financial year not found');
  return row;
}

/** The year whose dates hold `day`, if any. */
export async function financialYearOn(db: DbOrTx, day: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(financialYears)
    .where(and(lte(financialYears.startDate, day), gte(financialYears.endDate, day)));
  return row;
}
