import { z } from 'zod';
import { listQuery, uuid } from '../common.ts';
import { farmerOption } from '../farmers.ts';
import { isoDate, kgField, requiredText } from '../fields.ts';
import { crop, moisture, seasonCrop } from '../seasons.ts';

/**
 * Weighing without a network (#29): a phone or laptop registered once for its society (a device
 * code and blocks of receipt numbers per season), the receipts it weighed offline synced later,
 * and the ones the server could not store as they were, kept for the AMCOS manager's review.
 */

/** How many numbers a block holds, and how few left make the device ask for the next one. */
export const RECEIPT_BLOCK_SIZE = 500;
export const RECEIPT_BLOCK_LOW = 100;
/**
 * Receipts one sync request carries at most (the device sends its queue in batches of this); the
 * server judges and stores them in chunks of SYNC_CHUNK, one transaction per chunk.
 */
export const SYNC_BATCH = 500;
export const SYNC_CHUNK = 100;

export const deviceStatus = z.enum(['active', 'retired']);
export type DeviceStatus = z.infer<typeof deviceStatus>;

/** A block of the device's receipt numbers for one season: `firstNo`..`lastNo`, both included. */
export const receiptBlock = z.object({
  seasonId: uuid,
  seasonName: z.string(),
  /** The year written in the number: the season's start year. */
  year: z.number(),
  firstNo: z.number(),
  lastNo: z.number(),
});
export type ReceiptBlock = z.infer<typeof receiptBlock>;

export const weighingDevice = z.object({
  id: uuid,
  amcosId: uuid,
  amcosCode: z.string(),
  amcosName: z.string(),
  /** `D01`, `D02`...: one per society, never given again (a retired device keeps its code). */
  code: z.string(),
  label: z.string(),
  status: deviceStatus,
  registeredByName: z.string().nullable(),
  registeredAt: z.string(),
  retiredAt: z.string().nullable(),
  retireReason: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  /** Receipts waiting on the device, as it said at its last sync. */
  waitingReported: z.number(),
  storedCount: z.number(),
  flaggedCount: z.number(),
  blocks: z.array(receiptBlock),
});
export type WeighingDevice = z.infer<typeof weighingDevice>;

export const registerDeviceBody = z.object({
  label: requiredText('Name this device (e.g. "Scale 1 phone")', 60),
});
export type RegisterDeviceBody = z.infer<typeof registerDeviceBody>;

export const retireDeviceBody = z.object({
  reason: requiredText('Say why the device is retired', 300),
});
export type RetireDeviceBody = z.infer<typeof retireDeviceBody>;

export const deviceListQuery = listQuery.extend({
  amcos_id: uuid.optional(),
  status: deviceStatus.optional(),
});
export type DeviceListQuery = z.infer<typeof deviceListQuery>;

/** A ULID (Crockford base 32, 26 characters): the receipt's id made on the device. */
export const clientId = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not a ULID');

const bags = z
  .number('Enter the number of bags')
  .int('Bags are counted in whole numbers')
  .min(1, 'At least 1 bag')
  .max(10_000, 'At most 10,000 bags');

/** One receipt as the device weighed it: the figures it showed, its number, its ULID. */
export const offlineReceiptInput = z.object({
  clientId,
  receiptNo: z.string().trim().min(1).max(40),
  seasonCropId: uuid,
  farmerId: uuid,
  farmerNo: z.string().trim().min(1).max(40),
  gradeId: uuid,
  collectedOn: isoDate,
  bags,
  grossKg: kgField,
  tareKg: kgField,
  /** The net the device showed and printed; the server stores it only if gross - tare is it. */
  netKg: kgField,
  moisture,
  capturedAt: z.iso.datetime({ offset: true }),
});
export type OfflineReceiptInput = z.infer<typeof offlineReceiptInput>;

/** What the device's next unused number is, per season: a block is added when few are left. */
export const nextNumber = z.object({ seasonId: uuid, next: z.number().int().min(1) });

export const syncBody = z.object({
  /** Receipts still waiting on the device after this batch (for the union's view). */
  waiting: z.number().int().min(0).max(1_000_000),
  nextNumbers: z.array(nextNumber).max(20).default([]),
  receipts: z.array(offlineReceiptInput).max(SYNC_BATCH, `At most ${SYNC_BATCH} receipts per sync`),
});
export type SyncBody = z.input<typeof syncBody>;

/** Why the server kept a receipt for review instead of storing it as a collection. */
export const FLAG_REASONS = [
  'farmer_unknown',
  'farmer_inactive',
  'farmer_moved',
  'season_closed',
  'crop_inactive',
  'grade_withdrawn',
  'date_outside_season',
  'date_in_future',
  'period_locked',
  'outside_limits',
  'moisture_too_high',
  'net_differs',
  'number_not_issued',
  'number_taken',
  'device_retired',
] as const;
export const flagReason = z.enum(FLAG_REASONS);
export type FlagReason = z.infer<typeof flagReason>;

