import type { SupplierDetail } from '@ushirika/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { getOrNotFound } from '../../../platform/catalog.ts';
import { purchaseInvoices } from '../invoices/schema.ts';
import { purchaseOrders } from '../orders/schema.ts';
import { supplierResource } from './suppliers.ts';

const OPEN_ORDER = ['draft', 'submitted', 'approved', 'partly_received'] as const;

/** The supplier with its orders still open and its latest invoices (200 at most). */
export async function getSupplierDetail(db: DbOrTx, id: string): Promise<SupplierDetail> {
  const found = await getOrNotFound(supplierResource, db, id);
  const [openOrders, invoices] = await Promise.all([
    db
      .select({
        id: purchaseOrders.id,
        orderNo: purchaseOrders.orderNo,
        orderDate: purchaseOrders.orderDate,
        status: purchaseOrders.status,
        total: purchaseOrders.total,
      })
      .from(purchaseOrders)
      .where(and(eq(purchaseOrders.supplierId, id), inArray(purchaseOrders.status, [...OPEN_ORDER])))
      .orderBy(desc(purchaseOrders.orderDate), desc(purchaseOrders.orderNo)),
    db
      .select({
        id: purchaseInvoices.id,
        invoiceNo: purchaseInvoices.invoiceNo,
        supplierInvoiceNo: purchaseInvoices.supplierInvoiceNo,
        invoiceDate: purchaseInvoices.invoiceDate,
        dueDate: purchaseInvoices.dueDate,
        status: purchaseInvoices.status,
        total: purchaseInvoices.total,
        balance: sql<string>`(case when ${purchaseInvoices.status} in ('open', 'part_paid')
          then ${purchaseInvoices.total} - ${purchaseInvoices.paidAmount} else 0 end)::numeric(16,2)::text`,
      })
      .from(purchaseInvoices)
      .where(eq(purchaseInvoices.supplierId, id))
      .orderBy(desc(purchaseInvoices.invoiceDate), desc(purchaseInvoices.invoiceNo))
      .limit(200),
  ]);
  return { ...found, openOrders, invoices };
}
