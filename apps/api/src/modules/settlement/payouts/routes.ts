import {
  decideHeldNamesBody,
  detailReply,
  idParams,
  paymentBatch,
  payoutProgress,
  payoutProviderInfo,
  savedReply,
  sendPayoutsBody,
  simulatorLedger,
  simulatorLedgerQuery,
} from '@ushirika/contracts';
import { z } from 'zod';
import { actorOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { NotFoundError, UnauthorizedError } from '../../../platform/errors.ts';
import { pagedReply, pageWindow } from '../../../platform/list.ts';
import { tags } from '../access.ts';
import { decideHeldNames } from './decide-held-names.ts';
import { CallbackRejectedError } from './provider.ts';
import { CALLBACK_TOKEN_HEADER } from './providers/http.ts';
import { type PayoutRouter, payoutProviderOf, settingsKeysOf } from './providers.ts';
import { payoutProgressOf, simulatorLedgerOf } from './queries.ts';
import { payoutReconciliationRoutes } from './reconciliation/routes.ts';
import { sendPayouts } from './send-payouts.ts';
import { payoutSettingsRoutes } from './settings/routes.ts';
import { keyMissingProblem } from './settings/stored.ts';
import { callbackSettler } from './settle-line.ts';
import { type PayoutWorker, startPayoutWorker } from './worker.ts';

const access = {
  read: { permission: 'payments.settlement.read', audience: 'union' },
  /** Sending is the approver's: the batch was approved before (maker-checker stays). */
  send: { permission: 'payments.batch.approve', audience: 'union' },
  /** The simulator's ledger: the administrator's (only that role manages users). */
  ledger: { permission: 'users.user.create', audience: 'union' },
} as const;

/**
 * Paying approved batches through the payout provider (#30): send, watch the progress, confirm
 * or correct held names; the simulator's ledger. The background worker runs beside the routes
 * while the app is up (only when a provider is configured).
 */
export function payoutsRoutes(app: ZodApp, deps: AppDeps) {
  const provider = payoutProviderOf(deps.db, deps.config);
  const settle = callbackSettler(deps.db);
  startWorkerBeside(app, deps, provider, settle);
  callbackRoute(app, provider, settle);
  payoutReconciliationRoutes(app, deps, provider);
  app.post(
    '/payouts/batches/:id/send',
    {
      config: { access: access.send },
      schema: { tags, params: idParams, body: sendPayoutsBody, response: { 202: savedReply(paymentBatch) } },
    },
    async (req, reply) => {
      const data = await sendPayouts(deps.db, actorOf(req), {
        ...req.body,
        id: req.params.id,
        providers: await freshKinds(provider),
      });
      return reply.code(202).send({ message: 'Payment batch sending started successfully', data });
    },
  );
  app.get(
    '/payouts/provider',
    {
      config: { access: access.read },
      schema: { tags, response: { 200: detailReply(payoutProviderInfo) } },
    },
    async () => {
      const kinds = await freshKinds(provider);
      return { data: { provider: kinds.mobile ?? kinds.bank } };
    },
  );
  app.get(
    '/payouts/batches/:id',
    {
      config: { access: access.read },
      schema: { tags, params: idParams, response: { 200: detailReply(payoutProgress) } },
    },
    async (req) => ({ data: await payoutProgressOf(deps.db, req.params.id) }),
  );
  app.patch(
    '/payouts/batches/:id/held',
    {
      config: { access: access.send },
      schema: {
        tags,
        params: idParams,
        body: decideHeldNamesBody,
        response: { 200: savedReply(z.object({ confirmed: z.number(), corrected: z.number() })) },
      },
    },
    async (req) => ({
      message: 'Held names saved successfully',
      data: await decideHeldNames(deps.db, actorOf(req), { ...req.body, id: req.params.id }),
    }),
  );
  app.get(
    '/payouts/simulator/ledger',
    {
      config: { access: access.ledger },
      schema: { tags, querystring: simulatorLedgerQuery, response: { 200: simulatorLedger } },
    },
    async (req) => {
      const kinds = await freshKinds(provider);
      if (kinds.mobile !== 'simulator' && kinds.bank !== 'simulator')
        throw new NotFoundError('The payout simulator is not in use');
      const { rows, total } = await simulatorLedgerOf(
        deps.db,
        { batchId: req.query.batch_id },
        pageWindow(req.query),
      );
      return pagedReply(rows, total, req.query);
    },
  );
}

type CallbackSettler = ReturnType<typeof callbackSettler>;

const callbackParams = z.object({ provider: z.string().max(40) });
const callbackQuery = z.object({ token: z.string().max(200).optional() });

/**
 * Where a real provider posts its results (#30): `/api/payouts/callbacks/<kind>?token=…`, the URL
 * registered with the provider. The provider's adapter checks the token (or signature) and reads
 * the result; the line it names settles once, so a duplicate or late callback changes nothing.
 * A callback that is not genuine is refused with 401 and changes nothing.
 */
function callbackRoute(app: ZodApp, provider: PayoutRouter, settle: CallbackSettler) {
  app.post(
    '/payouts/callbacks/:provider',
    {
      // Public in the access table: the provider, not a user, calls it; its token guards it.
      config: { access: 'public' },
      schema: {
        tags,
        params: callbackParams,
        querystring: callbackQuery,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (req) => {
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(req.headers))
        headers[name] = Array.isArray(value) ? value[0] : value;
      if (req.query.token) headers[CALLBACK_TOKEN_HEADER] = req.query.token;
      const callback = await provider
        .receive(req.params.provider, headers, JSON.stringify(req.body ?? null))
        .catch((error: unknown) => {
          throw error instanceof CallbackRejectedError ? new UnauthorizedError(error.message) : error;
        });
      await settle(callback);
      return { message: 'Callback received' };
    },
  );
}

/** The providers each channel is paid through, read again from the union's settings. */
async function freshKinds(provider: PayoutRouter) {
  await provider.refresh();
  return provider.kindsByChannel();
}

/**
 * Runs the background worker while the app is up, from when a provider is configured (at start,
 * or when the union's settings first choose one); callbacks are verified by the provider that
 * received them.
 */
function startWorkerBeside(app: ZodApp, deps: AppDeps, provider: PayoutRouter, settle: CallbackSettler) {
  let worker: PayoutWorker | null = null;
  provider.onCallback(async (headers, body) => {
    await settle(provider.verifyCallback(headers, body));
  });
  const ensureWorker = async () => {
    await provider.refresh();
    if (!worker && provider.active())
      worker = startPayoutWorker(deps.db, provider, deps.config.payouts, app.log);
  };
  app.addHook('onReady', async () => {
    await ensureWorker();
    const missing = await keyMissingProblem(deps.db, settingsKeysOf(deps.config));
    if (missing) app.log.error(missing);
  });
  // A save of the payout settings on this server takes effect (and starts the worker) at once.
  payoutSettingsRoutes(app, deps, ensureWorker);
  app.addHook('onClose', async () => {
    await worker?.stop();
    await provider.stop();
  });
}
