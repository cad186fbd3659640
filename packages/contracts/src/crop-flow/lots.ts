import { z } from 'zod';
import { listQuery, uuid } from '../common.ts';
import { compareDecimals, decimalField, isAboveZero, kgField, optionalText } from '../fields.ts';
import { collectionLine } from './delivery-notes.ts';

/** Warehouse receipts (WHR), one per lot: what the auction sells and settlement pays farmers from. */
export const LOT_STATUS_VALUES = ['in_store', 'catalogued', 'sold', 'released'] as const;
export const lotStatus = z.enum(LOT_STATUS_VALUES);
export type LotStatus = z.infer<typeof lotStatus>;

export const lot = z.object({
  id: uuid,
  whrNo: z.string(),
  lotNo: z.string(),
  warehouseId: uuid,
  warehouseName: z.string(),
  amcosId: uuid,
  amcosName: z.string(),
  seasonCropId: uuid,
  seasonCropName: z.string(),
  gradeId: uuid,
  gradeName: z.string(),
  bags: z.number(),
  /** Weighed at the warehouse: what is sold. */
  netKg: z.string(),
  /** The farmers' collections in the lot: what farmers are paid on. */
  collectedKg: z.string(),
  status: lotStatus,
  certificateNo: z.string().nullable(),
  moisture: z.string().nullable(),
  outturn: z.string().nullable(),
  nutCount: z.number().nullable(),
  issuedAt: z.string(),
  /** Brought in by the go-live's opening crop lots import (#36), not issued from delivery notes here. */
  opening: z.boolean(),
  /** An opening lot whose farmers were not known: it cannot be settled to farmers. */
  withoutFarmerDetail: z.boolean(),
});
export type Lot = z.infer<typeof lot>;

export const lotSource = z.object({
  deliveryNoteId: uuid,
  dnNo: z.string(),
  bags: z.number(),
  netKg: z.string(),
  collectedKg: z.string(),
});
export const lotCollection = collectionLine.extend({ dnNo: z.string() });
export const lotDetail = lot.extend({ sources: z.array(lotSource), collections: z.array(lotCollection) });
export type LotDetail = z.infer<typeof lotDetail>;

const percent = (label: string) =>
  decimalField(2, label)
    .refine((v) => compareDecimals(v, '100') <= 0, 'At most 100')
    .nullish()
    .transform((v) => v ?? null);

export const lotCertificate = z.object({
  certificateNo: optionalText(40),
  moisture: percent('the moisture %'),
  outturn: decimalField(2, 'the outturn (KOR)')
    .nullish()
    .transform((v) => v ?? null),
  nutCount: z
    .number('Enter the nut count')
    .int()
    .min(0)
    .nullish()
    .transform((v) => v ?? null),
});
export const issueLotLine = lotCertificate.extend({
  bags: z.number('Enter the bags').int().min(1, 'A lot has at least one bag'),
  netKg: kgField.refine(isAboveZero, 'Enter the lot weight'),
});
export type IssueLotLine = z.infer<typeof issueLotLine>;

/**
 * Lots of one grade from received notes of one AMCOS, season crop and warehouse. The notes'
 * collections of that grade are shared out to the lots in order (see docs/DECISIONS.md).
 */
export const issueLotsBody = z.object({
  deliveryNoteIds: z.array(uuid).min(1, 'Choose at least one received delivery note').max(50),
  gradeId: z.uuid('Choose the grade'),
  lots: z.array(issueLotLine).min(1, 'Add at least one lot').max(50, 'At most 50 lots at a time'),
});
export type IssueLotsBody = z.infer<typeof issueLotsBody>;
export const updateLotCertificateBody = lotCertificate;

export const lotListQuery = listQuery.extend({
  status: lotStatus.optional(),
  warehouse_id: uuid.optional(),
  amcos_id: uuid.optional(),
  grade_id: uuid.optional(),
  season_crop_id: uuid.optional(),
});
export type LotListQuery = z.infer<typeof lotListQuery>;

/** A received note's collections of one grade not yet in lots: what lots can still be made of. */
export const awaitingLotRow = z.object({
  deliveryNoteId: uuid,
  dnNo: z.string(),
  amcosId: uuid,
  amcosName: z.string(),
  seasonCropId: uuid,
  seasonCropName: z.string(),
  warehouseId: uuid,
  warehouseName: z.string(),
  gradeId: uuid,
  gradeName: z.string(),
  receivedAt: z.string().nullable(),
  collections: z.number(),
  bags: z.number(),
  /** Farmers' kg of the grade on the note still outside lots. */
  collectedKg: z.string(),
  /** The grade's share of the warehouse weight still outside lots. */
  warehouseKg: z.string(),
});
export type AwaitingLotRow = z.infer<typeof awaitingLotRow>;
export const awaitingLotsQuery = z.object({
  warehouse_id: uuid.optional(),
  amcos_id: uuid.optional(),
});
