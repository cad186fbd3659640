import { z } from 'zod';
import { listQuery, uuid, wholeNumber } from './common.ts';
import {
  acresField,
  bankAccountFields,
  geoPoint,
  geoPolygon,
  isoDate,
  optionalPhone,
  optionalText,
  recordStatus,
  requiredText,
} from './fields.ts';
import { gender } from './users.ts';

/** NIDA numbers have 20 digits, often written YYYYMMDD-NNNNN-NNNNN-NN; stored as digits only. */
export const nationalId = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^(\d{20})?$/, 'A national ID (NIDA) has 20 digits'))
  .nullish()
  .transform((v) => (v ? v : null));

export const farm = z.object({
  id: uuid,
  farmerId: uuid,
  name: z.string(),
  cropId: uuid.nullable(),
  cropName: z.string().nullable(),
  acres: z.string(),
  trees: z.number().nullable(),
  location: geoPoint.nullable(),
  boundary: geoPolygon.nullable(),
});
export type Farm = z.infer<typeof farm>;

export const farmBody = z.object({
  name: requiredText('Enter the farm name', 80),
  cropId: uuid.nullish().transform((v) => v ?? null),
  acres: acresField,
  trees: z
    .number()
    .int('Trees are counted in whole numbers')
    .min(0)
    .max(1_000_000)
    .nullish()
    .transform((v) => v ?? null),
  location: geoPoint.nullish().transform((v) => v ?? null),
  boundary: geoPolygon.nullish().transform((v) => v ?? null),
});
export type FarmBody = z.input<typeof farmBody>;
export const updateFarmBody = farmBody.partial();

export const farmer = z.object({
  id: uuid,
  farmerNo: z.string(),
  amcosId: uuid,
  amcosCode: z.string(),
  amcosName: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  gender,
  dateOfBirth: z.string().nullable(),
  nationalId: z.string().nullable(),
  phone: z.string().nullable(),
  bankId: uuid.nullable(),
  bankName: z.string().nullable(),
  accountNo: z.string().nullable(),
  village: z.string().nullable(),
  status: recordStatus,
  farmCount: z.number(),
  totalAcres: z.string(),
  createdAt: z.string(),
});
export type Farmer = z.infer<typeof farmer>;
export const farmerDetail = farmer.extend({ farms: z.array(farm) });
export type FarmerDetail = z.infer<typeof farmerDetail>;

const farmerFields = {
  firstName: requiredText('Enter the first name', 60),
  middleName: optionalText(60),
  lastName: requiredText('Enter the last name', 60),
  gender: gender,
  dateOfBirth: isoDate.nullish().transform((v) => v ?? null),
  nationalId,
  phone: optionalPhone,
  ...bankAccountFields,
  village: optionalText(60),
};

/** An AMCOS user's farmer always belongs to their own society; union staff choose the AMCOS. */
export const createFarmerBody = z.object({
  amcosId: uuid.nullish().transform((v) => v ?? null),
  ...farmerFields,
  farms: z.array(farmBody).max(20).default([]),
});
export type CreateFarmerBody = z.input<typeof createFarmerBody>;
export const updateFarmerBody = z.object({ ...farmerFields, status: recordStatus }).partial();
export type UpdateFarmerBody = z.infer<typeof updateFarmerBody>;

export const farmerListQuery = listQuery.extend({
  amcos_id: uuid.optional(),
  status: recordStatus.optional(),
  gender: gender.optional(),
  village: z.string().trim().max(60).optional(),
});
export type FarmerListQuery = z.infer<typeof farmerListQuery>;

/**
 * The farmer picker's search (#27): a farmer number, a name or a phone as typed, answered with the
 * few best matches (never a 404: no match is an empty list). `amcos_id` narrows a union user's
 * search to one society; an AMCOS user's own society always bounds it.
 */
export const farmerSearchQuery = z.object({
  q: z.string().trim().min(1, 'Type a farmer number, name or phone').max(60),
  amcos_id: uuid.optional(),
  status: recordStatus.optional(),
  limit: wholeNumber({ min: 1, max: 20, message: 'The limit is a whole number up to 20' }).default(8),
});
export type FarmerSearchQuery = z.infer<typeof farmerSearchQuery>;

/** One match of the farmer picker: enough to tell two farmers apart and to choose one. */
export const farmerOption = z.object({
  id: uuid,
  farmerNo: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  phone: z.string().nullable(),
  village: z.string().nullable(),
  status: recordStatus,
  amcosId: uuid,
  amcosCode: z.string(),
  amcosName: z.string(),
});
export type FarmerOption = z.infer<typeof farmerOption>;
export const farmerOptionsReply = z.object({ data: z.array(farmerOption) });

/** Farm points for a map: one row per farm with a GPS point. */
export const farmPoint = z.object({
  farmId: uuid,
  farmerId: uuid,
  farmerNo: z.string(),
  farmerName: z.string(),
  farmName: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export const farmPointsReply = z.object({ data: z.array(farmPoint) });

/** Spreadsheet import: the template's columns, in order. */
export const FARMER_IMPORT_COLUMNS = [
  'amcos_code',
  'first_name',
  'middle_name',
  'last_name',
  'gender',
  'date_of_birth',
  'national_id',
  'phone',
  'bank_code',
  'account_no',
  'village',
  'farm_crop',
  'farm_acres',
  'farm_trees',
  'latitude',
  'longitude',
] as const;
export const FARMER_IMPORT_MAX_ROWS = 20_000;

export const importRowError = z.object({ row: z.number(), column: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof importRowError>;

export const farmerImportPreview = z.object({
  rows: z.number(),
  valid: z.number(),
  invalid: z.number(),
  errors: z.array(importRowError),
  /** The first valid rows as they will be saved. */
  sample: z.array(
    z.object({
      row: z.number(),
      amcosCode: z.string(),
      name: z.string(),
      gender,
      phone: z.string().nullable(),
      nationalId: z.string().nullable(),
      farm: z.string().nullable(),
    }),
  ),
});
export type FarmerImportPreview = z.infer<typeof farmerImportPreview>;
export const farmerImportResult = farmerImportPreview.extend({
  message: z.string(),
  imported: z.number(),
  firstNo: z.string().nullable(),
  lastNo: z.string().nullable(),
});
export type FarmerImportResult = z.infer<typeof farmerImportResult>;