/**
 * stored: now a collection; already_stored: sent before (what it became is in reasonCode);
 * flagged: kept for the manager's review; rejected: not kept at all (ids the server never had, or a
 * receipt another device sent): the device keeps it, with the reason, and does not send it again.
 */
export const syncOutcome = z.enum(['stored', 'already_stored', 'flagged', 'rejected']);
export type SyncOutcome = z.infer<typeof syncOutcome>;

export const syncResult = z.object({
  clientId,
  receiptNo: z.string(),
  outcome: syncOutcome,
  reasonCode: flagReason.nullable(),
  /** The reason in words (English; the device shows its own words for the code). */
  reason: z.string().nullable(),
  collectionId: uuid.nullable(),
});
export type SyncResult = z.infer<typeof syncResult>;

export const syncReply = z.object({
  data: z.object({ results: z.array(syncResult), device: weighingDevice }),
});
export type SyncReply = z.infer<typeof syncReply>;

export const offlineReceiptStatus = z.enum(['stored', 'needs_review', 'approved', 'voided']);
export type OfflineReceiptStatus = z.infer<typeof offlineReceiptStatus>;

export const offlineReceipt = z.object({
  id: uuid,
  clientId,
  receiptNo: z.string(),
  deviceId: uuid,
  deviceCode: z.string(),
  amcosId: uuid,
  amcosName: z.string(),
  farmerId: uuid,
  farmerNo: z.string(),
  farmerName: z.string(),
  seasonCropId: uuid,
  seasonName: z.string(),
  cropName: z.string(),
  gradeId: uuid,
  gradeCode: z.string(),
  collectedOn: z.string(),
  bags: z.number(),
  grossKg: z.string(),
  tareKg: z.string(),
  netKg: z.string(),
  moisture: z.string(),
  capturedAt: z.string(),
  capturedByName: z.string().nullable(),
  receivedAt: z.string(),
  status: offlineReceiptStatus,
  reasonCode: flagReason.nullable(),
  reason: z.string().nullable(),
  collectionId: uuid.nullable(),
  reviewedByName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewReason: z.string().nullable(),
});
export type OfflineReceipt = z.infer<typeof offlineReceipt>;

export const offlineReceiptListQuery = listQuery.extend({
  amcos_id: uuid.optional(),
  device_id: uuid.optional(),
  status: offlineReceiptStatus.optional(),
});
export type OfflineReceiptListQuery = z.infer<typeof offlineReceiptListQuery>;

export const reviewReceiptBody = z.object({
  reason: requiredText('Say why', 300),
});
export type ReviewReceiptBody = z.infer<typeof reviewReceiptBody>;

/** A society's weighing limits: a receipt above them is kept for review (null: no limit). */
/** A limit is a weight above zero (a zero limit would flag every receipt); null: no limit. */
const limitKg = kgField.refine((v) => /[1-9]/.test(v), 'A weighing limit must be more than 0 kg').nullable();
export const weighingLimits = z.object({
  maxKgPerBag: limitKg,
  maxNetKg: limitKg,
});
export type WeighingLimits = z.infer<typeof weighingLimits>;
export const weighingLimitsReply = z.object({ data: weighingLimits });

/** A farmer on the device: what the picker and the receipt need, the society implied. */
export const packFarmer = farmerOption.pick({
  id: true,
  farmerNo: true,
  firstName: true,
  middleName: true,
  lastName: true,
  phone: true,
  village: true,
});
export type PackFarmer = z.infer<typeof packFarmer>;

/**
 * What the device keeps to weigh offline: its society, the society's active farmers, the open
 * season's crops with their grades, prices and moisture rules, and the society's limits.
 */
export const devicePack = z.object({
  amcos: z.object({ id: uuid, code: z.string(), name: z.string() }),
  farmers: z.array(packFarmer),
  seasonCrops: z.array(seasonCrop),
  crops: z.array(crop),
  limits: weighingLimits,
  generatedAt: z.string(),
});
export type DevicePack = z.infer<typeof devicePack>;
export const devicePackReply = z.object({ data: devicePack });

export const deviceMessages = {
  registered: (code: string) => `Device ${code} registered successfully`,
  retired: (code: string) => `Device ${code} retired: its unused receipt numbers are void`,
  approved: (receiptNo: string) => `Receipt ${receiptNo} approved and stored`,
  voided: (receiptNo: string) => `Receipt ${receiptNo} voided`,
  limitsSaved: 'Weighing limits saved successfully',
  synced: 'Receipts synced',
} as const;
