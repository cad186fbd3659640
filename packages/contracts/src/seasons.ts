import { z } from 'zod';
import { listQuery, uuid } from './common.ts';
import { amountField, decimalField, isoDate, kgField, recordStatus, requiredText } from './fields.ts';

const code = (label: string) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_]{1,12}$/, `The ${label} code has 1 to 12 letters, digits or _`);

/** `nameSw`: the Swahili name of a crop or grade the system created (Swahili screens show it). */
const nameSw = z.string().nullable().optional();
export const crop = z.object({
  id: uuid,
  name: z.string(),
  nameSw,
  code: z.string(),
  unit: z.string(),
  active: z.boolean(),
  grades: z.array(z.object({ id: uuid, code: z.string(), name: z.string(), nameSw })),
});
export type Crop = z.infer<typeof crop>;
export const createCropBody = z.object({
  name: requiredText('Enter the crop name', 60),
  code: code('crop'),
  unit: z.enum(['kg'], 'Crops are weighed in kg').default('kg'),
});
export const updateCropBody = z
  .object({ name: requiredText('Enter the crop name', 60), active: z.boolean() })
  .partial();
export const cropListQuery = listQuery;

export const grade = z.object({
  id: uuid,
  cropId: uuid,
  cropName: z.string(),
  code: z.string(),
  name: z.string(),
  nameSw,
});
export type Grade = z.infer<typeof grade>;
export const createGradeBody = z.object({
  cropId: z.uuid('Choose the crop'),
  code: code('grade'),
  name: requiredText('Enter the grade name', 60),
});
export const updateGradeBody = z.object({ name: requiredText('Enter the grade name', 60) }).partial();
export const gradeListQuery = listQuery.extend({ crop_id: uuid.optional() });

export const seasonStatus = z.enum(['planned', 'open', 'closed']);
export type SeasonStatus = z.infer<typeof seasonStatus>;
export const season = z.object({
  id: uuid,
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: seasonStatus,
  cropCount: z.number(),
});
export type Season = z.infer<typeof season>;
const seasonName = z
  .string()
  .trim()
  .regex(/^\d{4}\/\d{4}$/, 'Name the season by its years, e.g. 2026/2027');
export const createSeasonBody = z
  .object({ name: seasonName, startDate: isoDate, endDate: isoDate })
  .refine((s) => s.endDate > s.startDate, {
    message: 'The season must end after it starts',
    path: ['endDate'],
  });
export const updateSeasonBody = z
  .object({ name: seasonName, startDate: isoDate, endDate: isoDate, status: seasonStatus })
  .partial();
export const seasonListQuery = listQuery.extend({ status: seasonStatus.optional() });

export const moisture = decimalField(2, 'a moisture percentage');
/** Over the maximum moisture a collection is refused, or accepted and flagged for the warehouse. */
export const moisturePolicy = z.enum(['refuse', 'flag'], 'Choose refuse or flag');
export type MoisturePolicy = z.infer<typeof moisturePolicy>;
export const seasonCrop = z.object({
  id: uuid,
  seasonId: uuid,
  seasonName: z.string(),
  seasonStatus,
  cropId: uuid,
  cropName: z.string(),
  indicativePrice: z.string(),
  standardBagKg: z.string(),
  maxMoisture: z.string(),
  moisturePolicy,
  status: recordStatus,
  ruleCount: z.number(),
});
export type SeasonCrop = z.infer<typeof seasonCrop>;
export const createSeasonCropBody = z.object({
  seasonId: z.uuid('Choose the season'),
  cropId: z.uuid('Choose the crop'),
  indicativePrice: amountField,
  standardBagKg: kgField,
  maxMoisture: moisture,
  moisturePolicy: moisturePolicy.default('refuse'),
});
export const updateSeasonCropBody = createSeasonCropBody
  .omit({ seasonId: true, cropId: true })
  .extend({ status: recordStatus, moisturePolicy })
  .partial();
export const seasonCropListQuery = listQuery.extend({
  season_id: uuid.optional(),
  crop_id: uuid.optional(),
  status: recordStatus.optional(),
});
