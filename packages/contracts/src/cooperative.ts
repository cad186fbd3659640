import { z } from 'zod';
import { listQuery, uuid } from './common.ts';
import { optionalEmail, optionalPhone, optionalText, optionalTin, requiredText } from './fields.ts';

/** The union's own profile: one row. */
export const unionProfile = z.object({
  name: z.string(),
  registrationNo: z.string().nullable(),
  tin: z.string().nullable(),
  address: z.string().nullable(),
  region: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** Path of the logo image under /api/cooperative/union/logo, or null. */
  logo: z.string().nullable(),
  updatedAt: z.string(),
});
export type UnionProfile = z.infer<typeof unionProfile>;

export const updateUnionBody = z.object({
  name: requiredText('Enter the union name'),
  registrationNo: optionalText(40),
  tin: optionalTin,
  address: optionalText(200),
  region: optionalText(60),
  phone: optionalPhone,
  email: optionalEmail,
});
export type UpdateUnionBody = z.infer<typeof updateUnionBody>;
export const unionReply = z.object({ data: unionProfile });
export const unionSavedReply = z.object({ message: z.string(), data: unionProfile });

/** Logo uploads: image types and the 2 MB limit SPEC gives for editor images. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/avif'] as const;
export const LOGO_MAX_BYTES = 2_097_152;

export const bank = z.object({
  id: uuid,
  name: z.string(),
  shortCode: z.string(),
  swift: z.string().nullable(),
  active: z.boolean(),
});
export type Bank = z.infer<typeof bank>;
export const createBankBody = z.object({
  name: requiredText('Enter the bank name'),
  shortCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,12}$/, 'The short code has 2 to 12 letters or digits'),
  swift: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?)?$/, 'A SWIFT code has 8 or 11 letters and digits')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type CreateBankBody = z.infer<typeof createBankBody>;
export const updateBankBody = createBankBody.partial().extend({ active: z.boolean().optional() });
export type UpdateBankBody = z.infer<typeof updateBankBody>;
export const bankListQuery = listQuery.extend({ active: z.enum(['true', 'false']).optional() });

/** Region > District > Council (local government authority; collects the cess). */
export const region = z.object({ id: uuid, name: z.string(), code: z.string(), districtCount: z.number() });
export type Region = z.infer<typeof region>;
export const createRegionBody = z.object({
  name: requiredText('Enter the region name', 60),
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2,4}$/, 'The region code has 2 to 4 letters'),
});
export type CreateRegionBody = z.input<typeof createRegionBody>;
export const updateRegionBody = createRegionBody.partial();

export const district = z.object({ id: uuid, name: z.string(), regionId: uuid, regionName: z.string() });
export type District = z.infer<typeof district>;
export const createDistrictBody = z.object({
  name: requiredText('Enter the district name', 60),
  regionId: z.uuid('Choose the region'),
});
export type CreateDistrictBody = z.input<typeof createDistrictBody>;
export const updateDistrictBody = createDistrictBody.partial();
export const districtListQuery = listQuery.extend({ region_id: uuid.optional() });

export const councilKinds = ['district', 'town', 'municipal', 'city'] as const;
export const council = z.object({
  id: uuid,
  name: z.string(),
  kind: z.enum(councilKinds),
  districtId: uuid,
  districtName: z.string(),
  regionId: uuid,
  regionName: z.string(),
});
export type Council = z.infer<typeof council>;
export const createCouncilBody = z.object({
  name: requiredText('Enter the council name', 80),
  kind: z.enum(councilKinds, 'Choose district, town, municipal or city council'),
  districtId: z.uuid('Choose the district'),
});
export type CreateCouncilBody = z.input<typeof createCouncilBody>;
export const updateCouncilBody = createCouncilBody.partial();
export const councilListQuery = listQuery.extend({
  region_id: uuid.optional(),
  district_id: uuid.optional(),
});
