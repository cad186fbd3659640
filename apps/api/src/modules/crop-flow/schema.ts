import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { authorship, cancellation, id, kg, money, stamp, timestamps } from '../../db/columns.ts';
import { openingImports } from '../accounts/opening/schema.ts';
import { amcosRef } from '../amcos/schema.ts';
import { farmerRef } from '../farmers/schema.ts';
import { grades, seasonCropRef } from '../seasons/schema.ts';
import { transporters, vehicles } from '../transporters/schema.ts';
import { warehouseRef } from '../warehouses/schema.ts';

/**
 * Crop flow: a farmer's delivery at the AMCOS (collection) goes onto a crop delivery note when a
 * truck leaves, and the warehouse turns received notes into lots (warehouse receipts). Each
 * collection keeps the note and the lot it went into, so a lot's money can be paid back to the
 * farmers who grew it.
 */

export const COLLECTION_STATUSES = [
  'recorded',
  'in_delivery',
  'in_lot',
  'sold',
  'paid',
  'cancelled',
] as const;
export const DELIVERY_NOTE_STATUSES = ['draft', 'dispatched', 'received', 'receipted', 'cancelled'] as const;
export const LOT_STATUSES = ['in_store', 'catalogued', 'sold', 'released'] as const;

export const deliveryNotes = pgTable(
  'delivery_notes',
  {
    id: id(),
    dnNo: text('dn_no').notNull(),
    amcosId: amcosRef(),
    seasonCropId: seasonCropRef(),
    warehouseId: warehouseRef(),
    transporterId: uuid('transporter_id')
      .notNull()
      .references(() => transporters.id),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id),
    vehiclePlate: text('vehicle_plate').notNull(),
    driverName: text('driver_name').notNull(),
    driverPhone: text('driver_phone'),
    status: text('status', { enum: DELIVERY_NOTE_STATUSES }).notNull().default('draft'),
    /** Totals of the collections on the note, kept with it so lists need no join. */
    bags: integer('bags').notNull().default(0),
    netKg: kg('net_kg').notNull().default('0'),
    /** Transport charge from the transporter's rate at dispatch; settlement pays it. */
    transportCharge: money('transport_charge'),
    ...stamp('dispatched'),
    receivedBags: integer('received_bags'),
    receivedKg: kg('received_kg'),
    /** received - dispatched; negative is a loss in transit. */
    varianceKg: kg('variance_kg'),
    ...stamp('received'),
    receiveRemarks: text('receive_remarks'),
    cancelReason: text('cancel_reason'),
    ...authorship(),
  },
  (t) => [
    uniqueIndex('delivery_notes_dn_no_unique').on(t.dnNo),
    index('delivery_notes_amcos_idx').on(t.amcosId, t.createdAt),
    index('delivery_notes_status_idx').on(t.status, t.warehouseId),
    check(
      'delivery_notes_status_check',
      sql`${t.status} in ('draft', 'dispatched', 'received', 'receipted', 'cancelled')`,
    ),
    check('delivery_notes_totals_check', sql`${t.bags} >= 0 and ${t.netKg} >= 0`),
    check(
      'delivery_notes_received_check',
      sql`${t.receivedKg} is null or (${t.receivedKg} >= 0 and ${t.receivedBags} >= 0)`,
    ),
  ],
);

