import type { Warehouse } from '@ushirika/contracts';
import { resource } from '../../lib/resource.ts';

export const warehouses = resource<Warehouse>('settings/collection/warehouses', {
  key: 'warehouses',
  audit: 'warehouse',
  exportName: 'warehouses',
});
