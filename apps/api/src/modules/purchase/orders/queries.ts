import type { PurchaseOrder, PurchaseOrderDetail, purchaseOrderListQuery } from '@ushirika/contracts';
import { and, asc, desc, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { localNameSql } from '../../../platform/labels.ts';
import { likeContains, type PageWindow, pageOf } from '../../../platform/list.ts';
import { items } from '../../inventory/items/schema.ts';
import { users } from '../../users/schema.ts';
import { suppliers } from '../suppliers/schema.ts';
import { purchaseOrderLines, purchaseOrders } from './schema.ts';

const columns = {
  id: purchaseOrders.id,
  orderNo: purchaseOrders.orderNo,
  supplierId: purchaseOrders.supplierId,
  supplierName: suppliers.name,
  orderDate: purchaseOrders.orderDate,
  expectedDate: purchaseOrders.expectedDate,
  status: purchaseOrders.status,
  subtotal: purchaseOrders.subtotal,
  vatTotal: purchaseOrders.vatTotal,
  total: purchaseOrders.total,
  createdBy: purchaseOrders.createdBy,
};

export const RECEIVABLE_STATUSES = ['approved', 'partly_received'] as const;

function filters(query: z.infer<typeof purchaseOrderListQuery>): SQL | undefined {
  const pattern = query.search ? likeContains(query.search) : undefined;
  return and(
    pattern ? or(ilike(purchaseOrders.orderNo, pattern), ilike(suppliers.name, pattern)) : undefined,
    query.supplier_id ? eq(purchaseOrders.supplierId, query.supplier_id) : undefined,
    query.status ? eq(purchaseOrders.status, query.status) : undefined,
    query.receivable === 'true' ? inArray(purchaseOrders.status, [...RECEIVABLE_STATUSES]) : undefined,
    query.from ? gte(purchaseOrders.orderDate, query.from) : undefined,
    query.to ? lte(purchaseOrders.orderDate, query.to) : undefined,
  );
}

export async function listPurchaseOrders(
  db: DbOrTx,
  query: z.infer<typeof purchaseOrderListQuery>,
  window: PageWindow,
): Promise<{ rows: PurchaseOrder[]; total: number }> {
  const where = filters(query);
  const sortable = {
    orderNo: purchaseOrders.orderNo,
    orderDate: purchaseOrders.orderDate,
    total: purchaseOrders.total,
    supplierName: suppliers.name,
  };
  return pageOf(
    db,
    () =>
      db
        .select(columns)
        .from(purchaseOrders)
        .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
        .$dynamic(),
    {
      where,
      order: {
        sort: query.sort,
        sortable,
        fallback: [desc(purchaseOrders.orderDate), desc(purchaseOrders.orderNo)],
        tiebreak: purchaseOrders.id,
      },
      window,
    },
  );
}

export async function getPurchaseOrder(db: DbOrTx, id: string): Promise<PurchaseOrderDetail> {
  const approver = alias(users, 'approver');
  const rejecter = alias(users, 'rejecter');
  const [row] = await db
    .select({
      ...columns,
      terms: purchaseOrders.terms,
      remarks: purchaseOrders.remarks,
      vatRate: purchaseOrders.vatRate,
      submittedAt: purchaseOrders.submittedAt,
      approvedAt: purchaseOrders.approvedAt,
      approvedBy: purchaseOrders.approvedBy,
      approverFirst: approver.firstName,
      approverLast: approver.lastName,
      cancelReason: purchaseOrders.cancelReason,
      rejectedAt: purchaseOrders.rejectedAt,
      rejecterFirst: rejecter.firstName,
      rejecterLast: rejecter.lastName,
      rejectReason: purchaseOrders.rejectReason,
    })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .leftJoin(approver, eq(approver.id, purchaseOrders.approvedBy))
    .leftJoin(rejecter, eq(rejecter.id, purchaseOrders.rejectedBy))
    .where(eq(purchaseOrders.id, id));
  if (!row) throw new NotFoundError('Purchase order not found');
  const lines = await db
    .select({
      id: purchaseOrderLines.id,
      lineNo: purchaseOrderLines.lineNo,
      itemId: purchaseOrderLines.itemId,
      itemCode: items.code,
      itemName: localNameSql('items'),
      unit: items.unit,
      description: purchaseOrderLines.description,
      quantity: purchaseOrderLines.quantity,
      unitPrice: purchaseOrderLines.unitPrice,
      vat: purchaseOrderLines.vat,
      amount: purchaseOrderLines.amount,
      vatAmount: purchaseOrderLines.vatAmount,
      receivedQuantity: purchaseOrderLines.receivedQuantity,
      invoicedQuantity: purchaseOrderLines.invoicedQuantity,
    })
    .from(purchaseOrderLines)
    .innerJoin(items, eq(items.id, purchaseOrderLines.itemId))
    .where(eq(purchaseOrderLines.orderId, id))
    .orderBy(asc(purchaseOrderLines.lineNo));
  const {
    approverFirst,
    approverLast,
    rejecterFirst,
    rejecterLast,
    submittedAt,
    approvedAt,
    rejectedAt,
    ...rest
  } = row;
  return {
    ...rest,
    submittedAt: submittedAt?.toISOString() ?? null,
    approvedAt: approvedAt?.toISOString() ?? null,
    approvedByName: approverFirst ? `${approverFirst} ${approverLast ?? ''}`.trim() : null,
    rejectedAt: rejectedAt?.toISOString() ?? null,
    rejectedByName: rejecterFirst ? `${rejecterFirst} ${rejecterLast ?? ''}`.trim() : null,
    lines,
  };
}
