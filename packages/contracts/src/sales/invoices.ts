import { z } from 'zod';
import { listQuery, uuid, wholeNumber } from '../common.ts';
import { amountField, isoDate, kgField, optionalText, requiredText } from '../fields.ts';

/** Sales invoices, group invoices and the sales settings. */

// Sales invoices ------------------------------------------------------------------------------

export const salesInvoiceStatus = z.enum(['issued', 'part_paid', 'paid', 'cancelled']);
export type SalesInvoiceStatus = z.infer<typeof salesInvoiceStatus>;
export const salesInvoice = z.object({
  id: uuid,
  invoiceNo: z.string(),
  buyerId: uuid,
  buyerName: z.string(),
  auctionId: z.string().nullable(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  status: salesInvoiceStatus,
  subtotal: z.string(),
  leviesTotal: z.string(),
  total: z.string(),
  paidAmount: z.string(),
  balance: z.string(),
  journalEntryId: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export type SalesInvoice = z.infer<typeof salesInvoice>;
export const salesInvoiceLine = z.object({
  lineNo: z.number(),
  kind: z.enum(['lot', 'buyer_levy']),
  lotId: z.string().nullable(),
  lotNo: z.string().nullable(),
  lotStatus: z.string().nullable(),
  description: z.string(),
  kg: z.string().nullable(),
  pricePerKg: z.string().nullable(),
  amount: z.string(),
  beneficiaryName: z.string().nullable(),
});
export const salesInvoiceAllocation = z.object({
  receiptId: uuid,
  receiptNo: z.string(),
  receiptDate: z.string(),
  amount: z.string(),
});
export const salesInvoiceDetail = salesInvoice.extend({
  lines: z.array(salesInvoiceLine),
  allocations: z.array(salesInvoiceAllocation),
  reversalEntryId: z.string().nullable(),
});
export type SalesInvoiceDetail = z.infer<typeof salesInvoiceDetail>;
export const createSalesInvoiceBody = z.object({
  buyerId: uuid,
  invoiceDate: isoDate,
  dueDate: isoDate.nullish(),
  lines: z
    .array(
      z.object({
        description: requiredText('Enter what was sold', 200),
        kg: kgField,
        pricePerKg: amountField,
      }),
    )
    .min(1, 'Add at least one line')
    .max(200),
});
export const cancelSalesInvoiceBody = z.object({
  reason: requiredText('Give the reason for cancelling', 300),
});
export const salesInvoiceListQuery = listQuery.extend({
  buyer_id: uuid.optional(),
  status: salesInvoiceStatus.optional(),
  /** Only invoices with a balance (issued or part paid). */
  open: z.enum(['true', 'false']).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});

// Group invoices -------------------------------------------------------------------------------

export const groupInvoice = z.object({
  id: uuid,
  groupNo: z.string(),
  buyerId: uuid,
  buyerName: z.string(),
  groupDate: z.string(),
  dueDate: z.string(),
  total: z.string(),
  /** What is still owed on the member invoices now. */
  balance: z.string(),
  invoiceCount: z.number(),
  remarks: z.string().nullable(),
});
export type GroupInvoice = z.infer<typeof groupInvoice>;
export const groupInvoiceDetail = groupInvoice.extend({ invoices: z.array(salesInvoice) });
export type GroupInvoiceDetail = z.infer<typeof groupInvoiceDetail>;
export const createGroupInvoiceBody = z.object({
  buyerId: uuid,
  groupDate: isoDate,
  invoiceIds: z.array(uuid).min(1, 'Choose at least one invoice').max(500),
  remarks: optionalText(300),
});
export const groupInvoiceListQuery = listQuery.extend({ buyer_id: uuid.optional() });

// Settings ---------------------------------------------------------------------------------------

export const salesSettingsBody = z.object({
  invoiceDueDays: wholeNumber({ min: 0, max: 365, message: 'Enter the days as a whole number' }),
});
export type SalesSettings = z.infer<typeof salesSettingsBody>;
