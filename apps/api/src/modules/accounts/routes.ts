import type { ZodApp } from '../../platform/app-types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { budgetRoutes } from './budgets/routes.ts';
import { chartRoutes } from './chart/routes.ts';
import { currencyRoutes } from './currencies/routes.ts';
import { journalEntryRoutes } from './journal/routes.ts';
import { reconciliationRoutes } from './reconciliations/routes.ts';
import { financialReportRoutes } from './reports/routes.ts';
import { statementRoutes } from './statements/routes.ts';
import { voucherRoutes } from './vouchers/routes.ts';

/** Accounting (SPEC §7): union staff only, every route `audience: 'union'`. */
export function accountsRoutes(app: ZodApp, deps: AppDeps) {
  chartRoutes(app, deps);
  currencyRoutes(app, deps);
  journalEntryRoutes(app, deps);
  voucherRoutes(app, deps);
  budgetRoutes(app, deps);
  financialReportRoutes(app, deps);
  reconciliationRoutes(app, deps);
  statementRoutes(app, deps);
}
