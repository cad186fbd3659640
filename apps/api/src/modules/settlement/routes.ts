import {
  cancelSettlementBody,
  createLoanBody,
  detailReply,
  exportBatchQuery,
  farmerLoan,
  idParams,
  listQuery,
  loanList,
  loanListQuery,
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
  settlementDetails,
  settlementFarmerList,
  settlementList,
  settlementListQuery,
  settlementPreview,
  settlementSelection,
} from '@ushirika/contracts';
import { z } from 'zod';
import type { ZodApp } from '../../app.ts';
import { actorOf, societyOf } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { sendExport } from '../../platform/exports.ts';
import { pagedReply, pageWindow } from '../../platform/list.ts';
import { computeSettlement, paidUnsettledLots } from './compute-settlement.ts';
import { createLoan, getLoan, listLoans } from './loans/loans.ts';
import {
  approveBatch,
  exportBatch,
  getBatch,
  listBatches,
  listLines,
  markBatchPaid,
  readPaymentSettings,
  retryLines,
  updatePaymentSettings,
} from './payments/batches.ts';
import { batchVoucherPdf, farmerStatementPdf } from './pdfs.ts';
import { presentPreview } from './present.ts';
import { settlementFarmers } from './queries.ts';
import { settlementReportRoutes } from './reports.ts';
import {
  approveSettlement,
  cancelSettlement,
  createSettlement,
  getSettlement,
  listSettlements,
} from './settlements.ts';

const tags = ['payments'];
const read = { permission: 'payments.settlement.read', audience: 'any' } as const;
const unionRead = { permission: 'payments.settlement.read', audience: 'union' } as const;
const write = { permission: 'payments.settlement.create', audience: 'union' } as const;
const approve = { permission: 'payments.settlement.approve', audience: 'union' } as const;
const approveBatches = { permission: 'payments.batch.approve', audience: 'union' } as const;
const settingsWrite = { permission: 'settings.collection.update', audience: 'union' } as const;

