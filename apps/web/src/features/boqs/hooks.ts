import type { Boq, BoqDetail } from '@ushirika/contracts';
import { resource } from '../../lib/resource.ts';

export const boqs = resource<Boq & Partial<BoqDetail>>('settings/collection/boqs', {
  key: 'boqs',
  audit: 'boq',
  exportName: 'boqs',
});
