import type { ZodApp } from '../../platform/app-types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { distributionsRoutes } from './distributions/routes.ts';
import { inputPricesRoutes } from './prices/routes.ts';
import { inputRequestImportRoutes } from './requests/import-routes.ts';
import { inputRequestsRoutes } from './requests/routes.ts';

/** Farmer inputs on credit (#14): season prices, requests, distributions and their report. */
export function inputsRoutes(app: ZodApp, deps: AppDeps) {
  inputPricesRoutes(app, deps);
  inputRequestImportRoutes(app, deps);
  inputRequestsRoutes(app, deps);
  distributionsRoutes(app, deps);
}
