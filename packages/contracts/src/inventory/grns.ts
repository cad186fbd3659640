import { z } from 'zod';
import { listQuery, uuid } from '../common.ts';
import { isoDate, optionalText } from '../fields.ts';
import { documentLineItem, movedLineValues, stockQuantityField, unitCostField } from './items.ts';

/** Goods received notes: against an approved purchase order (grn) or direct (grn2). */
export const GRN_KIND_VALUES = ['order', 'direct'] as const;
export const grnKind = z.enum(GRN_KIND_VALUES);
export type GrnKind = z.infer<typeof grnKind>;

export const grn = z.object({
  id: uuid,
  grnNo: z.string(),
  kind: grnKind,
  orderId: uuid.nullable(),
  orderNo: z.string().nullable(),
  supplierId: uuid.nullable(),
  supplierName: z.string().nullable(),
  storeId: uuid,
  storeName: z.string(),
  amcosId: uuid.nullable(),
  amcosName: z.string().nullable(),
  receivedOn: z.string(),
  supplierRef: z.string().nullable(),
  lineCount: z.number(),
  totalValue: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type Grn = z.infer<typeof grn>;

export const grnLine = z.object({
  ...documentLineItem,
  orderLineId: uuid.nullable(),
  ...movedLineValues,
  expiryDate: z.string().nullable(),
});
export type GrnLine = z.infer<typeof grnLine>;

export const grnDetail = grn.extend({
  remarks: z.string().nullable(),
  journalEntryId: uuid.nullable(),
  journalEntryNo: z.string().nullable(),
  lines: z.array(grnLine),
});
export type GrnDetail = z.infer<typeof grnDetail>;

const grnLineBody = z.object({
  itemId: uuid,
  quantity: stockQuantityField,
  batchNo: optionalText(60),
  expiryDate: isoDate.nullish().transform((v) => v ?? null),
});

/** grn2: goods without an order, at the unit cost the store keeper enters. */
export const createDirectGrnBody = z.object({
  storeId: uuid,
  supplierId: uuid.nullish().transform((v) => v ?? null),
  receivedOn: isoDate,
  supplierRef: optionalText(60),
  remarks: optionalText(500),
  lines: z.array(grnLineBody.extend({ unitCost: unitCostField })).min(1, 'Add at least one line'),
});
export type CreateDirectGrnBody = z.infer<typeof createDirectGrnBody>;

/** grn: goods against an approved order, valued at the order line's price net of VAT. */
export const createOrderGrnBody = z.object({
  orderId: uuid,
  storeId: uuid,
  receivedOn: isoDate,
  supplierRef: optionalText(60),
  remarks: optionalText(500),
  lines: z
    .array(grnLineBody.omit({ itemId: true }).extend({ orderLineId: uuid }))
    .min(1, 'Receive at least one line of the order'),
});
export type CreateOrderGrnBody = z.infer<typeof createOrderGrnBody>;

export const grnListQuery = listQuery.extend({
  kind: grnKind.optional(),
  store_id: uuid.optional(),
  amcos_id: uuid.optional(),
  order_id: uuid.optional(),
  supplier_id: uuid.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type GrnListQuery = z.infer<typeof grnListQuery>;

/** An approved order as the GRN form shows it: what is left to receive per line. */
export const receivableOrder = z.object({
  id: uuid,
  orderNo: z.string(),
  supplierId: uuid,
  supplierName: z.string(),
  status: z.string(),
  lines: z.array(
    z.object({
      ...documentLineItem,
      tracksBatch: z.boolean(),
      quantity: z.string(),
      receivedQuantity: z.string(),
      remainingQuantity: z.string(),
      unitPrice: z.string(),
    }),
  ),
});
export type ReceivableOrder = z.infer<typeof receivableOrder>;
