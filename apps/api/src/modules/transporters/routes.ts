import type { ZodApp } from '../../platform/app-types.ts';
import { registerCatalog } from '../../platform/catalog.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { transporterResource } from './transporters.ts';

export function transportersRoutes(app: ZodApp, deps: AppDeps) {
  registerCatalog(app, deps, transporterResource);
}
