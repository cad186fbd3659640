import type { ZodApp } from '../../platform/app-types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { loansRoutes } from './loans/routes.ts';
import { paymentBatchesRoutes, paymentLinesRoutes, paymentSettingsRoutes } from './payments/routes.ts';
import { payoutsRoutes } from './payouts/routes.ts';
import { settlementReportRoutes } from './reports/routes.ts';
import { settlementRunsRoutes } from './runs/routes.ts';

/** Settlement and payments: farmer loans, settlement runs, payment batches and lines, reports. */
export function settlementRoutes(app: ZodApp, deps: AppDeps) {
  settlementReportRoutes(app, deps);
  loansRoutes(app, deps);
  settlementRunsRoutes(app, deps);
  paymentBatchesRoutes(app, deps);
  paymentLinesRoutes(app, deps);
  paymentSettingsRoutes(app, deps);
  payoutsRoutes(app, deps);
}
