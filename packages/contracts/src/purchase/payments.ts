import { z } from 'zod';
import { listQuery, uuid } from '../common.ts';
import { amountField, isoDate, optionalText, requiredText } from '../fields.ts';
import { agedBuckets, agedInvoice, agedQuery } from '../sales/reports.ts';

/** Supplier payments (issue 13): draft -> approved (posted, maker-checker) or cancelled. */

export const supplierPaymentStatus = z.enum(['draft', 'approved', 'cancelled']);
export const supplierPayment = z.object({
  id: uuid,
  paymentNo: z.string(),
  supplierId: uuid,
  supplierName: z.string(),
  paymentDate: z.string(),
  bankAccountId: uuid,
  bankAccountName: z.string(),
  reference: z.string().nullable(),
  amount: z.string(),
  status: supplierPaymentStatus,
  createdBy: z.string().nullable(),
});
export type SupplierPayment = z.infer<typeof supplierPayment>;
export const supplierPaymentDetail = supplierPayment.extend({
  allocations: z.array(
    z.object({
      invoiceId: uuid,
      invoiceNo: z.string(),
      supplierInvoiceNo: z.string(),
      invoiceDate: z.string(),
      invoiceTotal: z.string(),
      amount: z.string(),
    }),
  ),
  approvedByName: z.string().nullable(),
  approvedAt: z.string().nullable(),
  journalEntryId: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export type SupplierPaymentDetail = z.infer<typeof supplierPaymentDetail>;
export const createSupplierPaymentBody = z.object({
  supplierId: uuid,
  paymentDate: isoDate,
  /** An active bank or cash account of the Operation book. */
  bankAccountId: uuid,
  reference: optionalText(80),
  allocations: z
    .array(z.object({ invoiceId: uuid, amount: amountField }))
    .min(1, 'Choose at least one invoice to pay')
    .max(200),
});
export type CreateSupplierPaymentBody = z.input<typeof createSupplierPaymentBody>;
export const cancelSupplierPaymentBody = z.object({
  reason: requiredText('Give the reason for cancelling', 300),
});
export const supplierPaymentListQuery = listQuery.extend({
  supplier_id: uuid.optional(),
  status: supplierPaymentStatus.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});

/** The supplier aged payables report: the buyer report's buckets (0-30, 31-60, 61-90, over 90 days). */
export const supplierAgedQuery = agedQuery.extend({ supplier_id: uuid.optional() });
export const supplierAgedSummaryRow = agedBuckets.extend({
  supplierId: uuid,
  supplierName: z.string(),
  balance: z.string(),
});
export const supplierAgedDetailRow = agedInvoice.extend({
  supplierId: uuid,
  supplierName: z.string(),
  supplierInvoiceNo: z.string(),
});
export const supplierAgedReport = z.object({
  asAt: z.string(),
  summary: z.array(supplierAgedSummaryRow),
  details: z.array(supplierAgedDetailRow),
  totals: agedBuckets.extend({ balance: z.string() }),
});
export type SupplierAgedReport = z.infer<typeof supplierAgedReport>;
