import { z } from 'zod';
import { listQuery, queryBoolean, uuid } from '../common.ts';
import { optionalPhone, optionalText, requiredText } from '../fields.ts';

export const STORE_KIND_VALUES = ['union', 'amcos'] as const;
export const storeKind = z.enum(STORE_KIND_VALUES);
export type StoreKind = z.infer<typeof storeKind>;

/** A store as the document forms offer it. */
export const storeOption = z.object({
  id: uuid,
  code: z.string(),
  name: z.string(),
  kind: storeKind,
  amcosId: uuid.nullable(),
  amcosName: z.string().nullable(),
});
export type StoreOption = z.infer<typeof storeOption>;

export const store = storeOption.extend({
  location: z.string().nullable(),
  keeperName: z.string().nullable(),
  keeperPhone: z.string().nullable(),
  active: z.boolean(),
  /** Items held (quantity above 0) and their value at weighted average cost. */
  itemCount: z.number(),
  stockValue: z.string(),
  createdAt: z.string(),
});
export type Store = z.infer<typeof store>;

export const storeBody = z
  .object({
    code: requiredText('Enter the store code', 20),
    name: requiredText('Enter the store name', 120),
    kind: storeKind,
    amcosId: uuid.nullish().transform((v) => v ?? null),
    location: optionalText(200),
    keeperName: optionalText(120),
    keeperPhone: optionalPhone,
    active: z.boolean().default(true),
  })
  .refine((b) => (b.kind === 'amcos') === (b.amcosId !== null), {
    path: ['amcosId'],
    message: 'An AMCOS store names its AMCOS; a union store names none',
  });
export type StoreBody = z.infer<typeof storeBody>;

export const storeListQuery = listQuery.extend({
  kind: storeKind.optional(),
  amcos_id: uuid.optional(),
  active: queryBoolean.optional(),
});
export type StoreListQuery = z.infer<typeof storeListQuery>;

/** One item's stock in a store, for the document forms (what can be issued or sent). */
export const storeStock = z.object({
  itemId: uuid,
  itemCode: z.string(),
  itemName: z.string(),
  unit: z.string(),
  tracksBatch: z.boolean(),
  quantity: z.string(),
  avgCost: z.string(),
  value: z.string(),
});
export type StoreStock = z.infer<typeof storeStock>;
