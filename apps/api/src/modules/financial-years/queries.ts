import type { FinancialYear, FinancialYearListQuery } from '@ushirika/contracts';
import { and, desc, eq, gte, ilike, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { likeContains, type PageWindow, pageOf } from '../../platform/list.ts';
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
  const { rows, total } = await pageOf(db, () => db.select().from(financialYears).$dynamic(), {
    where: and(
      query.search ? ilike(financialYears.name, likeContains(query.search)) : undefined,
      query.status ? eq(financialYears.status, query.status) : undefined,
    ),
    order: {
      sort: query.sort,
      sortable,
      fallback: [desc(financialYears.startDate)],
      tiebreak: financialYears.id,
    },
    window,
  });
  return { rows: rows.map(toFinancialYear), total };
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
