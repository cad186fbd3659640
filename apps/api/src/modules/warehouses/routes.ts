import type { ZodApp } from '../../platform/app-types.ts';
import { registerCatalog } from '../../platform/catalog.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { warehouseResource } from './warehouses.ts';

export function warehousesRoutes(app: ZodApp, deps: AppDeps) {
  registerCatalog(app, deps, warehouseResource);
}
