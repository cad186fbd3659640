import { z } from 'zod';
import { uuid } from './common.ts';

export const role = z.object({
  id: uuid,
  name: z.string(),
  audience: z.enum(['union', 'amcos']),
  builtIn: z.boolean(),
  permissions: z.array(z.string()),
  userCount: z.number(),
});
export type Role = z.infer<typeof role>;
