import { z } from 'zod';
import { listQuery, uuid } from './common.ts';

/** Minimal AMCOS (primary society) record; the master-data module extends it. */
export const amcos = z.object({
  id: uuid,
  code: z.string(),
  name: z.string(),
  status: z.enum(['active', 'suspended']),
});
export type Amcos = z.infer<typeof amcos>;

export const createAmcosBody = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,10}$/, 'The code has 2 to 10 letters or digits'),
  name: z.string().trim().min(2, 'Enter the society name').max(120),
});
export const amcosListQuery = listQuery.extend({ status: z.enum(['active', 'suspended']).optional() });
