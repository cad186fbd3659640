import type { Transporter } from '@ushirika/contracts';
import { resource } from '../../lib/resource.ts';

export const transporters = resource<Transporter>('settings/collection/transporters', {
  key: 'transporters',
  audit: 'transporter',
  exportName: 'transporters',
});
