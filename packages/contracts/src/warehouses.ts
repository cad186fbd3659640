import { z } from 'zod';
import { listQuery, uuid } from './common.ts';
import { decimalField, optionalText, requiredText } from './fields.ts';

export const warehouse = z.object({
  id: uuid,
  name: z.string(),
  operator: z.string(),
  licenceNo: z.string(),
  location: z.string().nullable(),
  councilId: uuid.nullable(),
  councilName: z.string().nullable(),
  capacityKg: z.string().nullable(),
  active: z.boolean(),
});
export type Warehouse = z.infer<typeof warehouse>;
export const createWarehouseBody = z.object({
  name: requiredText('Enter the warehouse name'),
  operator: requiredText('Enter the operator'),
  licenceNo: requiredText('Enter the licence number', 40),
  location: optionalText(120),
  councilId: uuid.nullish().transform((v) => v ?? null),
  capacityKg: decimalField(3, 'the capacity in kg')
    .nullish()
    .transform((v) => v ?? null),
});
export const updateWarehouseBody = createWarehouseBody.partial().extend({ active: z.boolean().optional() });
export const warehouseListQuery = listQuery.extend({ council_id: uuid.optional() });
