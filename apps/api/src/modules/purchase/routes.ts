import type { ZodApp } from '../../platform/app-types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { purchaseInvoicesRoutes } from './invoices/routes.ts';
import { purchaseOrdersRoutes } from './orders/routes.ts';
import { supplierPaymentsRoutes } from './payments/routes.ts';
import { suppliersRoutes } from './suppliers/routes.ts';

/** Issue 13: purchasing, union business: suppliers, orders, invoices, payments. */
export function purchaseRoutes(app: ZodApp, deps: AppDeps) {
  suppliersRoutes(app, deps);
  purchaseOrdersRoutes(app, deps);
  purchaseInvoicesRoutes(app, deps);
  supplierPaymentsRoutes(app, deps);
}
