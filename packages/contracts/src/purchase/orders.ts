import { z } from 'zod';
import { listQuery, uuid } from '../common.ts';
import { amountField, decimalField, isoDate, optionalText, requiredText } from '../fields.ts';
import { documentLineItem } from '../inventory/items.ts';

/** Purchase orders (issue 13): draft -> submitted -> approved -> partly_received -> received, or cancelled; submitted -> rejected. */

export const quantityField = decimalField(3, 'a quantity');

export const purchaseOrderStatus = z.enum([
  'draft',
  'submitted',
  'approved',
  'partly_received',
  'received',
  'cancelled',
  'rejected',
]);
export type PurchaseOrderStatus = z.infer<typeof purchaseOrderStatus>;

export const purchaseOrder = z.object({
  id: uuid,
  orderNo: z.string(),
  supplierId: uuid,
  supplierName: z.string(),
  orderDate: z.string(),
  expectedDate: z.string().nullable(),
  status: purchaseOrderStatus,
  subtotal: z.string(),
  vatTotal: z.string(),
  total: z.string(),
  createdBy: z.string().nullable(),
});
export type PurchaseOrder = z.infer<typeof purchaseOrder>;

/** What an order line, and the invoice line that bills it, price: quantity x unit price = amount, and its VAT. */
export const pricedLine = {
  description: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  vat: z.boolean(),
  amount: z.string(),
  vatAmount: z.string(),
};

export const purchaseOrderLine = z.object({
  ...documentLineItem,
  ...pricedLine,
  receivedQuantity: z.string(),
  invoicedQuantity: z.string(),
});
export type PurchaseOrderLine = z.infer<typeof purchaseOrderLine>;

export const purchaseOrderDetail = purchaseOrder.extend({
  terms: z.string().nullable(),
  remarks: z.string().nullable(),
  vatRate: z.string(),
  lines: z.array(purchaseOrderLine),
  submittedAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedByName: z.string().nullable(),
  cancelReason: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  rejectedByName: z.string().nullable(),
  rejectReason: z.string().nullable(),
});
export type PurchaseOrderDetail = z.infer<typeof purchaseOrderDetail>;

export const purchaseOrderLineInput = z.object({
  itemId: uuid,
  description: optionalText(200),
  quantity: quantityField,
  unitPrice: amountField,
  vat: z.boolean().default(false),
});
export const createPurchaseOrderBody = z.object({
  supplierId: uuid,
  orderDate: isoDate,
  expectedDate: isoDate.nullish().transform((v) => v ?? null),
  terms: optionalText(1000),
  remarks: optionalText(300),
  lines: z.array(purchaseOrderLineInput).min(1, 'Add at least one line').max(200),
});
export type CreatePurchaseOrderBody = z.input<typeof createPurchaseOrderBody>;
/** A draft is edited whole: the same shape as create. */
export const updatePurchaseOrderBody = createPurchaseOrderBody;
export const cancelPurchaseOrderBody = z.object({
  reason: requiredText('Give the reason for cancelling', 300),
});
/** The approver sends a submitted order back for good (issue 37); the reason stays on the order. */
export const rejectPurchaseOrderBody = z.object({
  reason: requiredText('Give the reason for rejecting', 300),
});
export const purchaseOrderListQuery = listQuery.extend({
  supplier_id: uuid.optional(),
  status: purchaseOrderStatus.optional(),
  /** Orders goods can still be received against (approved, partly received). */
  receivable: z.enum(['true', 'false']).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});

/** Purchasing settings: the VAT rate of new orders and the invoice match tolerances (percent). */
export const purchaseSettingsBody = z.object({
  vatRate: decimalField(2, 'a percentage'),
  priceTolerancePercent: decimalField(2, 'a percentage'),
  quantityTolerancePercent: decimalField(2, 'a percentage'),
});
export type PurchaseSettings = z.infer<typeof purchaseSettingsBody>;
