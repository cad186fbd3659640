import { z } from 'zod';
import { listQuery, uuid } from './common.ts';
import { amountField, decimalField, optionalText, requiredText } from './fields.ts';

/** A standard input package per season crop: items per acre with unit prices (items are free text). */
export const boqItem = z.object({
  id: uuid,
  item: z.string(),
  unit: z.string(),
  quantityPerAcre: z.string(),
  unitPrice: z.string(),
  /** quantityPerAcre x unitPrice, to the cent. */
  costPerAcre: z.string(),
});
export const boqItemBody = z.object({
  item: requiredText('Enter the item', 80),
  unit: requiredText('Enter the unit, e.g. kg or litre', 20),
  quantityPerAcre: decimalField(3, 'the quantity per acre'),
  unitPrice: amountField,
});
export const boq = z.object({
  id: uuid,
  name: z.string(),
  seasonCropId: uuid,
  seasonName: z.string(),
  cropName: z.string(),
  notes: z.string().nullable(),
  itemCount: z.number(),
  costPerAcre: z.string(),
  createdAt: z.string(),
});
export type Boq = z.infer<typeof boq>;
export const boqDetail = boq.extend({ items: z.array(boqItem) });
export type BoqDetail = z.infer<typeof boqDetail>;
export const createBoqBody = z.object({
  name: requiredText('Enter the BOQ name'),
  seasonCropId: z.uuid('Choose the season crop'),
  notes: optionalText(500),
  items: z.array(boqItemBody).min(1, 'Add at least one item').max(100),
});
export type CreateBoqBody = z.infer<typeof createBoqBody>;
export const updateBoqBody = createBoqBody.omit({ seasonCropId: true }).partial();
export type UpdateBoqBody = z.infer<typeof updateBoqBody>;
export const boqListQuery = listQuery.extend({ season_crop_id: uuid.optional() });
