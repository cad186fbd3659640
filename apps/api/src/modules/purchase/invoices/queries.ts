import type { PurchaseInvoice, PurchaseInvoiceDetail, purchaseInvoiceListQuery } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { likeContains, type PageWindow, pageOf } from '../../../platform/list.ts';
import { items } from '../../inventory/items/schema.ts';
import { users } from '../../users/schema.ts';
import { purchaseOrders } from '../orders/schema.ts';
import { supplierPaymentAllocations, supplierPayments } from '../payments/schema.ts';
import { suppliers } from '../suppliers/schema.ts';
import { purchaseInvoiceLines, purchaseInvoices } from './schema.ts';

export const OPEN_INVOICE = ['open', 'part_paid'] as const;

const columns = {
  id: purchaseInvoices.id,
  invoiceNo: purchaseInvoices.invoiceNo,
  supplierInvoiceNo: purchaseInvoices.supplierInvoiceNo,
  supplierId: purchaseInvoices.supplierId,
  supplierName: suppliers.name,
  orderId: purchaseInvoices.orderId,
  orderNo: purchaseOrders.orderNo,
  invoiceDate: purchaseInvoices.invoiceDate,
  dueDate: purchaseInvoices.dueDate,
  status: purchaseInvoices.status,
  mismatch: purchaseInvoices.mismatch,
  subtotal: purchaseInvoices.subtotal,
  vatTotal: purchaseInvoices.vatTotal,
  total: purchaseInvoices.total,
  paidAmount: purchaseInvoices.paidAmount,
  balance: sql<string>`(case when ${purchaseInvoices.status} in ('open', 'part_paid')
    then ${purchaseInvoices.total} - ${purchaseInvoices.paidAmount} else 0 end)::numeric(16,2)::text`,
  createdBy: purchaseInvoices.createdBy,
};

export async function listPurchaseInvoices(
  db: DbOrTx,
  query: z.infer<typeof purchaseInvoiceListQuery>,
  window: PageWindow,
): Promise<{ rows: PurchaseInvoice[]; total: number }> {
  const pattern = query.search ? likeContains(query.search) : undefined;
  const where = and(
    pattern
      ? or(
          ilike(purchaseInvoices.invoiceNo, pattern),
          ilike(purchaseInvoices.supplierInvoiceNo, pattern),
          ilike(suppliers.name, pattern),
          ilike(purchaseOrders.orderNo, pattern),
        )
      : undefined,
    query.supplier_id ? eq(purchaseInvoices.supplierId, query.supplier_id) : undefined,
    query.order_id ? eq(purchaseInvoices.orderId, query.order_id) : undefined,
    query.status ? eq(purchaseInvoices.status, query.status) : undefined,
    query.open === 'true' ? inArray(purchaseInvoices.status, [...OPEN_INVOICE]) : undefined,
    query.from ? gte(purchaseInvoices.invoiceDate, query.from) : undefined,
    query.to ? lte(purchaseInvoices.invoiceDate, query.to) : undefined,
  );
  const sortable = {
    invoiceNo: purchaseInvoices.invoiceNo,
    invoiceDate: purchaseInvoices.invoiceDate,
    dueDate: purchaseInvoices.dueDate,
    total: purchaseInvoices.total,
    supplierName: suppliers.name,
  };
  const from = () =>
    db
      .select(columns)
      .from(purchaseInvoices)
      .innerJoin(suppliers, eq(suppliers.id, purchaseInvoices.supplierId))
      .leftJoin(purchaseOrders, eq(purchaseOrders.id, purchaseInvoices.orderId));
  return pageOf(db, () => from().$dynamic(), {
    where,
    order: {
      sort: query.sort,
      sortable,
      fallback: [desc(purchaseInvoices.invoiceDate), desc(purchaseInvoices.invoiceNo)],
      tiebreak: purchaseInvoices.id,
    },
    window,
  });
}

export async function getPurchaseInvoice(db: DbOrTx, id: string): Promise<PurchaseInvoiceDetail> {
  const approver = alias(users, 'approver');
  const [row] = await db
    .select({
      ...columns,
      approvalReason: purchaseInvoices.approvalReason,
      approvedAt: purchaseInvoices.approvedAt,
      approverFirst: approver.firstName,
      approverLast: approver.lastName,
      cancelReason: purchaseInvoices.cancelReason,
      journalEntryId: purchaseInvoices.journalEntryId,
      reversalEntryId: purchaseInvoices.reversalEntryId,
    })
    .from(purchaseInvoices)
    .innerJoin(suppliers, eq(suppliers.id, purchaseInvoices.supplierId))
    .leftJoin(purchaseOrders, eq(purchaseOrders.id, purchaseInvoices.orderId))
    .leftJoin(approver, eq(approver.id, purchaseInvoices.approvedBy))
    .where(eq(purchaseInvoices.id, id));
  if (!row) throw new NotFoundError('Purchase invoice not found');
  const [lines, payments] = await Promise.all([
    db
      .select({
        lineNo: purchaseInvoiceLines.lineNo,
        orderLineId: purchaseInvoiceLines.orderLineId,
        itemId: purchaseInvoiceLines.itemId,
        itemCode: items.code,
        description: purchaseInvoiceLines.description,
        quantity: purchaseInvoiceLines.quantity,
        unitPrice: purchaseInvoiceLines.unitPrice,
        vat: purchaseInvoiceLines.vat,
        amount: purchaseInvoiceLines.amount,
        vatAmount: purchaseInvoiceLines.vatAmount,
        orderedPrice: purchaseInvoiceLines.orderedPrice,
        receivedOpen: purchaseInvoiceLines.receivedOpen,
        withinTolerance: purchaseInvoiceLines.withinTolerance,
      })
      .from(purchaseInvoiceLines)
      .innerJoin(items, eq(items.id, purchaseInvoiceLines.itemId))
      .where(eq(purchaseInvoiceLines.invoiceId, id))
      .orderBy(asc(purchaseInvoiceLines.lineNo)),
    db
      .select({
        paymentId: supplierPayments.id,
        paymentNo: supplierPayments.paymentNo,
        paymentDate: supplierPayments.paymentDate,
        amount: supplierPaymentAllocations.amount,
      })
      .from(supplierPaymentAllocations)
      .innerJoin(supplierPayments, eq(supplierPayments.id, supplierPaymentAllocations.paymentId))
      .where(and(eq(supplierPaymentAllocations.invoiceId, id), eq(supplierPayments.status, 'approved')))
      .orderBy(asc(supplierPayments.paymentDate), asc(supplierPayments.paymentNo)),
  ]);
  const { approverFirst, approverLast, approvedAt, ...rest } = row;
  return {
    ...rest,
    approvedAt: approvedAt?.toISOString() ?? null,
    approvedByName: approverFirst ? `${approverFirst} ${approverLast ?? ''}`.trim() : null,
    lines: lines.map((l) => ({
      ...l,
      priceDifference: dec(l.unitPrice).minus(dec(l.orderedPrice)).toFixed(2),
      quantityDifference: dec(l.quantity).minus(dec(l.receivedOpen)).toFixed(3),
    })),
    payments,
  };
}