export function settlementRoutes(app: ZodApp, deps: AppDeps) {
  settlementReportRoutes(app, deps);
  // ---- Loans ----
  app.get(
    '/payments/loans',
    { config: { access: read }, schema: { tags, querystring: loanListQuery, response: { 200: loanList } } },
    async (req, reply) => {
      const q = req.query;
      const { rows, total } = await listLoans(
        deps.db,
        actorOf(req),
        {
          farmerId: q.farmer_id,
          amcosId: q.amcos_id,
          outstanding: q.outstanding === undefined ? undefined : q.outstanding === 'true',
          search: q.search,
          sort: q.sort,
        },
        pageWindow(q),
      );
      if (q.format === 'json') return pagedReply(rows, total, q);
      return sendExport(reply, {
        format: q.format,
        name: 'FARMER-LOANS',
        rows,
        columns: [
          { header: 'Loan no', value: (r) => r.loanNo },
          { header: 'Date', value: (r) => r.issuedOn },
          { header: 'Farmer no', value: (r) => r.farmerNo },
          { header: 'Farmer', value: (r) => r.farmerName, width: 30 },
          { header: 'AMCOS', value: (r) => r.amcosName, width: 30 },
          { header: 'Reason', value: (r) => r.reason, width: 30 },
          { header: 'Amount', value: (r) => r.amount },
          { header: 'Recovered', value: (r) => r.recovered },
          { header: 'Outstanding', value: (r) => r.outstanding },
        ],
      });
    },
  );
  app.post(
    '/payments/loans',
    {
      config: { access: write },
      schema: { tags, body: createLoanBody, response: { 201: savedReply(farmerLoan) } },
    },
    async (req, reply) => {
      const data = await createLoan(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'Loan created successfully', data });
    },
  );
  app.get(
    '/payments/loans/:id',
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: detailReply(farmerLoan) } },
    },
    async (req) => ({ data: await getLoan(deps.db, actorOf(req), req.params.id) }),
  );

  // ---- Settlements ----
  app.post(
    '/payments/settlements/preview',
    {
      config: { access: write },
      schema: { tags, body: settlementSelection, response: { 200: detailReply(settlementPreview) } },
    },
    async (req) => {
      const paid = await paidUnsettledLots(deps.db, req.body);
      return { data: await presentPreview(deps.db, await computeSettlement(deps.db, paid)) };
    },
  );
  app.get(
    '/payments/settlements',
    {
      config: { access: unionRead },
      schema: { tags, querystring: settlementListQuery, response: { 200: settlementList } },
    },
    async (req) => {
      const { rows, total } = await listSettlements(
        deps.db,
        { status: req.query.status, search: req.query.search },
        pageWindow(req.query),
      );
      return pagedReply(rows, total, req.query);
    },
  );
  app.post(
    '/payments/settlements',
    {
      config: { access: write },
      schema: { tags, body: settlementSelection, response: { 201: savedReply(settlementDetails) } },
    },
    async (req, reply) => {
      const data = await createSettlement(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'Settlement created successfully', data });
    },
  );
  app.get(
    '/payments/settlements/:id',
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: detailReply(settlementDetails) } },
    },
    async (req) => ({ data: await getSettlement(deps.db, req.params.id, societyOf(actorOf(req))) }),
  );
  app.get(
    '/payments/settlements/:id/farmers',
    {
      config: { access: read },
      schema: { tags, params: idParams, querystring: listQuery, response: { 200: settlementFarmerList } },
    },
    async (req) => {
      const { rows, total } = await settlementFarmers(
        deps.db,
        req.params.id,
        societyOf(actorOf(req)),
        req.query.search,
        pageWindow(req.query),
      );
      return pagedReply(rows, total, req.query);
    },
  );
  app.patch(
    '/payments/settlements/:id/approve',
    {
      config: { access: approve },
      schema: { tags, params: idParams, response: { 200: savedReply(settlementDetails) } },
    },
    async (req) => ({
      message: 'Settlement approved successfully',
      data: await approveSettlement(deps.db, actorOf(req), req.params.id),
    }),
  );
  app.patch(
    '/payments/settlements/:id/cancel',
    {
      config: { access: write },
      schema: {
        tags,
        params: idParams,
        body: cancelSettlementBody,
        response: { 200: savedReply(settlementDetails) },
      },
    },
    async (req) => ({
      message: 'Settlement cancelled successfully',
      data: await cancelSettlement(deps.db, actorOf(req), req.params.id, req.body.reason),
    }),
  );

  // ---- Payment batches ----
  app.get(
    '/payments/batches',
    {
      config: { access: unionRead },
      schema: { tags, querystring: paymentBatchListQuery, response: { 200: paymentBatchList } },
    },
    async (req) => {
      const q = req.query;
      const { rows, total } = await listBatches(
        deps.db,
        { partyType: q.party_type, status: q.status, settlementId: q.settlement_id, search: q.search },
        pageWindow(q),
      );
      return pagedReply(rows, total, q);
    },
  );
  app.get(
    '/payments/batches/:id',
    {
      config: { access: unionRead },
      schema: { tags, params: idParams, response: { 200: detailReply(paymentBatch) } },
    },
    async (req) => ({ data: await getBatch(deps.db, req.params.id) }),
  );
  app.get(
    '/payments/batches/:id/lines',
    {
      config: { access: unionRead },
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
  app.patch(
    '/payments/batches/:id/approve',
    {
      config: { access: approveBatches },
      schema: { tags, params: idParams, response: { 200: savedReply(paymentBatch) } },
    },
    async (req) => ({
      message: 'Payment batch approved successfully',
      data: await approveBatch(deps.db, actorOf(req), req.params.id),
    }),
  );
  app.post(
    '/payments/batches/:id/export',
    { config: { access: write }, schema: { tags, params: idParams, querystring: exportBatchQuery } },
    async (req, reply) => {
      const { batch, rows } = await exportBatch(deps.db, actorOf(req), req.params.id, req.query.layout);
      const name = `${batch.batchNo}-${req.query.layout.toUpperCase()}`;
      if (req.query.layout === 'mobile')
        return sendExport(reply, {
          format: req.query.format,
          name,
          rows,
          columns: [
            { header: 'Phone', value: (r) => r.phone },
            { header: 'Amount', value: (r) => r.amount },
            { header: 'Name', value: (r) => r.payeeName, width: 30 },
            { header: 'Reference', value: (r) => r.reference, width: 24 },
            { header: 'Note', value: (r) => r.note, width: 40 },
          ],
        });
      return sendExport(reply, {
        format: req.query.format,
        name,
        rows,
        columns: [
          { header: 'Beneficiary name', value: (r) => r.payeeName, width: 30 },
          { header: 'Bank', value: (r) => r.bankName, width: 24 },
          { header: 'Account no', value: (r) => r.accountNo, width: 20 },
          { header: 'Amount', value: (r) => r.amount },
          { header: 'Currency', value: () => 'TZS' },
          { header: 'Reference', value: (r) => r.reference, width: 24 },
          { header: 'Narration', value: () => `Payment ${batch.batchNo}`, width: 24 },
          { header: 'Note', value: (r) => r.note, width: 40 },
        ],
      });
    },
  );
  app.patch(
    '/payments/batches/:id/paid',
    {
      config: { access: write },
      schema: {
        tags,
        params: idParams,
        body: markBatchPaidBody,
        response: { 200: savedReply(paymentBatch) },
      },
    },
    async (req) => ({
      message: 'Payment batch marked paid successfully',
      data: await markBatchPaid(deps.db, actorOf(req), req.params.id, req.body),
    }),
  );
  app.post(
    '/payments/batches/retry',
    {
      config: { access: write },
      schema: { tags, body: retryLinesBody, response: { 201: savedReply(paymentBatch) } },
    },
    async (req, reply) => {
      const data = await retryLines(deps.db, actorOf(req), req.body.lineIds);
      return reply.code(201).send({ message: 'Payment batch created successfully', data });
    },
  );

  // ---- Payment lines by party (AMCOS users: their own society's) ----
  app.get(
    '/payments/lines',
    {
      config: { access: read },
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
          { header: 'Method', value: (r) => r.method },
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

  // ---- PDFs ----
  app.get(
    '/payments/batches/:id/voucher',
    { config: { access: unionRead }, schema: { tags, params: idParams } },
    async (req, reply) => {
      const { name, body } = await batchVoucherPdf(deps.db, req.params.id);
      reply.header('content-disposition', `attachment; filename="${name}.pdf"`);
      return reply.type('application/pdf').send(body);
    },
  );
  app.get(
    '/payments/farmers/:id/statement',
    { config: { access: read }, schema: { tags, params: idParams } },
    async (req, reply) => {
      const { name, body } = await farmerStatementPdf(deps.db, actorOf(req), req.params.id);
      reply.header('content-disposition', `attachment; filename="${name}.pdf"`);
      return reply.type('application/pdf').send(body);
    },
  );

  // ---- Settings ----
  app.get(
    '/payments/settings',
    { config: { access: unionRead }, schema: { tags, response: { 200: detailReply(paymentSettingsBody) } } },
    async () => ({ data: await readPaymentSettings(deps.db) }),
  );
  app.put(
    '/payments/settings',
    {
      config: { access: settingsWrite },
      schema: { tags, body: paymentSettingsBody, response: { 200: savedReply(paymentSettingsBody) } },
    },
    async (req) => ({
      message: 'Payment settings updated successfully',
      data: await updatePaymentSettings(deps.db, actorOf(req), req.body),
    }),
  );
}
