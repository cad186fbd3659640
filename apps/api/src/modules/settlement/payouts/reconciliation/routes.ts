import {
  detailReply,
  idParams,
  importPayoutStatementBody,
  payoutReconciliation,
  payoutReconciliationParams,
  payoutReconciliationView,
  savedReply,
} from '@ushirika/contracts';
import { actorOf } from '../../../../platform/access.ts';
import type { ZodApp } from '../../../../platform/app-types.ts';
import type { AppDeps } from '../../../../platform/deps.ts';
import { ConflictError } from '../../../../platform/errors.ts';
import { access as payments, tags } from '../../access.ts';
import type { PayoutRouter } from '../providers.ts';
import { confirmPayoutReconciliation } from './confirm-payout-reconciliation.ts';
import { importPayoutStatement, payoutBatchOf } from './import-payout-statement.ts';
import { latestReconciliation } from './queries.ts';
import { parseStatementCsv } from './statement-csv.ts';

/**
 * The provider's statement matched against a batch's lines (#30), with the payment batch's
 * permissions and maker-checker: union staff who read payments see it; whoever may prepare
 * payments imports the statement; an approver of batches, another person, confirms it (which
 * settles the lines the provider reports final that were not final here). AMCOS users are refused.
 */
export function payoutReconciliationRoutes(app: ZodApp, deps: AppDeps, provider: PayoutRouter) {
  app.get(
    '/payouts/batches/:id/reconciliation',
    {
      config: { access: payments.unionRead },
      schema: { tags, params: idParams, response: { 200: detailReply(payoutReconciliationView) } },
    },
    async (req) => {
      const batch = await payoutBatchOf(deps.db, req.params.id).catch((error: unknown) => {
        if (error instanceof ConflictError) return null;
        throw error;
      });
      return {
        data: {
          statementFromProvider: batch ? await provider.offersStatement(batch.provider) : false,
          reconciliation: await latestReconciliation(deps.db, req.params.id),
        },
      };
    },
  );
  app.post(
    '/payouts/batches/:id/reconciliations',
    {
      config: { access: payments.write },
      bodyLimit: 20 * 1024 * 1024,
      schema: {
        tags,
        params: idParams,
        body: importPayoutStatementBody,
        response: { 200: savedReply(payoutReconciliation), 201: savedReply(payoutReconciliation) },
      },
    },
    async (req, reply) => {
      const batch = await payoutBatchOf(deps.db, req.params.id);
      const body = req.body;
      let rows: ReturnType<typeof parseStatementCsv>;
      if (body.source === 'file') rows = parseStatementCsv(body.content);
      else {
        // A provider without a statement API, or no longer set up here, is told apart from a fault.
        const offered = await provider.offersStatement(batch.provider);
        const read = offered ? await provider.statementOf(batch.provider, batch.keys) : null;
        if (!read)
          throw new ConflictError(
            `The provider "${batch.provider}" offers no statement through its API: import its statement file`,
          );
        rows = read;
      }
      const { created, reconciliation } = await importPayoutStatement(deps.db, actorOf(req), {
        batchId: req.params.id,
        source: body.source,
        fileName: body.source === 'file' ? (body.fileName ?? null) : null,
        rows,
        feeOf: (kind, channel, amount) => provider.feeOf(kind, channel, amount),
      });
      return reply.code(created ? 201 : 200).send({
        message: created
          ? 'Provider statement imported successfully'
          : 'This statement was reconciled already: nothing changed',
        data: reconciliation,
      });
    },
  );
  app.patch(
    '/payouts/batches/:id/reconciliations/:reconciliationId/confirm',
    {
      config: { access: payments.approveBatch },
      schema: {
        tags,
        params: payoutReconciliationParams,
        response: { 200: savedReply(payoutReconciliation) },
      },
    },
    async (req) => ({
      message: 'Reconciliation confirmed successfully',
      data: await confirmPayoutReconciliation(deps.db, actorOf(req), {
        batchId: req.params.id,
        id: req.params.reconciliationId,
      }),
    }),
  );
}
