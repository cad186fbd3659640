import type { StockTransfer, StockTransferDetail, StockTransferListQuery } from '@ushirika/contracts';
import { and, asc, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { ForbiddenError, NotFoundError } from '../../../platform/errors.ts';
import { localNameSql } from '../../../platform/labels.ts';
import { likeContains, type PageWindow, pageOf } from '../../../platform/list.ts';
import { journalEntries } from '../../accounts/journal/schema.ts';
import { amcos } from '../../amcos/schema.ts';
import { users } from '../../users/schema.ts';
import { items } from '../items/schema.ts';
import { stores } from '../stores/schema.ts';
import { stockTransferLines, stockTransfers } from './schema.ts';

const fromStore = alias(stores, 'from_store');
const toStore = alias(stores, 'to_store');
const fromAmcos = alias(amcos, 'from_amcos');
const toAmcos = alias(amcos, 'to_amcos');

const columns = {
  id: stockTransfers.id,
  transferNo: stockTransfers.transferNo,
  kind: stockTransfers.kind,
  status: stockTransfers.status,
  fromStoreId: stockTransfers.fromStoreId,
  fromStoreName: fromStore.name,
  toStoreId: stockTransfers.toStoreId,
  toStoreName: toStore.name,
  fromAmcosName: fromAmcos.name,
  toAmcosName: toAmcos.name,
  dispatchedOn: stockTransfers.dispatchedOn,
  receivedOn: stockTransfers.receivedOn,
  lineCount: sql<number>`(select count(*)::int from ${stockTransferLines} where ${stockTransferLines.transferId} = ${stockTransfers.id})`,
  totalValue: stockTransfers.totalValue,
  receivedValue: stockTransfers.receivedValue,
  varianceValue: stockTransfers.varianceValue,
  createdAt: sql<string>`to_char(${stockTransfers.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};
const selectTransfers = (db: DbOrTx) =>
  db
    .select(columns)
    .from(stockTransfers)
    .innerJoin(fromStore, eq(fromStore.id, stockTransfers.fromStoreId))
    .innerJoin(toStore, eq(toStore.id, stockTransfers.toStoreId))
    .leftJoin(fromAmcos, eq(fromAmcos.id, stockTransfers.fromAmcosId))
    .leftJoin(toAmcos, eq(toAmcos.id, stockTransfers.toAmcosId))
    .$dynamic();

/** A transfer is an AMCOS's when it leaves or reaches one of its stores. */
const ofSociety = (society: string) =>
  or(eq(stockTransfers.fromAmcosId, society), eq(stockTransfers.toAmcosId, society));

export async function listStockTransfers(
  db: DbOrTx,
  query: StockTransferListQuery,
  window: PageWindow,
  society: string | null,
): Promise<{ rows: StockTransfer[]; total: number }> {
  const pattern = query.search ? likeContains(query.search) : undefined;
  const where: SQL | undefined = and(
    society ? ofSociety(society) : undefined,
    query.kind ? eq(stockTransfers.kind, query.kind) : undefined,
    query.status ? eq(stockTransfers.status, query.status) : undefined,
    query.store_id
      ? or(eq(stockTransfers.fromStoreId, query.store_id), eq(stockTransfers.toStoreId, query.store_id))
      : undefined,
    query.amcos_id ? ofSociety(query.amcos_id) : undefined,
    query.from ? gte(stockTransfers.dispatchedOn, query.from) : undefined,
    query.to ? lte(stockTransfers.dispatchedOn, query.to) : undefined,
    pattern
      ? or(
          ilike(stockTransfers.transferNo, pattern),
          ilike(fromStore.name, pattern),
          ilike(toStore.name, pattern),
        )
      : undefined,
  );
  const sortable = {
    transferNo: stockTransfers.transferNo,
    dispatchedOn: stockTransfers.dispatchedOn,
    totalValue: stockTransfers.totalValue,
  };
  return pageOf(db, () => selectTransfers(db).$dynamic(), {
    where,
    order: {
      sort: query.sort,
      sortable,
      fallback: [desc(stockTransfers.dispatchedOn), desc(stockTransfers.transferNo)],
      tiebreak: stockTransfers.id,
    },
    window,
  });
}

const dispatcher = alias(users, 'dispatcher');
const receiver = alias(users, 'receiver');

export async function getStockTransfer(db: DbOrTx, id: string): Promise<StockTransferDetail> {
  const [row] = await selectTransfers(db).where(eq(stockTransfers.id, id));
  if (!row) throw new NotFoundError('Transfer not found');
  const [extra] = await db
    .select({
      fromAmcosId: stockTransfers.fromAmcosId,
      toAmcosId: stockTransfers.toAmcosId,
      vehicle: stockTransfers.vehicle,
      driverName: stockTransfers.driverName,
      remarks: stockTransfers.remarks,
      dispatchedByName: sql<string | null>`${dispatcher.firstName} || ' ' || ${dispatcher.lastName}`,
      receivedByName: sql<string | null>`${receiver.firstName} || ' ' || ${receiver.lastName}`,
      receiveRemarks: stockTransfers.receiveRemarks,
      journalEntryId: stockTransfers.journalEntryId,
      journalEntryNo: journalEntries.number,
    })
    .from(stockTransfers)
    .leftJoin(dispatcher, eq(dispatcher.id, stockTransfers.dispatchedBy))
    .leftJoin(receiver, eq(receiver.id, stockTransfers.receivedBy))
    .leftJoin(journalEntries, eq(journalEntries.id, stockTransfers.journalEntryId))
    .where(eq(stockTransfers.id, id));
  if (!extra) throw new NotFoundError('Transfer not found');
  const lines = await db
    .select({
      id: stockTransferLines.id,
      lineNo: stockTransferLines.lineNo,
      itemId: stockTransferLines.itemId,
      itemCode: items.code,
      itemName: localNameSql('items'),
      unit: items.unit,
      quantity: stockTransferLines.quantity,
      unitCost: stockTransferLines.unitCost,
      value: stockTransferLines.value,
      batchNo: stockTransferLines.batchNo,
      receivedQuantity: stockTransferLines.receivedQuantity,
      receivedValue: stockTransferLines.receivedValue,
      varianceQuantity: stockTransferLines.varianceQuantity,
      varianceValue: stockTransferLines.varianceValue,
      varianceReason: stockTransferLines.varianceReason,
    })
    .from(stockTransferLines)
    .innerJoin(items, eq(items.id, stockTransferLines.itemId))
    .where(eq(stockTransferLines.transferId, id))
    .orderBy(asc(stockTransferLines.lineNo));
  return { ...row, ...extra, lines };
}

/** Refuses an AMCOS user a transfer that neither leaves nor reaches their society. */
export function assertTransferSociety(
  actor: Actor,
  t: { fromAmcosId: string | null; toAmcosId: string | null },
) {
  if (!actor.amcosId) return;
  if (t.fromAmcosId !== actor.amcosId && t.toAmcosId !== actor.amcosId)
    throw new ForbiddenError('This record belongs to another society');
}
