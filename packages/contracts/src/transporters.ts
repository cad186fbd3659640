import { z } from 'zod';
import { listQuery, uuid } from './common.ts';
import {
  amountField,
  decimalField,
  optionalPhone,
  optionalText,
  optionalTin,
  requiredText,
} from './fields.ts';

export const transportRateBasis = z.enum(['per_kg', 'per_trip'], 'Choose a rate per kg or per trip');
export const vehicle = z.object({
  id: uuid,
  plateNo: z.string(),
  description: z.string().nullable(),
  capacityKg: z.string().nullable(),
});
export const vehicleBody = z.object({
  plateNo: z
    .string()
    .trim()
    .toUpperCase()
    .transform((v) => v.replace(/\s+/g, ' '))
    .pipe(z.string().regex(/^[A-Z0-9 -]{4,12}$/, 'Enter the plate number, e.g. T 123 ABC')),
  description: optionalText(80),
  capacityKg: decimalField(3, 'the capacity in kg')
    .nullish()
    .transform((v) => v ?? null),
});

export const transporter = z.object({
  id: uuid,
  name: z.string(),
  tin: z.string().nullable(),
  phone: z.string().nullable(),
  rateBasis: transportRateBasis,
  rate: z.string(),
  active: z.boolean(),
  vehicles: z.array(vehicle),
});
export type Transporter = z.infer<typeof transporter>;
export const createTransporterBody = z.object({
  name: requiredText('Enter the transporter name'),
  tin: optionalTin,
  phone: optionalPhone,
  rateBasis: transportRateBasis,
  rate: amountField,
  vehicles: z
    .array(vehicleBody)
    .max(50)
    .default([])
    .refine((vs) => new Set(vs.map((v) => v.plateNo)).size === vs.length, 'A plate number is listed twice'),
});
export const updateTransporterBody = createTransporterBody
  .partial()
  .extend({ active: z.boolean().optional() });
export const transporterListQuery = listQuery.extend({ rate_basis: transportRateBasis.optional() });
