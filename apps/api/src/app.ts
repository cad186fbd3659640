import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { openingRoutes } from './modules/accounts/opening/routes.ts';
import { bankBalancesOpening } from './modules/accounts/reconciliations/opening-bank-balances.ts';
import { yearEndBooks } from './modules/accounts/reports/year-closing.ts';
import { accountsRoutes } from './modules/accounts/routes.ts';
import { readYearSurplus } from './modules/accounts/statements/read-year-surplus.ts';
import { amcosRoutes } from './modules/amcos/routes.ts';
import { attachmentsRoutes } from './modules/attachments/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { actorLoader } from './modules/auth/load-actor.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { boqsRoutes } from './modules/boqs/routes.ts';
import { circularsRoutes } from './modules/circulars/routes.ts';
import { appManifestOf } from './modules/cooperative/app-manifest.ts';
import { cooperativeRoutes } from './modules/cooperative/routes.ts';
import { collectionsRoutes } from './modules/crop-flow/collections/routes.ts';
import { deliveryNotesRoutes } from './modules/crop-flow/delivery-notes/routes.ts';
import { devicesRoutes } from './modules/crop-flow/devices/routes.ts';
import { cropLotsOpening } from './modules/crop-flow/lots/opening-lots.ts';
import { lotsRoutes } from './modules/crop-flow/lots/routes.ts';
import { originRoutes } from './modules/crop-flow/origin/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { deductionsRoutes } from './modules/deductions/routes.ts';
import { documentTextsRoutes } from './modules/document-texts/routes.ts';
import { editorRoutes } from './modules/editor/routes.ts';
import { farmerStatementsRoutes } from './modules/farmer-statements/routes.ts';
import { farmersRoutes } from './modules/farmers/routes.ts';
import { financialYearsRoutes } from './modules/financial-years/routes.ts';
import { inboxRoutes } from './modules/inbox/routes.ts';
import { inputsRoutes } from './modules/inputs/routes.ts';
import { stockOpening } from './modules/inventory/ledgers/opening-stock.ts';
import { inventoryRoutes } from './modules/inventory/routes.ts';
import { agmPackRoutes } from './modules/members/appropriations/agm-pack-routes.ts';
import { appropriationRoutes } from './modules/members/appropriations/routes.ts';
import { memberRegisterRoutes } from './modules/members/register/routes.ts';
import { secondPaymentRoutes } from './modules/members/second-payments/routes.ts';
import { notesRoutes } from './modules/notes/routes.ts';
import { supplierInvoicesOpening } from './modules/purchase/invoices/opening-invoices.ts';
import { purchaseRoutes } from './modules/purchase/routes.ts';
import { rolesRoutes } from './modules/roles/routes.ts';
import { auctionReportRoutes } from './modules/sales/auctions/report-routes.ts';
import { auctionRoutes } from './modules/sales/auctions/routes.ts';
import { buyersRoutes } from './modules/sales/buyers/routes.ts';
import { buyerInvoicesOpening } from './modules/sales/invoices/opening-invoices.ts';
import { salesInvoicesRoutes } from './modules/sales/invoices/routes.ts';
import { buyerCreditsOpening } from './modules/sales/receipts/opening-credits.ts';
import { buyerReceiptsRoutes } from './modules/sales/receipts/routes.ts';
import { releaseNotesRoutes } from './modules/sales/release-notes/routes.ts';
import { salesReportRoutes } from './modules/sales/reports/routes.ts';
import { seasonsRoutes } from './modules/seasons/routes.ts';
import { farmerLoansOpening } from './modules/settlement/loans/opening-loans.ts';
import { settlementRoutes } from './modules/settlement/routes.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { transportersRoutes } from './modules/transporters/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { ussdRoutes } from './modules/ussd/routes.ts';
import { warehousesRoutes } from './modules/warehouses/routes.ts';
import { registerAccessControl, requireSignedIn } from './platform/access.ts';
import type { ZodApp } from './platform/app-types.ts';
import type { AppDeps } from './platform/deps.ts';
import { frameworkErrors, registerErrorHandler } from './platform/error-handler.ts';
import { BODY_LIMIT_BYTES, registerHttpPolicy } from './platform/http-policy.ts';
import { registerInputGuard } from './platform/input-guard.ts';
import { registerReaderLanguage } from './platform/labels.ts';
import { registerRequestMetrics } from './platform/metrics.ts';
import { openApiOptions } from './platform/openapi.ts';
import { registerRecordActions } from './platform/record-actions.ts';
import { registerReportReads } from './platform/report-reads.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import {
  DEFAULT_SMS_OUTBOX,
  type SmsOutboxOptions,
  type SmsOutboxWorker,
  startSmsOutboxWorker,
} from './platform/sms-outbox.ts';
import { notFoundReply, registerWebApp } from './platform/web-index.ts';

