import type { Grn, GrnDetail, GrnListQuery, ReceivableOrder } from '@ushirika/contracts';
import { and, asc, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { localNameSql } from '../../../platform/labels.ts';
import { likeContains, type PageWindow, pageOf } from '../../../platform/list.ts';
import { journalEntries } from '../../accounts/journal/schema.ts';
import { amcos } from '../../amcos/schema.ts';
import { orderForReceipt } from '../../purchase/orders/receipt.ts';
import { purchaseOrders } from '../../purchase/orders/schema.ts';
import { suppliers } from '../../purchase/suppliers/schema.ts';
import { users } from '../../users/schema.ts';
import { items } from '../items/schema.ts';
import { stores } from '../stores/schema.ts';
import { grnLines, grns } from './schema.ts';

const iso = sql<string>`to_char(${grns.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const columns = {
  id: grns.id,
  grnNo: grns.grnNo,
  kind: grns.kind,
  orderId: grns.orderId,
  orderNo: purchaseOrders.orderNo,
  supplierId: grns.supplierId,
  supplierName: suppliers.name,
  storeId: grns.storeId,
  storeName: stores.name,
  amcosId: grns.amcosId,
  amcosName: amcos.name,
  receivedOn: grns.receivedOn,
  supplierRef: grns.supplierRef,
  lineCount: sql<number>`(select count(*)::int from ${grnLines} where ${grnLines.grnId} = ${grns.id})`,
  totalValue: grns.totalValue,
  createdByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
  createdAt: iso,
};
const selectGrns = (db: DbOrTx) =>
  db
    .select(columns)
    .from(grns)
    .innerJoin(stores, eq(stores.id, grns.storeId))
    .leftJoin(amcos, eq(amcos.id, grns.amcosId))
    .leftJoin(purchaseOrders, eq(purchaseOrders.id, grns.orderId))
    .leftJoin(suppliers, eq(suppliers.id, grns.supplierId))
    .leftJoin(users, eq(users.id, grns.createdBy))
    .$dynamic();

export async function listGrns(
  db: DbOrTx,
  query: GrnListQuery,
  window: PageWindow,
  society: string | null,
): Promise<{ rows: Grn[]; total: number }> {
  const pattern = query.search ? likeContains(query.search) : undefined;
  const where: SQL | undefined = and(
    society ? eq(grns.amcosId, society) : undefined,
    query.kind ? eq(grns.kind, query.kind) : undefined,
    query.store_id ? eq(grns.storeId, query.store_id) : undefined,
    query.amcos_id ? eq(grns.amcosId, query.amcos_id) : undefined,
    query.order_id ? eq(grns.orderId, query.order_id) : undefined,
    query.supplier_id ? eq(grns.supplierId, query.supplier_id) : undefined,
    query.from ? gte(grns.receivedOn, query.from) : undefined,
    query.to ? lte(grns.receivedOn, query.to) : undefined,
    pattern
      ? or(
          ilike(grns.grnNo, pattern),
          ilike(grns.supplierRef, pattern),
          ilike(stores.name, pattern),
          ilike(suppliers.name, pattern),
          ilike(purchaseOrders.orderNo, pattern),
        )
      : undefined,
  );
  const sortable = { grnNo: grns.grnNo, receivedOn: grns.receivedOn, totalValue: grns.totalValue };
  return pageOf(db, () => selectGrns(db).$dynamic(), {
    where,
    order: {
      sort: query.sort,
      sortable,
      fallback: [desc(grns.receivedOn), desc(grns.grnNo)],
      tiebreak: grns.id,
    },
    window,
  });
}

export async function getGrn(db: DbOrTx, id: string): Promise<GrnDetail> {
  const [row] = await selectGrns(db).where(eq(grns.id, id));
  if (!row) throw new NotFoundError('GRN not found');
  const [extra] = await db
    .select({
      remarks: grns.remarks,
      journalEntryId: grns.journalEntryId,
      journalEntryNo: journalEntries.number,
    })
    .from(grns)
    .leftJoin(journalEntries, eq(journalEntries.id, grns.journalEntryId))
    .where(eq(grns.id, id));
  const lines = await db
    .select({
      id: grnLines.id,
      lineNo: grnLines.lineNo,
      itemId: grnLines.itemId,
      itemCode: items.code,
      itemName: localNameSql('items'),
      unit: items.unit,
      orderLineId: grnLines.orderLineId,
      quantity: grnLines.quantity,
      unitCost: grnLines.unitCost,
      value: grnLines.value,
      batchNo: grnLines.batchNo,
      expiryDate: grnLines.expiryDate,
    })
    .from(grnLines)
    .innerJoin(items, eq(items.id, grnLines.itemId))
    .where(eq(grnLines.grnId, id))
    .orderBy(asc(grnLines.lineNo));
  return {
    ...row,
    remarks: extra?.remarks ?? null,
    journalEntryId: extra?.journalEntryId ?? null,
    journalEntryNo: extra?.journalEntryNo ?? null,
    lines,
  };
}

/** Orders goods can be received against (approved, partly received), newest first. */
export async function receivableOrders(
  db: DbOrTx,
): Promise<{ id: string; orderNo: string; supplierName: string }[]> {
  return db
    .select({ id: purchaseOrders.id, orderNo: purchaseOrders.orderNo, supplierName: suppliers.name })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .where(inArray(purchaseOrders.status, ['approved', 'partly_received']))
    .orderBy(desc(purchaseOrders.orderDate), desc(purchaseOrders.orderNo))
    .limit(200);
}

/** One order as the GRN form shows it: every line with what is left to receive. */
export async function receivableOrder(db: DbOrTx, orderId: string): Promise<ReceivableOrder> {
  const order = await orderForReceipt(db, orderId);
  const itemRows = order.lines.length
    ? await db
        .select({
          id: items.id,
          code: items.code,
          name: localNameSql('items'),
          unit: items.unit,
          tracksBatch: items.tracksBatch,
        })
        .from(items)
        .where(
          inArray(
            items.id,
            order.lines.map((l) => l.itemId),
          ),
        )
    : [];
  const byId = new Map(itemRows.map((i) => [i.id, i]));
  return {
    id: order.id,
    orderNo: order.orderNo,
    supplierId: order.supplierId,
    supplierName: order.supplierName,
    status: order.status,
    lines: order.lines.map((l) => ({
      id: l.id,
      lineNo: l.lineNo,
      itemId: l.itemId,
      itemCode: byId.get(l.itemId)?.code ?? '',
      itemName: byId.get(l.itemId)?.name ?? l.description,
      unit: byId.get(l.itemId)?.unit ?? '',
      tracksBatch: byId.get(l.itemId)?.tracksBatch ?? false,
      quantity: l.quantity,
      receivedQuantity: l.receivedQuantity,
      remainingQuantity: l.remainingQuantity,
      unitPrice: l.unitPrice,
    })),
  };
}
