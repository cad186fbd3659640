import type { StockIssue, StockIssueDetail, StockIssueListQuery } from '@ushirika/contracts';
import { and, asc, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { localNameSql } from '../../../platform/labels.ts';
import { likeContains, type PageWindow, pageOf } from '../../../platform/list.ts';
import { journalEntries } from '../../accounts/journal/schema.ts';
import { amcos } from '../../amcos/schema.ts';
import { users } from '../../users/schema.ts';
import { items } from '../items/schema.ts';
import { stores } from '../stores/schema.ts';
import { stockIssueLines, stockIssues } from './schema.ts';

const toAmcos = alias(amcos, 'to_amcos');
const columns = {
  id: stockIssues.id,
  issueNo: stockIssues.issueNo,
  storeId: stockIssues.storeId,
  storeName: stores.name,
  amcosId: stockIssues.amcosId,
  amcosName: amcos.name,
  purpose: stockIssues.purpose,
  toAmcosId: stockIssues.toAmcosId,
  toAmcosName: toAmcos.name,
  issuedTo: stockIssues.issuedTo,
  issuedOn: stockIssues.issuedOn,
  lineCount: sql<number>`(select count(*)::int from ${stockIssueLines} where ${stockIssueLines.issueId} = ${stockIssues.id})`,
  totalValue: stockIssues.totalValue,
  createdByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
  createdAt: sql<string>`to_char(${stockIssues.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};
const selectIssues = (db: DbOrTx) =>
  db
    .select(columns)
    .from(stockIssues)
    .innerJoin(stores, eq(stores.id, stockIssues.storeId))
    .leftJoin(amcos, eq(amcos.id, stockIssues.amcosId))
    .leftJoin(toAmcos, eq(toAmcos.id, stockIssues.toAmcosId))
    .leftJoin(users, eq(users.id, stockIssues.createdBy))
    .$dynamic();

export async function listStockIssues(
  db: DbOrTx,
  query: StockIssueListQuery,
  window: PageWindow,
  society: string | null,
): Promise<{ rows: StockIssue[]; total: number }> {
  const pattern = query.search ? likeContains(query.search) : undefined;
  const where: SQL | undefined = and(
    society ? eq(stockIssues.amcosId, society) : undefined,
    query.purpose ? eq(stockIssues.purpose, query.purpose) : undefined,
    query.store_id ? eq(stockIssues.storeId, query.store_id) : undefined,
    query.amcos_id ? eq(stockIssues.amcosId, query.amcos_id) : undefined,
    query.from ? gte(stockIssues.issuedOn, query.from) : undefined,
    query.to ? lte(stockIssues.issuedOn, query.to) : undefined,
    pattern
      ? or(
          ilike(stockIssues.issueNo, pattern),
          ilike(stockIssues.issuedTo, pattern),
          ilike(stores.name, pattern),
        )
      : undefined,
  );
  const sortable = {
    issueNo: stockIssues.issueNo,
    issuedOn: stockIssues.issuedOn,
    totalValue: stockIssues.totalValue,
  };
  return pageOf(db, () => selectIssues(db).$dynamic(), {
    where,
    order: {
      sort: query.sort,
      sortable,
      fallback: [desc(stockIssues.issuedOn), desc(stockIssues.issueNo)],
      tiebreak: stockIssues.id,
    },
    window,
  });
}

export async function getStockIssue(db: DbOrTx, id: string): Promise<StockIssueDetail> {
  const [row] = await selectIssues(db).where(eq(stockIssues.id, id));
  if (!row) throw new NotFoundError('Stock issue not found');
  const [extra] = await db
    .select({
      remarks: stockIssues.remarks,
      sourceType: stockIssues.sourceType,
      sourceId: stockIssues.sourceId,
      journalEntryId: stockIssues.journalEntryId,
      journalEntryNo: journalEntries.number,
    })
    .from(stockIssues)
    .leftJoin(journalEntries, eq(journalEntries.id, stockIssues.journalEntryId))
    .where(eq(stockIssues.id, id));
  const lines = await db
    .select({
      id: stockIssueLines.id,
      lineNo: stockIssueLines.lineNo,
      itemId: stockIssueLines.itemId,
      itemCode: items.code,
      itemName: localNameSql('items'),
      unit: items.unit,
      quantity: stockIssueLines.quantity,
      unitCost: stockIssueLines.unitCost,
      value: stockIssueLines.value,
      batchNo: stockIssueLines.batchNo,
    })
    .from(stockIssueLines)
    .innerJoin(items, eq(items.id, stockIssueLines.itemId))
    .where(eq(stockIssueLines.issueId, id))
    .orderBy(asc(stockIssueLines.lineNo));
  return {
    ...row,
    remarks: extra?.remarks ?? null,
    sourceType: extra?.sourceType ?? null,
    sourceId: extra?.sourceId ?? null,
    journalEntryId: extra?.journalEntryId ?? null,
    journalEntryNo: extra?.journalEntryNo ?? null,
    lines,
  };
}
