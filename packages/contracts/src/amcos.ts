import { z } from 'zod';
import { listQuery, uuid } from './common.ts';
import { bankAccountFields, geoPoint, optionalEmail, optionalPhone, optionalText } from './fields.ts';

/** A primary society (AMCOS) as lists show it. */
export const amcos = z.object({
  id: uuid,
  code: z.string(),
  name: z.string(),
  status: z.enum(['active', 'suspended']),
  registrationNo: z.string().nullable(),
  councilId: uuid.nullable(),
  councilName: z.string().nullable(),
  ward: z.string().nullable(),
  village: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  manager: z.string().nullable(),
  bankId: uuid.nullable(),
  bankName: z.string().nullable(),
  accountNo: z.string().nullable(),
  location: geoPoint.nullable(),
  farmerCount: z.number(),
});
export type Amcos = z.infer<typeof amcos>;

/** Details add what the society has: its users (by name and role) come from /users?amcos_id. */
export const amcosDetail = amcos.extend({
  userCount: z.number(),
  farmCount: z.number(),
  createdAt: z.string(),
});
export type AmcosDetail = z.infer<typeof amcosDetail>;

const amcosFields = {
  name: z.string().trim().min(2, 'Enter the society name').max(120),
  registrationNo: optionalText(40),
  councilId: uuid.nullish().transform((v) => v ?? null),
  ward: optionalText(60),
  village: optionalText(60),
  phone: optionalPhone,
  email: optionalEmail,
  manager: optionalText(80),
  ...bankAccountFields,
  location: geoPoint.nullish().transform((v) => v ?? null),
};

export const createAmcosBody = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,10}$/, 'The code has 2 to 10 letters or digits'),
  ...amcosFields,
});
export type CreateAmcosBody = z.input<typeof createAmcosBody>;
/** The code is fixed once farmers are numbered from it: an update cannot change it. */
export const updateAmcosBody = z
  .object({ ...amcosFields, status: z.enum(['active', 'suspended']) })
  .partial();
export type UpdateAmcosBody = z.infer<typeof updateAmcosBody>;
export const amcosListQuery = listQuery.extend({
  status: z.enum(['active', 'suspended']).optional(),
  council_id: uuid.optional(),
});
export type AmcosListQuery = z.infer<typeof amcosListQuery>;