/** A warehouse receipt (WHR): one lot of one AMCOS, season crop and grade, with its quality certificate. */
export const lots = pgTable(
  'lots',
  {
    id: id(),
    whrNo: text('whr_no').notNull(),
    lotNo: text('lot_no').notNull(),
    warehouseId: warehouseRef(),
    amcosId: amcosRef(),
    seasonCropId: seasonCropRef(),
    gradeId: uuid('grade_id')
      .notNull()
      .references(() => grades.id),
    bags: integer('bags').notNull(),
    /** Weighed at the warehouse: what is sold. */
    netKg: kg('net_kg').notNull(),
    /** Sum of the farmers' collections in the lot: what farmers are paid on. Differs by the transit variance. */
    collectedKg: kg('collected_kg').notNull(),
    status: text('status', { enum: LOT_STATUSES }).notNull().default('in_store'),
    certificateNo: text('certificate_no'),
    moisture: numeric('moisture', { precision: 5, scale: 2 }),
    outturn: numeric('outturn', { precision: 6, scale: 2 }),
    nutCount: integer('nut_count'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issuedBy: uuid('issued_by'),
    /** A lot already in the warehouse at go-live (#36), brought in by this opening import. */
    openingImportId: uuid('opening_import_id').references(() => openingImports.id),
    /** An opening lot whose farmers the union does not know: it has no collections to settle. */
    withoutFarmerDetail: boolean('without_farmer_detail').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('lots_whr_no_unique').on(t.whrNo),
    index('lots_opening_idx').on(t.openingImportId).where(sql`${t.openingImportId} is not null`),
    uniqueIndex('lots_lot_no_unique').on(t.warehouseId, t.lotNo),
    index('lots_status_idx').on(t.status, t.seasonCropId),
    index('lots_amcos_idx').on(t.amcosId, t.status),
    check('lots_status_check', sql`${t.status} in ('in_store', 'catalogued', 'sold', 'released')`),
    check('lots_quantities_check', sql`${t.bags} > 0 and ${t.netKg} > 0 and ${t.collectedKg} > 0`),
    check('lots_moisture_check', sql`${t.moisture} is null or ${t.moisture} between 0 and 100`),
  ],
);

/** Which received delivery notes a lot was made from, and how much of each. */
export const lotSources = pgTable(
  'lot_sources',
  {
    lotId: uuid('lot_id')
      .notNull()
      .references(() => lots.id),
    deliveryNoteId: uuid('delivery_note_id')
      .notNull()
      .references(() => deliveryNotes.id),
    bags: integer('bags').notNull(),
    netKg: kg('net_kg').notNull(),
    collectedKg: kg('collected_kg').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.lotId, t.deliveryNoteId] }),
    index('lot_sources_delivery_note_idx').on(t.deliveryNoteId),
  ],
);

/** A weighing's figures, as the clerk or the device recorded them: bags, kg gross, tare and net, moisture. */
export const weighedFigures = () => ({
  bags: integer('bags').notNull(),
  grossKg: kg('gross_kg').notNull(),
  tareKg: kg('tare_kg').notNull(),
  netKg: kg('net_kg').notNull(),
  moisture: numeric('moisture', { precision: 5, scale: 2 }).notNull(),
});

export const collections = pgTable(
  'collections',
  {
    id: id(),
    receiptNo: text('receipt_no').notNull(),
    collectedOn: date('collected_on').notNull(),
    seasonCropId: seasonCropRef(),
    amcosId: amcosRef(),
    farmerId: farmerRef(),
    gradeId: uuid('grade_id')
      .notNull()
      .references(() => grades.id),
    ...weighedFigures(),
    /** Above the season crop's maximum, accepted because the setting flags rather than refuses. */
    moistureFlagged: boolean('moisture_flagged').notNull().default(false),
    status: text('status', { enum: COLLECTION_STATUSES }).notNull().default('recorded'),
    deliveryNoteId: uuid('delivery_note_id').references(() => deliveryNotes.id),
    lotId: uuid('lot_id').references(() => lots.id),
    ...cancellation(),
    ...authorship(),
  },
  (t) => [
    uniqueIndex('collections_receipt_no_unique').on(t.receiptNo),
    index('collections_amcos_idx').on(t.amcosId, t.collectedOn, t.id),
    index('collections_farmer_idx').on(t.farmerId, t.collectedOn),
    // Partial: a weighing starts on no note and in no lot, so a save adds no entry to these two.
    index('collections_delivery_note_idx').on(t.deliveryNoteId).where(sql`${t.deliveryNoteId} is not null`),
    index('collections_lot_idx').on(t.lotId).where(sql`${t.lotId} is not null`),
    /** The AMCOS stock: its pending collections, summed from the index alone. */
    index('collections_pending_idx')
      .on(t.amcosId, t.seasonCropId, t.gradeId)
      .where(sql`${t.status} = 'recorded'`),
    check(
      'collections_status_check',
      sql`${t.status} in ('recorded', 'in_delivery', 'in_lot', 'sold', 'paid', 'cancelled')`,
    ),
    check('collections_net_check', sql`${t.netKg} = ${t.grossKg} - ${t.tareKg}`),
    check('collections_weights_check', sql`${t.tareKg} >= 0 and ${t.netKg} > 0 and ${t.bags} > 0`),
    check('collections_moisture_check', sql`${t.moisture} between 0 and 100`),
  ],
);
