import { z } from 'zod';
import { uuid } from '../common.ts';
import { geoPoint } from '../fields.ts';

/**
 * Where a lot came from (#33): its delivery notes and vehicles, the farmers' collections, and the
 * farms of the farmers who delivered, each farm checked for the EU deforestation regulation's
 * geolocation file. The same answer for a sales invoice or a release note covers all their lots.
 */

export const originLot = z.object({
  id: uuid,
  whrNo: z.string(),
  lotNo: z.string(),
  amcosName: z.string(),
  cropName: z.string(),
  gradeName: z.string(),
  netKg: z.string(),
  collectedKg: z.string(),
});

export const originDeliveryNote = z.object({
  id: uuid,
  dnNo: z.string(),
  lotNo: z.string(),
  amcosName: z.string(),
  vehiclePlate: z.string(),
  driverName: z.string(),
  dispatchedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  netKg: z.string(),
});

export const originCollection = z.object({
  id: uuid,
  receiptNo: z.string(),
  collectedOn: z.string(),
  farmerId: uuid,
  farmerNo: z.string(),
  farmerName: z.string(),
  gradeName: z.string(),
  bags: z.number(),
  netKg: z.string(),
  dnNo: z.string(),
  lotNo: z.string(),
});

export const plotIssueCode = z.enum([
  'no_location',
  'ring_open',
  'too_few_corners',
  'self_intersection',
  'point_over_limit',
  'area_gap',
]);
export type PlotIssueCode = z.infer<typeof plotIssueCode>;
export const plotIssue = z.object({ code: plotIssueCode, blocking: z.boolean(), detail: z.string() });

export const originFarm = z.object({
  id: uuid,
  farmerId: uuid,
  farmerNo: z.string(),
  producerName: z.string(),
  farmName: z.string(),
  village: z.string().nullable(),
  ward: z.string().nullable(),
  district: z.string().nullable(),
  amcosName: z.string(),
  /** The farmer's kg in these lots (all the farmer's farms share it: a receipt names no farm). */
  farmerKg: z.string(),
  declaredHa: z.string(),
  measuredHa: z.string().nullable(),
  geometry: z.enum(['polygon', 'point', 'none']),
  location: geoPoint.nullable(),
  /** Stored as received (not re-validated): the checks below report what is wrong with it. */
  boundary: z
    .object({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))) })
    .nullable(),
  issues: z.array(plotIssue),
});
export type OriginFarm = z.infer<typeof originFarm>;

export const origin = z.object({
  lots: z.array(originLot),
  deliveryNotes: z.array(originDeliveryNote),
  collections: z.array(originCollection),
  farms: z.array(originFarm),
  summary: z.object({
    farmers: z.number(),
    farms: z.number(),
    collections: z.number(),
    collectedKg: z.string(),
    /** Farms whose issues keep the geolocation file from being made (unless as a draft). */
    blocking: z.number(),
    warnings: z.number(),
  }),
});
export type Origin = z.infer<typeof origin>;
export type OriginLot = z.infer<typeof originLot>;
export type OriginDeliveryNote = z.infer<typeof originDeliveryNote>;
export type OriginCollection = z.infer<typeof originCollection>;

/** `draft=true` makes the file even while blocking issues stand (to see it; not to file it). */
export const geolocationFileQuery = z.object({
  draft: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
