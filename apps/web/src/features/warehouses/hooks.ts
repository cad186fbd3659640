import type { createWarehouseBody, updateWarehouseBody, Warehouse } from '@ushirika/contracts';
import type { z } from 'zod';
import { resource } from '../../lib/resource.ts';

export const warehouses = resource<
  Warehouse,
  z.infer<typeof createWarehouseBody>,
  z.infer<typeof updateWarehouseBody>
>('settings/collection/warehouses', {
  key: 'warehouses',
  audit: 'warehouse',
  exportName: 'warehouses',
});
