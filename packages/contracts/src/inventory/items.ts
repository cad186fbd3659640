import { z } from 'zod';
import { listQuery, queryBoolean, uuid } from '../common.ts';
import { decimalField, optionalText, requiredText } from '../fields.ts';

/** Stores catalogue (issue 13): item categories, stock items and services. */

/** A stock quantity in the item's unit, up to 3 decimals ("12.5" bags, "250.125" kg). */
export const stockQuantityField = decimalField(3, 'a quantity');
/** A unit cost up to 6 decimals. */
export const unitCostField = decimalField(6, 'a unit cost');

/** The item of a stock document line as a reply shows it (GRN, issue, transfer, an order to receive). */
export const documentLineItem = {
  id: uuid,
  lineNo: z.number(),
  itemId: uuid,
  itemCode: z.string(),
  itemName: z.string(),
  unit: z.string(),
};

/** What a stock document line moved: quantity, unit cost and value (strings), and its batch. */
export const movedLineValues = {
  quantity: z.string(),
  unitCost: z.string(),
  value: z.string(),
  batchNo: z.string().nullable(),
};

export const ITEM_KIND_VALUES = ['stock', 'service'] as const;
export const itemKind = z.enum(ITEM_KIND_VALUES);
export type ItemKind = z.infer<typeof itemKind>;

export const itemCategory = z.object({
  id: uuid,
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  itemCount: z.number(),
  createdAt: z.string(),
});
export type ItemCategory = z.infer<typeof itemCategory>;

export const itemCategoryBody = z.object({
  name: requiredText('Enter the category name', 80),
  description: optionalText(300),
  active: z.boolean().default(true),
});
export type ItemCategoryBody = z.infer<typeof itemCategoryBody>;

export const itemCategoryListQuery = listQuery.extend({ active: queryBoolean.optional() });

export const item = z.object({
  id: uuid,
  code: z.string(),
  name: z.string(),
  /** The Swahili name Swahili screens, documents and farmers' SMS use (#35); null: the one name. */
  nameSw: z.string().nullable(),
  unit: z.string(),
  categoryId: uuid.nullable(),
  categoryName: z.string().nullable(),
  kind: itemKind,
  reorderLevel: z.string(),
  tracksBatch: z.boolean(),
  inventoryAccountId: uuid.nullable(),
  inventoryAccountName: z.string().nullable(),
  expenseAccountId: uuid.nullable(),
  expenseAccountName: z.string().nullable(),
  description: z.string().nullable(),
  active: z.boolean(),
  /** Quantity and value held in all the stores the reader may see. */
  quantityOnHand: z.string(),
  valueOnHand: z.string(),
  /** On hand at or below the reorder level (stock items with a level above 0). */
  belowReorder: z.boolean(),
  createdAt: z.string(),
});
export type Item = z.infer<typeof item>;

export const itemBody = z
  .object({
    code: requiredText('Enter the item code', 30),
    name: requiredText('Enter the item name', 120),
    nameSw: optionalText(120),
    unit: requiredText('Enter the unit of measure, e.g. bag, kg, litre', 20),
    categoryId: uuid.nullish().transform((v) => v ?? null),
    kind: itemKind.default('stock'),
    reorderLevel: stockQuantityField.default('0'),
    tracksBatch: z.boolean().default(false),
    inventoryAccountId: uuid.nullish().transform((v) => v ?? null),
    expenseAccountId: uuid.nullish().transform((v) => v ?? null),
    description: optionalText(500),
    active: z.boolean().default(true),
  })
  .refine((b) => b.kind === 'stock' || !b.tracksBatch, {
    path: ['tracksBatch'],
    message: 'A service is not kept in stores: it cannot track batches',
  });
export type ItemBody = z.infer<typeof itemBody>;

export const itemListQuery = listQuery.extend({
  kind: itemKind.optional(),
  category_id: uuid.optional(),
  active: queryBoolean.optional(),
  below_reorder: queryBoolean.optional(),
});
export type ItemListQuery = z.infer<typeof itemListQuery>;

/** What the item form's selects offer: categories and the accounts of the Operation book. */
export const itemOptions = z.object({
  categories: z.array(z.object({ id: uuid, name: z.string() })),
  accounts: z.array(z.object({ id: uuid, code: z.string(), name: z.string() })),
});
export type ItemOptions = z.infer<typeof itemOptions>;
