import { z } from 'zod';
import { listQuery, queryBoolean, uuid } from '../common.ts';
import { kgField, optionalPhone, optionalText, requiredText } from '../fields.ts';

/** Crop delivery notes (crop-DNs): an AMCOS's pending collections on a truck to a warehouse. */
export const DELIVERY_NOTE_STATUS_VALUES = [
  'draft',
  'dispatched',
  'received',
  'receipted',
  'cancelled',
] as const;
export const deliveryNoteStatus = z.enum(DELIVERY_NOTE_STATUS_VALUES);
export type DeliveryNoteStatus = z.infer<typeof deliveryNoteStatus>;

export const deliveryNote = z.object({
  id: uuid,
  dnNo: z.string(),
  amcosId: uuid,
  amcosName: z.string(),
  seasonCropId: uuid,
  seasonCropName: z.string(),
  warehouseId: uuid,
  warehouseName: z.string(),
  transporterId: uuid,
  transporterName: z.string(),
  vehicleId: uuid.nullable(),
  vehiclePlate: z.string(),
  driverName: z.string(),
  driverPhone: z.string().nullable(),
  status: deliveryNoteStatus,
  bags: z.number(),
  netKg: z.string(),
  transportCharge: z.string().nullable(),
  /**
   * The season crop's transporter deduction rule, when one applies: it pays the carrier instead
   * of the charge (then null). `amount` is what it pays on the received kg (per-kg rules), else
   * null: the rule pays it at settlement.
   */
  transportRule: z
    .object({ name: z.string(), basis: z.string(), rate: z.string(), amount: z.string().nullable() })
    .nullable(),
  dispatchedAt: z.string().nullable(),
  receivedBags: z.number().nullable(),
  receivedKg: z.string().nullable(),
  varianceKg: z.string().nullable(),
  receivedAt: z.string().nullable(),
  receiveRemarks: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
});
export type DeliveryNote = z.infer<typeof deliveryNote>;

/** The note's collections of one grade, and how much of them is already in lots. */
export const deliveryNoteGrade = z.object({
  gradeId: uuid,
  gradeName: z.string(),
  collections: z.number(),
  bags: z.number(),
  netKg: z.string(),
  inLotKg: z.string(),
});
/** A farmer's collection as a line of a delivery note or a lot. */
export const collectionLine = z.object({
  id: uuid,
  receiptNo: z.string(),
  collectedOn: z.string(),
  farmerId: uuid,
  farmerNo: z.string(),
  farmerName: z.string(),
  bags: z.number(),
  netKg: z.string(),
  status: z.string(),
});
export const deliveryNoteCollection = collectionLine.extend({
  gradeId: uuid,
  gradeName: z.string(),
  lotId: uuid.nullable(),
  lotNo: z.string().nullable(),
});
export type DeliveryNoteCollection = z.infer<typeof deliveryNoteCollection>;
export const deliveryNoteDetail = deliveryNote.extend({
  grades: z.array(deliveryNoteGrade),
  collections: z.array(deliveryNoteCollection),
});
export type DeliveryNoteDetail = z.infer<typeof deliveryNoteDetail>;

/**
 * Which pending collections go on the note: named ones, every pending one of a grade, or the
 * oldest ones (optionally of one grade) until a kg target is reached without passing it.
 */
export const collectionSelection = z.discriminatedUnion(
  'mode',
  [
    z.object({
      mode: z.literal('explicit'),
      collectionIds: z.array(uuid).min(1, 'Choose at least one collection').max(5000),
    }),
    z.object({ mode: z.literal('grade'), gradeId: z.uuid('Choose the grade') }),
    z.object({
      mode: z.literal('target'),
      targetKg: kgField,
      gradeId: uuid.nullish().transform((v) => v ?? null),
    }),
  ],
  'Choose the collections: by list, by grade or up to a kg target',
);
export type CollectionSelection = z.infer<typeof collectionSelection>;

export const createDeliveryNoteBody = z
  .object({
    /** Union staff name the AMCOS; an AMCOS user's own society is used (and another refused). */
    amcosId: uuid.nullish().transform((v) => v ?? null),
    seasonCropId: z.uuid('Choose the season crop'),
    warehouseId: z.uuid('Choose the warehouse'),
    transporterId: z.uuid('Choose the transporter'),
    vehicleId: uuid.nullish().transform((v) => v ?? null),
    vehiclePlate: z
      .string()
      .trim()
      .toUpperCase()
      .max(12, 'At most 12 characters')
      .nullish()
      .transform((v) => (v ? v.replace(/\s+/g, ' ') : null)),
    driverName: requiredText('Enter the driver name', 80),
    driverPhone: optionalPhone,
    selection: collectionSelection,
  })
  .refine((b) => b.vehicleId || b.vehiclePlate, {
    message: 'Choose one of the transporter’s vehicles or type the plate number',
    path: ['vehiclePlate'],
  });
export type CreateDeliveryNoteBody = z.infer<typeof createDeliveryNoteBody>;

export const removeCollectionsBody = z.object({
  collectionIds: z.array(uuid).min(1, 'Choose at least one collection').max(5000),
});
export const cancelDeliveryNoteBody = z.object({ reason: requiredText('Give the reason', 300) });
export const receiveDeliveryNoteBody = z.object({
  receivedBags: z.number('Enter the bags received').int().min(1, 'Enter the bags received'),
  receivedKg: kgField.refine((v) => /[1-9]/.test(v), 'Enter the kg received'),
  remarks: optionalText(300),
  /** Receiving more than was dispatched must be confirmed. */
  confirm_over: z.boolean().optional(),
});
export type ReceiveDeliveryNoteBody = z.infer<typeof receiveDeliveryNoteBody>;

export const deliveryNoteListQuery = listQuery.extend({
  status: deliveryNoteStatus.optional(),
  amcos_id: uuid.optional(),
  season_crop_id: uuid.optional(),
  warehouse_id: uuid.optional(),
  /** Received notes with collections not yet in lots: the warehouse's work queue. */
  awaiting_lots: queryBoolean.optional(),
});
export type DeliveryNoteListQuery = z.infer<typeof deliveryNoteListQuery>;

/** Pending collections (status recorded) an AMCOS can put on a note. */
export const pendingCollectionsQuery = z.object({
  amcos_id: uuid.optional(),
  season_crop_id: z.uuid('Choose the season crop'),
  grade_id: uuid.optional(),
});
export const pendingCollection = collectionLine
  .omit({ farmerId: true, status: true })
  .extend({ gradeId: uuid, gradeName: z.string() });
export type PendingCollection = z.infer<typeof pendingCollection>;

/** What the note form offers: active transporters with their vehicles, and active warehouses. */
export const deliveryNoteOptions = z.object({
  transporters: z.array(
    z.object({
      id: uuid,
      name: z.string(),
      rateBasis: z.enum(['per_kg', 'per_trip']),
      rate: z.string(),
      vehicles: z.array(z.object({ id: uuid, plateNo: z.string() })),
    }),
  ),
  warehouses: z.array(z.object({ id: uuid, name: z.string() })),
});
export type DeliveryNoteOptions = z.infer<typeof deliveryNoteOptions>;