export type BuildOptions = {
  logger?: boolean | { level: string; stream?: { write(line: string): void } | undefined };
  serveWeb?: boolean;
  /** The SMS outbox worker's settings; `false` runs no worker (a second process, a bench loader). */
  smsOutbox?: Partial<SmsOutboxOptions> | false;
};

const modules = [
  authRoutes,
  usersRoutes,
  rolesRoutes,
  amcosRoutes,
  auditRoutes,
  systemRoutes,
  cooperativeRoutes,
  farmersRoutes,
  farmerStatementsRoutes,
  seasonsRoutes,
  deductionsRoutes,
  transportersRoutes,
  warehousesRoutes,
  boqsRoutes,
  financialYearsRoutes({ ...yearEndBooks, surplus: readYearSurplus }),
  accountsRoutes,
  // Going live (#36): the opening imports, each sub-ledger's kind from its own module.
  openingRoutes({
    farmer_loans: farmerLoansOpening,
    stock: stockOpening,
    bank_balances: bankBalancesOpening,
    buyer_invoices: buyerInvoicesOpening,
    supplier_invoices: supplierInvoicesOpening,
    crop_lots: cropLotsOpening,
    buyer_credits: buyerCreditsOpening,
  }),
  collectionsRoutes,
  deliveryNotesRoutes,
  devicesRoutes,
  lotsRoutes,
  originRoutes,
  auctionRoutes,
  auctionReportRoutes,
  buyersRoutes,
  salesInvoicesRoutes,
  buyerReceiptsRoutes,
  releaseNotesRoutes,
  salesReportRoutes,
  appropriationRoutes,
  agmPackRoutes,
  secondPaymentRoutes,
  memberRegisterRoutes,
  settlementRoutes,
  inputsRoutes,
  inventoryRoutes,
  purchaseRoutes,
  dashboardRoutes,
  editorRoutes,
  attachmentsRoutes,
  circularsRoutes,
  inboxRoutes,
  documentTextsRoutes,
  notesRoutes,
  ussdRoutes,
];

/** Builds the HTTP app around its dependencies; main.ts and the tests both start here. */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<ZodApp> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors,
    trustProxy: deps.config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestMetrics(app);
  registerHttpPolicy(app, { corsOrigins: deps.config.corsOrigins });
  await registerSecurityHeaders(app, { hsts: deps.config.hsts });

  await app.register(swagger, openApiOptions(deps.config.version));
  // API_DOCS: public (development default), signed-in, or off (production default).
  if (deps.config.apiDocs !== 'off') {
    const onRequest =
      deps.config.apiDocs === 'signed-in' ? requireSignedIn(actorLoader(deps.db), deps.tokens) : undefined;
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // Its own CSP (with hashes of its inline parts) for the docs pages, over the app's strict one.
      staticCSP: true,
      // Without HTTPS (HSTS unset), upgrading its requests would break the docs on an http:// install.
      transformStaticCSP: (header: string) =>
        deps.config.hsts ? header : header.replace(/\s*upgrade-insecure-requests;?/, ''),
      ...(onRequest ? { uiHooks: { onRequest } } : {}),
    });
  }

  await app.register(
    async (api) => {
      registerAccessControl(api, actorLoader(deps.db), deps.tokens, {
        actorCacheMs: deps.config.authCacheMs,
      });
      registerInputGuard(api);
      // Report routes (reportRead) read the streaming replica while it is usable (#34).
      registerReportReads(api, deps.replica);
      registerRecordActions(api, notFoundReply);
      // Files and PDFs print in the reader's language (Accept-Language), wherever they are made.
      registerReaderLanguage(api);
      // Uploads (union logo, farmer sheets): one file per request, read into memory, 10 MB at most.
      await api.register(multipart, { limits: { fileSize: BODY_LIMIT_BYTES, files: 1, fields: 10 } });
      for (const routes of modules) routes(api as ZodApp, deps);
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, deps.config.webDist, options.serveWeb !== false, (built) =>
    appManifestOf(deps.db, built),
  );
  if (options.smsOutbox !== false) {
    const settings = { ...DEFAULT_SMS_OUTBOX, ...options.smsOutbox };
    let worker: SmsOutboxWorker | undefined;
    app.addHook('onReady', async () => {
      worker = startSmsOutboxWorker(deps.db, deps.sms, app.log, settings);
    });
    app.addHook('onClose', async () => worker?.stop());
  }
  return app;
}
