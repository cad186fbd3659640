import { z } from 'zod';
import { listQuery, uuid } from '../common.ts';
import { isoDate, optionalText } from '../fields.ts';

export const releaseNote = z.object({
  id: uuid,
  releaseNo: z.string(),
  buyerId: uuid,
  buyerName: z.string(),
  warehouseId: uuid,
  warehouseName: z.string(),
  releaseDate: z.string(),
  collectorName: z.string().nullable(),
  vehiclePlate: z.string().nullable(),
  remarks: z.string().nullable(),
  lotCount: z.number(),
  totalKg: z.string(),
});
export type ReleaseNote = z.infer<typeof releaseNote>;
export const releaseNoteLot = z.object({
  lotId: uuid,
  lotNo: z.string(),
  whrNo: z.string(),
  amcosName: z.string(),
  gradeName: z.string(),
  bags: z.number(),
  netKg: z.string(),
  invoiceId: uuid,
  invoiceNo: z.string(),
});
export const releaseNoteDetail = releaseNote.extend({ lots: z.array(releaseNoteLot) });
export type ReleaseNoteDetail = z.infer<typeof releaseNoteDetail>;
export const createReleaseNoteBody = z.object({
  buyerId: uuid,
  releaseDate: isoDate,
  lotIds: z.array(uuid).min(1, 'Choose at least one lot').max(500),
  collectorName: optionalText(80),
  vehiclePlate: optionalText(20),
  remarks: optionalText(300),
});
export const releaseNoteListQuery = listQuery.extend({ buyer_id: uuid.optional() });
/** A sold lot of the buyer whose invoice is paid and that has no release note yet. */
export const releasableLot = releaseNoteLot.extend({ warehouseId: uuid, warehouseName: z.string() });
export type ReleasableLot = z.infer<typeof releasableLot>;
