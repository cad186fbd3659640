import type { ZodApp } from '../../platform/app-types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { grnsRoutes } from './grns/routes.ts';
import { issuesRoutes } from './issues/routes.ts';
import { itemsRoutes } from './items/routes.ts';
import { ledgersRoutes } from './ledgers/routes.ts';
import { storesRoutes } from './stores/routes.ts';
import { transfersRoutes } from './transfers/routes.ts';

/** Stores (issue 13): catalogue, stores, GRNs, issues, transfers, the stock ledger and reports. */
export function inventoryRoutes(app: ZodApp, deps: AppDeps) {
  itemsRoutes(app, deps);
  storesRoutes(app, deps);
  grnsRoutes(app, deps);
  issuesRoutes(app, deps);
  transfersRoutes(app, deps);
  ledgersRoutes(app, deps);
}
