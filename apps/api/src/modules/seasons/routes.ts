import type { ZodApp } from '../../platform/app-types.ts';
import { registerCatalog } from '../../platform/catalog.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { cropResource, gradeResource } from './crops.ts';
import { seasonCropResource, seasonResource } from './seasons.ts';

export function seasonsRoutes(app: ZodApp, deps: AppDeps) {
  registerCatalog(app, deps, cropResource);
  registerCatalog(app, deps, gradeResource);
  registerCatalog(app, deps, seasonResource);
  registerCatalog(app, deps, seasonCropResource);
}
