import {
  detailReply,
  exportBatchQuery,
  idParams,
  markBatchPaidBody,
  payeeType,
  paymentBatch,
  paymentBatchList,
  paymentBatchListQuery,
  paymentLineList,
  paymentLineListQuery,
  paymentSettingsBody,
  retryLinesBody,
  savedReply,
} from '@ushirika/contracts';
import { z } from 'zod';
import { actorOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { listOrExport, sendExport, sendPdf } from '../../../platform/exports.ts';
import { pagedReply, pageWindow } from '../../../platform/list.ts';
import { access, tags } from '../access.ts';
import { approveBatch } from './approve-batch.ts';
import { batchFileColumns, exportBatch } from './export-batch.ts';
import { markBatchPaid } from './mark-batch-paid.ts';
import { getBatch, listBatches, listLines, readPaymentSettings } from './queries.ts';
import { retryLines } from './retry-lines.ts';
import { updatePaymentSettings } from './update-payment-settings.ts';
import { batchVoucherPdf } from './voucher-pdf.ts';

/** Payment batches of approved settlements: approve, export the bank or mobile file, mark paid, retry failed lines. */
export function paymentBatchesRoutes(app: ZodApp, deps: AppDeps) {
  batchReadRoutes(app, deps);
  batchWorkflowRoutes(app, deps);
}

/** Payment batches: list, one batch and its lines. */
function batchReadRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/payments/batches',
    {
      config: { access: access.unionRead },
      schema: { tags, querystring: paymentBatchListQuery, response: { 200: paymentBatchList } },
    },
    (req, reply) => {
      const q = req.query;
      const filters = {
        partyType: q.party_type,
        status: q.status,
        settlementId: q.settlement_id,
        search: q.search,
      };
      return listOrExport(reply, q, (window) => listBatches(deps.db, filters, window), {
        name: 'PAYMENT_BATCHES',
        columns: [
          { header: 'Batch', value: (r) => r.batchNo },
          { header: 'Settlement', value: (r) => r.settlementNo },
          { header: 'Payee', value: (r) => r.partyType, label: 'pay.parties' },
          { header: 'Lines', value: (r) => r.lineCount },
          { header: 'Total (TZS)', value: (r) => r.total },
          { header: 'Status', value: (r) => r.status, label: 'pay.status' },
          { header: 'Reference', value: (r) => r.bankReference },
          { header: 'Paid on', value: (r) => r.paidOn },
        ],
      });
    },
  );
  app.get(
    '/payments/batches/:id',
    {
      config: { access: access.unionRead },
      schema: { tags, params: idParams, response: { 200: detailReply(paymentBatch) } },
    },
    async (req) => ({ data: await getBatch(deps.db, req.params.id) }),
  );
  app.get(
    '/payments/batches/:id/lines',
    {
      config: { access: access.unionRead },
      schema: {
        tags,
        params: idParams,
        querystring: paymentLineListQuery,
        response: { 200: paymentLineList },
      },
    },
    async (req) => {
      const { rows, total } = await listLines(
        deps.db,
        actorOf(req),
        { batchId: req.params.id, status: req.query.status, search: req.query.search },
        pageWindow(req.query),
      );
      return pagedReply(rows, total, req.query);
    },
  );
}

/** A batch's way: approve, export, mark paid, pay failed lines again, and its voucher. */
function batchWorkflowRoutes(app: ZodApp, deps: AppDeps) {
  app.patch(
    '/payments/batches/:id/approve',
    {
      config: { access: access.approveBatch },
      schema: { tags, params: idParams, response: { 200: savedReply(paymentBatch) } },
    },
    async (req) => ({
      message: 'Payment batch approved successfully',
      data: await approveBatch(deps.db, actorOf(req), { id: req.params.id }),
    }),
  );
  app.post(
    '/payments/batches/:id/export',
    { config: { access: access.write }, schema: { tags, params: idParams, querystring: exportBatchQuery } },
    async (req, reply) => {
      const { layout, format } = req.query;
      const { batch, rows } = await exportBatch(deps.db, actorOf(req), { id: req.params.id, layout });
      return sendExport(reply, {
        format,
        name: `${batch.batchNo}-${layout.toUpperCase()}`,
        rows,
        columns: batchFileColumns(layout, batch.batchNo),
        forSystem: true,
      });
    },
  );
  app.patch(
    '/payments/batches/:id/paid',
    {
      config: { access: access.write },
      schema: {
        tags,
        params: idParams,
        body: markBatchPaidBody,
        response: { 200: savedReply(paymentBatch) },
      },
    },
    async (req) => ({
      message: 'Payment batch marked paid successfully',
      data: await markBatchPaid(deps.db, actorOf(req), { id: req.params.id, body: req.body }),
    }),
  );
  app.post(
    '/payments/batches/retry',
    {
      config: { access: access.write },
      schema: { tags, body: retryLinesBody, response: { 201: savedReply(paymentBatch) } },
    },
    async (req, reply) => {
      const data = await retryLines(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'Payment batch created successfully', data });
    },
  );
  app.get(
    '/payments/batches/:id/voucher',
    { config: { access: access.unionRead }, schema: { tags, params: idParams } },
    async (req, reply) => {
      const { name, body } = await batchVoucherPdf(deps.db, req.params.id);
      return sendPdf(reply, name, body);
    },
  );
}

/** Payment lines by party, for the payee screens (AMCOS users: their own society's). */
export function paymentLinesRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/payments/lines',
    {
      config: { access: access.read },
      schema: {
        tags,
        querystring: paymentLineListQuery.extend({
          party_type: payeeType.optional(),
          party_id: z.uuid().optional(),
        }),
        response: { 200: paymentLineList },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const { rows, total } = await listLines(
        deps.db,
        actorOf(req),
        { partyType: q.party_type, partyId: q.party_id, status: q.status, search: q.search },
        pageWindow(q),
      );
      if (q.format === 'json') return pagedReply(rows, total, q);
      return sendExport(reply, {
        format: q.format,
        name: 'PAYMENTS',
        rows,
        columns: [
          { header: 'Batch', value: (r) => r.batchNo },
          { header: 'Payee', value: (r) => r.payeeName, width: 30 },
          { header: 'Method', value: (r) => r.method, label: 'pay.methods' },
          { header: 'Bank', value: (r) => r.bankName },
          { header: 'Account no', value: (r) => r.accountNo },
          { header: 'Phone', value: (r) => r.phone },
          { header: 'Amount', value: (r) => r.amount },
          { header: 'Reference', value: (r) => r.reference },
          { header: 'Status', value: (r) => r.status },
          { header: 'Failure', value: (r) => r.failureReason },
        ],
      });
    },
  );
}

/** The payment settings: how farmers are paid (each, or through their AMCOS) and whether they get an SMS. */
export function paymentSettingsRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/payments/settings',
    {
      config: { access: access.unionRead },
      schema: { tags, response: { 200: detailReply(paymentSettingsBody) } },
    },
    async () => ({ data: await readPaymentSettings(deps.db) }),
  );
  app.put(
    '/payments/settings',
    {
      config: { access: access.settingsWrite },
      schema: { tags, body: paymentSettingsBody, response: { 200: savedReply(paymentSettingsBody) } },
    },
    async (req) => ({
      message: 'Payment settings updated successfully',
      data: await updatePaymentSettings(deps.db, actorOf(req), req.body),
    }),
  );
}
