import { z } from 'zod';
import { listQuery, uuid } from '../common.ts';
import { isoDate, optionalText } from '../fields.ts';
import { stockLineBody } from './issues.ts';
import { documentLineItem, movedLineValues, stockQuantityField } from './items.ts';

export const TRANSFER_KIND_VALUES = ['to_amcos', 'from_amcos', 'to_store'] as const;
export const transferKind = z.enum(TRANSFER_KIND_VALUES);
export type TransferKind = z.infer<typeof transferKind>;
export const TRANSFER_STATUS_VALUES = ['in_transit', 'received'] as const;
export const transferStatus = z.enum(TRANSFER_STATUS_VALUES);
export type TransferStatus = z.infer<typeof transferStatus>;

export const stockTransfer = z.object({
  id: uuid,
  transferNo: z.string(),
  kind: transferKind,
  status: transferStatus,
  fromStoreId: uuid,
  fromStoreName: z.string(),
  toStoreId: uuid,
  toStoreName: z.string(),
  fromAmcosName: z.string().nullable(),
  toAmcosName: z.string().nullable(),
  dispatchedOn: z.string(),
  receivedOn: z.string().nullable(),
  lineCount: z.number(),
  totalValue: z.string(),
  receivedValue: z.string().nullable(),
  varianceValue: z.string().nullable(),
  createdAt: z.string(),
});
export type StockTransfer = z.infer<typeof stockTransfer>;

export const stockTransferLine = z.object({
  ...documentLineItem,
  ...movedLineValues,
  receivedQuantity: z.string().nullable(),
  receivedValue: z.string().nullable(),
  varianceQuantity: z.string().nullable(),
  varianceValue: z.string().nullable(),
  varianceReason: z.string().nullable(),
});
export type StockTransferLine = z.infer<typeof stockTransferLine>;

export const stockTransferDetail = stockTransfer.extend({
  fromAmcosId: uuid.nullable(),
  toAmcosId: uuid.nullable(),
  vehicle: z.string().nullable(),
  driverName: z.string().nullable(),
  remarks: z.string().nullable(),
  dispatchedByName: z.string().nullable(),
  receivedByName: z.string().nullable(),
  receiveRemarks: z.string().nullable(),
  journalEntryId: uuid.nullable(),
  journalEntryNo: z.string().nullable(),
  lines: z.array(stockTransferLine),
});
export type StockTransferDetail = z.infer<typeof stockTransferDetail>;

export const createStockTransferBody = z.object({
  kind: transferKind,
  fromStoreId: uuid,
  toStoreId: uuid,
  dispatchedOn: isoDate,
  vehicle: optionalText(30),
  driverName: optionalText(120),
  remarks: optionalText(500),
  lines: z.array(stockLineBody).min(1, 'Add at least one line'),
});
export type CreateStockTransferBody = z.infer<typeof createStockTransferBody>;

/** The receiving store counts what arrived; a short line needs its reason. */
export const receiveStockTransferBody = z.object({
  receivedOn: isoDate,
  remarks: optionalText(500),
  lines: z
    .array(
      z.object({
        lineId: uuid,
        receivedQuantity: stockQuantityField,
        varianceReason: optionalText(300),
      }),
    )
    .min(1, 'Count every line'),
});
export type ReceiveStockTransferBody = z.infer<typeof receiveStockTransferBody>;

export const stockTransferListQuery = listQuery.extend({
  kind: transferKind.optional(),
  status: transferStatus.optional(),
  store_id: uuid.optional(),
  amcos_id: uuid.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type StockTransferListQuery = z.infer<typeof stockTransferListQuery>;
