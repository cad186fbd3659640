import type { createTransporterBody, Transporter, updateTransporterBody } from '@ushirika/contracts';
import type { z } from 'zod';
import { resource } from '../../lib/resource.ts';

export const transporters = resource<
  Transporter,
  z.infer<typeof createTransporterBody>,
  z.infer<typeof updateTransporterBody>
>('settings/collection/transporters', {
  key: 'transporters',
  audit: 'transporter',
  exportName: 'transporters',
});
