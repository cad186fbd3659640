import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, kg, stamp } from '../../../db/columns.ts';
import { amcosRef } from '../../amcos/schema.ts';
import { farmerRef } from '../../farmers/schema.ts';
import { grades, seasonCropRef, seasons } from '../../seasons/schema.ts';
import { collections, weighedFigures } from '../schema.ts';

/**
 * Weighing devices (#29): a phone or laptop registered for one society, which weighs without a
 * network. Its code (`D01`...) is unique in its society and never given again; a retired device's
 * unused numbers are void and whatever it still sends is kept for review.
 */
export const weighingDevices = pgTable(
  'weighing_devices',
  {
    id: id(),
    amcosId: amcosRef(),
    code: text('code').notNull(),
    label: text('label').notNull(),
    status: text('status', { enum: ['active', 'retired'] })
      .notNull()
      .default('active'),
    registeredBy: uuid('registered_by').notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    ...stamp('retired'),
    retireReason: text('retire_reason'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    /** Receipts waiting on the device as it said at its last sync. */
    waitingReported: integer('waiting_reported').notNull().default(0),
  },
  (t) => [
    uniqueIndex('weighing_devices_code_unique').on(t.amcosId, t.code),
    check('weighing_devices_status_check', sql`${t.status} in ('active', 'retired')`),
    check('weighing_devices_waiting_check', sql`${t.waitingReported} >= 0`),
  ],
);

/** A block of receipt numbers issued to a device for one season: first..last, both included. */
export const receiptBlocks = pgTable(
  'receipt_blocks',
  {
    id: id(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => weighingDevices.id),
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id),
    firstNo: integer('first_no').notNull(),
    lastNo: integer('last_no').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Blocks of one device and season follow each other: a start is never issued twice.
    uniqueIndex('receipt_blocks_start_unique').on(t.deviceId, t.seasonId, t.firstNo),
    check('receipt_blocks_range_check', sql`${t.firstNo} >= 1 and ${t.lastNo} >= ${t.firstNo}`),
  ],
);

export const OFFLINE_RECEIPT_STATUSES = ['stored', 'needs_review', 'approved', 'voided'] as const;

/**
 * Every receipt a device sent, once (its ULID is the key a resend meets): stored as a collection
 * at once, or kept as "needs review" with the reason until the AMCOS manager approves it (then it
 * becomes its collection) or voids it. The figures are the device's, as it showed them.
 */
export const offlineReceipts = pgTable(
  'offline_receipts',
  {
    id: id(),
    clientId: text('client_id').notNull(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => weighingDevices.id),
    amcosId: amcosRef(),
    receiptNo: text('receipt_no').notNull(),
    seasonCropId: seasonCropRef(),
    farmerId: farmerRef(),
    gradeId: uuid('grade_id')
      .notNull()
      .references(() => grades.id),
    collectedOn: date('collected_on').notNull(),
    ...weighedFigures(),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull(),
    capturedBy: uuid('captured_by').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: OFFLINE_RECEIPT_STATUSES }).notNull(),
    reasonCode: text('reason_code'),
    reason: text('reason'),
    collectionId: uuid('collection_id').references(() => collections.id),
    ...stamp('reviewed'),
    reviewReason: text('review_reason'),
  },
  (t) => [
    uniqueIndex('offline_receipts_client_unique').on(t.clientId),
    index('offline_receipts_device_idx').on(t.deviceId, t.status),
    index('offline_receipts_review_idx').on(t.amcosId, t.status),
    check(
      'offline_receipts_status_check',
      sql`${t.status} in ('stored', 'needs_review', 'approved', 'voided')`,
    ),
    check(
      'offline_receipts_collection_check',
      sql`(${t.status} in ('stored', 'approved')) = (${t.collectionId} is not null)`,
    ),
  ],
);

/** A society's weighing limits: a receipt above them is kept for review. */
export const weighingLimits = pgTable('weighing_limits', {
  amcosId: amcosRef().primaryKey(),
  maxKgPerBag: kg('max_kg_per_bag'),
  maxNetKg: kg('max_net_kg'),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
