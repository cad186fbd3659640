import type { Boq, BoqDetail, createBoqBody, updateBoqBody } from '@ushirika/contracts';
import type { z } from 'zod';
import { resource } from '../../lib/resource.ts';

export const boqs = resource<
  Boq & Partial<BoqDetail>,
  z.infer<typeof createBoqBody>,
  z.infer<typeof updateBoqBody>
>('settings/collection/boqs', { key: 'boqs', audit: 'boq', exportName: 'boqs' });
