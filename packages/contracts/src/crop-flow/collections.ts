import { z } from 'zod';
import { listQuery, uuid } from '../common.ts';
import { compareDecimals, isoDate, kgField, requiredText } from '../fields.ts';
import { moisture } from '../seasons.ts';

/**
 * Collections: a farmer's crop weighed in at the AMCOS. Kg travel as strings with up to 3
 * decimals, moisture with up to 2; never JS numbers.
 */
export const collectionStatus = z.enum(['recorded', 'in_delivery', 'in_lot', 'sold', 'paid', 'cancelled']);
export type CollectionStatus = z.infer<typeof collectionStatus>;

const bags = z
  .number('Enter the number of bags')
  .int('Bags are counted in whole numbers')
  .min(1, 'At least 1 bag')
  .max(10_000, 'At most 10,000 bags');

/** The weights of one weighing; the tare must be less than the gross so the net is above 0. */
const weighing = {
  gradeId: z.uuid('Choose the grade'),
  collectedOn: isoDate,
  bags,
  grossKg: kgField,
  tareKg: kgField,
  moisture,
};

const tareBelowGross = (w: { grossKg?: string; tareKg?: string }) =>
  w.grossKg === undefined || w.tareKg === undefined || compareDecimals(w.tareKg, w.grossKg) < 0;
const tareMessage = { message: 'The tare must be less than the gross weight', path: ['tareKg'] };

/**
 * Records one farmer's delivery. The farmer is named by id or by farmer number (what the clerk
 * types); the AMCOS is the farmer's. `collectedOn` defaults to today.
 */
export const recordCollectionBody = z
  .object({
    farmerId: uuid.nullish(),
    farmerNo: z.string().trim().max(40).nullish(),
    seasonCropId: z.uuid('Choose the season crop'),
    ...weighing,
    collectedOn: isoDate.nullish(),
  })
  .refine((b) => Boolean(b.farmerId || b.farmerNo), {
    message: 'Enter the farmer number',
    path: ['farmerNo'],
  })
  .refine(tareBelowGross, tareMessage);
export type RecordCollectionBody = z.input<typeof recordCollectionBody>;

/** Corrections while the collection is still at the AMCOS (status recorded). Farmer and season crop stay. */
export const updateCollectionBody = z.object(weighing).partial().refine(tareBelowGross, tareMessage);
export type UpdateCollectionBody = z.input<typeof updateCollectionBody>;

export const cancelCollectionBody = z.object({
  reason: requiredText('Say why the collection is cancelled', 300),
});
export type CancelCollectionBody = z.infer<typeof cancelCollectionBody>;

export const collection = z.object({
  id: uuid,
  receiptNo: z.string(),
  collectedOn: z.string(),
  seasonCropId: uuid,
  seasonName: z.string(),
  cropName: z.string(),
  amcosId: uuid,
  amcosCode: z.string(),
  amcosName: z.string(),
  farmerId: uuid,
  farmerNo: z.string(),
  farmerName: z.string(),
  farmerPhone: z.string().nullable(),
  gradeId: uuid,
  gradeCode: z.string(),
  gradeName: z.string(),
  bags: z.number(),
  grossKg: z.string(),
  tareKg: z.string(),
  netKg: z.string(),
  moisture: z.string(),
  moistureFlagged: z.boolean(),
  status: collectionStatus,
  deliveryNoteId: uuid.nullable(),
  lotId: uuid.nullable(),
  cancelReason: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type Collection = z.infer<typeof collection>;

export const collectionListQuery = listQuery.extend({
  amcos_id: uuid.optional(),
  season_crop_id: uuid.optional(),
  grade_id: uuid.optional(),
  farmer_id: uuid.optional(),
  status: collectionStatus.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type CollectionListQuery = z.infer<typeof collectionListQuery>;

/** `?format=80mm` prints on a thermal roll; the default is A5. */
export const collectionReceiptQuery = z.object({ format: z.enum(['a5', '80mm']).default('a5') });

/**
 * The AMCOS stock of one season crop and grade: what was collected minus what went onto delivery
 * notes. `stock*` are the collections still at the AMCOS (status recorded); `inTransit*` are on
 * dispatched delivery notes not yet received at the warehouse.
 */
export const stockRow = z.object({
  amcosId: uuid,
  amcosCode: z.string(),
  amcosName: z.string(),
  seasonCropId: uuid,
  seasonName: z.string(),
  cropName: z.string(),
  gradeId: uuid,
  gradeCode: z.string(),
  gradeName: z.string(),
  collectedBags: z.number(),
  collectedKg: z.string(),
  deliveredKg: z.string(),
  stockCount: z.number(),
  stockBags: z.number(),
  stockKg: z.string(),
  inTransitBags: z.number(),
  inTransitKg: z.string(),
});
export type StockRow = z.infer<typeof stockRow>;

export const stockQuery = z.object({
  amcos_id: uuid.optional(),
  season_crop_id: uuid.optional(),
});
export type StockQuery = z.infer<typeof stockQuery>;
export const stockReply = z.object({
  data: z.array(stockRow),
  totals: z.object({
    stockBags: z.number(),
    stockKg: z.string(),
    inTransitKg: z.string(),
    collectedKg: z.string(),
  }),
});
export type StockReply = z.infer<typeof stockReply>;

/** Stable message texts the web app and tests rely on. */
export const collectionMessages = {
  recorded: (receiptNo: string) => `Collection ${receiptNo} recorded successfully`,
  updated: 'Collection updated successfully',
  cancelled: 'Collection cancelled successfully',
} as const;
