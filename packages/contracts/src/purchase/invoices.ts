import { z } from 'zod';
import { listQuery, uuid } from '../common.ts';
import { amountField, isoDate, requiredText } from '../fields.ts';
import { pricedLine, quantityField } from './orders.ts';

/**
 * Purchase invoices (issue 13), matched three ways: each line against its order line's price and
 * against what the GRNs received and earlier invoices have not billed. Within the tolerances the
 * invoice posts at once (open); beyond them it waits for an approval with a reason.
 */
export const purchaseInvoiceStatus = z.enum(['awaiting_approval', 'open', 'part_paid', 'paid', 'cancelled']);
export type PurchaseInvoiceStatus = z.infer<typeof purchaseInvoiceStatus>;

export const purchaseInvoice = z.object({
  id: uuid,
  invoiceNo: z.string(),
  supplierInvoiceNo: z.string(),
  supplierId: uuid,
  supplierName: z.string(),
  /** Null for an opening invoice of the old books (#36). */
  orderId: uuid.nullable(),
  orderNo: z.string().nullable(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  status: purchaseInvoiceStatus,
  /** True when a line is beyond the price or quantity tolerance. */
  mismatch: z.boolean(),
  subtotal: z.string(),
  vatTotal: z.string(),
  total: z.string(),
  paidAmount: z.string(),
  balance: z.string(),
  createdBy: z.string().nullable(),
});
export type PurchaseInvoice = z.infer<typeof purchaseInvoice>;

export const purchaseInvoiceLine = z.object({
  lineNo: z.number(),
  orderLineId: uuid,
  itemId: uuid,
  itemCode: z.string(),
  ...pricedLine,
  /** The order line's unit price and what was received but not invoiced when the invoice was entered. */
  orderedPrice: z.string(),
  receivedOpen: z.string(),
  /** Invoice price - order price; invoice quantity - received and not yet invoiced. */
  priceDifference: z.string(),
  quantityDifference: z.string(),
  withinTolerance: z.boolean(),
});
export const purchaseInvoiceDetail = purchaseInvoice.extend({
  lines: z.array(purchaseInvoiceLine),
  approvalReason: z.string().nullable(),
  approvedByName: z.string().nullable(),
  approvedAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  journalEntryId: z.string().nullable(),
  reversalEntryId: z.string().nullable(),
  payments: z.array(
    z.object({ paymentId: uuid, paymentNo: z.string(), paymentDate: z.string(), amount: z.string() }),
  ),
});
export type PurchaseInvoiceDetail = z.infer<typeof purchaseInvoiceDetail>;

export const createPurchaseInvoiceBody = z.object({
  orderId: uuid,
  supplierInvoiceNo: requiredText("Enter the supplier's invoice number", 40),
  invoiceDate: isoDate,
  /** Default: the invoice date + the supplier's payment terms. */
  dueDate: isoDate.nullish().transform((v) => v ?? null),
  lines: z
    .array(z.object({ orderLineId: uuid, quantity: quantityField, unitPrice: amountField }))
    .min(1, 'Add at least one line')
    .max(200),
});
export type CreatePurchaseInvoiceBody = z.input<typeof createPurchaseInvoiceBody>;
export const approvePurchaseInvoiceBody = z.object({
  reason: requiredText('Give the reason the differences are accepted', 300),
});
export const cancelPurchaseInvoiceBody = z.object({
  reason: requiredText('Give the reason for cancelling', 300),
});
export const purchaseInvoiceListQuery = listQuery.extend({
  supplier_id: uuid.optional(),
  order_id: uuid.optional(),
  status: purchaseInvoiceStatus.optional(),
  /** Only invoices with a balance to pay (open, part paid). */
  open: z.enum(['true', 'false']).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
