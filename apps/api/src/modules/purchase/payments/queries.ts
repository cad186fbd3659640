import type {
  BankCover,
  SupplierPayment,
  SupplierPaymentDetail,
  supplierPaymentListQuery,
} from '@ushirika/contracts';
import { and, asc, desc, eq, gte, ilike, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { likeContains, type PageWindow, pageOf } from '../../../platform/list.ts';
import { bankCoverOf } from '../../accounts/journal/bank-cover.ts';
import { accounts } from '../../accounts/schema.ts';
import { users } from '../../users/schema.ts';
import { purchaseInvoices } from '../invoices/schema.ts';
import { suppliers } from '../suppliers/schema.ts';
import { supplierPaymentAllocations, supplierPayments } from './schema.ts';

const columns = {
  id: supplierPayments.id,
  paymentNo: supplierPayments.paymentNo,
  supplierId: supplierPayments.supplierId,
  supplierName: suppliers.name,
  paymentDate: supplierPayments.paymentDate,
  bankAccountId: supplierPayments.bankAccountId,
  bankAccountName: sql<string>`${accounts.code} || ' ' || ${accounts.name}`,
  reference: supplierPayments.reference,
  amount: supplierPayments.amount,
  status: supplierPayments.status,
  createdBy: supplierPayments.createdBy,
};

export async function listSupplierPayments(
  db: DbOrTx,
  query: z.infer<typeof supplierPaymentListQuery>,
  window: PageWindow,
): Promise<{ rows: SupplierPayment[]; total: number }> {
  const pattern = query.search ? likeContains(query.search) : undefined;
  const where = and(
    pattern
      ? or(
          ilike(supplierPayments.paymentNo, pattern),
          ilike(suppliers.name, pattern),
          ilike(supplierPayments.reference, pattern),
        )
      : undefined,
    query.supplier_id ? eq(supplierPayments.supplierId, query.supplier_id) : undefined,
    query.status ? eq(supplierPayments.status, query.status) : undefined,
    query.from ? gte(supplierPayments.paymentDate, query.from) : undefined,
    query.to ? lte(supplierPayments.paymentDate, query.to) : undefined,
  );
  const sortable = {
    paymentNo: supplierPayments.paymentNo,
    paymentDate: supplierPayments.paymentDate,
    amount: supplierPayments.amount,
    supplierName: suppliers.name,
  };
  return pageOf(
    db,
    () =>
      db
        .select(columns)
        .from(supplierPayments)
        .innerJoin(suppliers, eq(suppliers.id, supplierPayments.supplierId))
        .innerJoin(accounts, eq(accounts.id, supplierPayments.bankAccountId))
        .$dynamic(),
    {
      where,
      order: {
        sort: query.sort,
        sortable,
        fallback: [desc(supplierPayments.paymentDate), desc(supplierPayments.paymentNo)],
        tiebreak: supplierPayments.id,
      },
      window,
    },
  );
}

export async function getSupplierPayment(db: DbOrTx, id: string): Promise<SupplierPaymentDetail> {
  const approver = alias(users, 'approver');
  const [row] = await db
    .select({
      ...columns,
      approvedAt: supplierPayments.approvedAt,
      approverFirst: approver.firstName,
      approverLast: approver.lastName,
      journalEntryId: supplierPayments.journalEntryId,
      cancelReason: supplierPayments.cancelReason,
    })
    .from(supplierPayments)
    .innerJoin(suppliers, eq(suppliers.id, supplierPayments.supplierId))
    .innerJoin(accounts, eq(accounts.id, supplierPayments.bankAccountId))
    .leftJoin(approver, eq(approver.id, supplierPayments.approvedBy))
    .where(eq(supplierPayments.id, id));
  if (!row) throw new NotFoundError('Supplier payment not found');
  const allocations = await db
    .select({
      invoiceId: purchaseInvoices.id,
      invoiceNo: purchaseInvoices.invoiceNo,
      supplierInvoiceNo: purchaseInvoices.supplierInvoiceNo,
      invoiceDate: purchaseInvoices.invoiceDate,
      invoiceTotal: purchaseInvoices.total,
      amount: supplierPaymentAllocations.amount,
    })
    .from(supplierPaymentAllocations)
    .innerJoin(purchaseInvoices, eq(purchaseInvoices.id, supplierPaymentAllocations.invoiceId))
    .where(eq(supplierPaymentAllocations.paymentId, id))
    .orderBy(asc(purchaseInvoices.invoiceDate), asc(purchaseInvoices.invoiceNo));
  const { approverFirst, approverLast, approvedAt, ...rest } = row;
  return {
    ...rest,
    approvedAt: approvedAt?.toISOString() ?? null,
    approvedByName: approverFirst ? `${approverFirst} ${approverLast ?? ''}`.trim() : null,
    allocations,
  };
}

/** The paying account's book balance against a payment, for its approve confirmation (#37). */
export async function supplierPaymentCover(db: DbOrTx, id: string): Promise<BankCover> {
  const [payment] = await db
    .select({ accountId: supplierPayments.bankAccountId, amount: supplierPayments.amount })
    .from(supplierPayments)
    .where(eq(supplierPayments.id, id));
  const cover = payment && (await bankCoverOf(db, payment));
  if (!cover) throw new NotFoundError('Supplier payment not found');
  return cover;
}
