import { z } from 'zod';
import { listQuery, uuid } from '../common.ts';
import { isoDate } from '../fields.ts';

/** The item and store a ledger row or report row is about. */
const itemInStore = {
  itemId: uuid,
  itemCode: z.string(),
  itemName: z.string(),
  unit: z.string(),
  storeId: uuid,
  storeName: z.string(),
  amcosName: z.string().nullable(),
};

export const MOVEMENT_KIND_VALUES = ['receipt', 'issue', 'transfer_out', 'transfer_in', 'return'] as const;
export const movementKind = z.enum(MOVEMENT_KIND_VALUES);
export type MovementKind = z.infer<typeof movementKind>;

/** One line of the stock ledger: a movement with the item×store balance after it. */
export const stockMovement = z.object({
  id: uuid,
  movementDate: z.string(),
  ...itemInStore,
  kind: movementKind,
  /** Signed: in > 0, out < 0. */
  quantity: z.string(),
  unitCost: z.string(),
  value: z.string(),
  balanceQuantity: z.string(),
  balanceValue: z.string(),
  balanceAvgCost: z.string(),
  sourceType: z.string(),
  sourceId: uuid,
  sourceNo: z.string().nullable(),
  batchNo: z.string().nullable(),
  expiryDate: z.string().nullable(),
});
export type StockMovement = z.infer<typeof stockMovement>;

/** The filters every inventory report and the ledger take. */
export const inventoryFilters = z.object({
  item_id: uuid.optional(),
  category_id: uuid.optional(),
  store_id: uuid.optional(),
  amcos_id: uuid.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});

export const stockLedgerQuery = listQuery.extend({
  ...inventoryFilters.shape,
  kind: movementKind.optional(),
  /** `union` = union stores only, `amcos` = AMCOS stores only. */
  scope: z.enum(['union', 'amcos']).optional(),
});
export type StockLedgerQuery = z.infer<typeof stockLedgerQuery>;

export const quantityByStoreQuery = inventoryFilters.extend({
  scope: z.enum(['union', 'amcos']).optional(),
  /** As at this date (movements up to it); leave out for now. */
  to: isoDate.optional(),
  format: z.enum(['json', 'xlsx', 'pdf']).default('json'),
});
export type QuantityByStoreQuery = z.infer<typeof quantityByStoreQuery>;

export const quantityByStoreRow = z.object({
  itemId: uuid,
  itemCode: z.string(),
  itemName: z.string(),
  unit: z.string(),
  categoryName: z.string().nullable(),
  storeId: uuid,
  storeName: z.string(),
  amcosName: z.string().nullable(),
  quantity: z.string(),
  avgCost: z.string(),
  value: z.string(),
  reorderLevel: z.string(),
});
export type QuantityByStoreRow = z.infer<typeof quantityByStoreRow>;

export const quantityByStoreReply = z.object({
  data: z.array(quantityByStoreRow),
  totals: z.object({ value: z.string(), inTransitValue: z.string() }),
});
export type QuantityByStoreReply = z.infer<typeof quantityByStoreReply>;

/** Store ledger report: per item×store, opening, in, out and closing over a date range. */
export const storeLedgerQuery = inventoryFilters.extend({
  scope: z.enum(['union', 'amcos']).optional(),
  format: z.enum(['json', 'xlsx', 'pdf']).default('json'),
});
export type StoreLedgerQuery = z.infer<typeof storeLedgerQuery>;

export const storeLedgerRow = z.object({
  ...itemInStore,
  openingQuantity: z.string(),
  openingValue: z.string(),
  inQuantity: z.string(),
  inValue: z.string(),
  outQuantity: z.string(),
  outValue: z.string(),
  closingQuantity: z.string(),
  closingValue: z.string(),
});
export type StoreLedgerRow = z.infer<typeof storeLedgerRow>;

export const storeLedgerReply = z.object({
  data: z.array(storeLedgerRow),
  totals: z.object({
    openingValue: z.string(),
    inValue: z.string(),
    outValue: z.string(),
    closingValue: z.string(),
  }),
});
export type StoreLedgerReply = z.infer<typeof storeLedgerReply>;
