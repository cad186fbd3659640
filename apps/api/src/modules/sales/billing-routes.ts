import {
  allocateReceiptBody,
  buyerAgedQuery,
  type buyerAgedReport,
  buyerReceipt,
  buyerReceiptDetail,
  buyerReceiptListQuery,
  cancelSalesInvoiceBody,
  createBuyerReceiptBody,
  createGroupInvoiceBody,
  createReleaseNoteBody,
  createSalesInvoiceBody,
  detailReply,
  groupInvoice,
  groupInvoiceDetail,
  groupInvoiceListQuery,
  isoDate,
  paged,
  releasableLot,
  releaseNote,
  releaseNoteDetail,
  releaseNoteListQuery,
  salesInvoice,
  salesInvoiceDetail,
  salesInvoiceListQuery,
  salesSettingsBody,
  savedReply,
} from '@ushirika/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ZodApp } from '../../app.ts';
import { actorOf } from '../../platform/access.ts';
import { getOrNotFound, registerCatalog } from '../../platform/catalog.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { sendExport, toXlsx } from '../../platform/exports.ts';
import { pagedReply, pageWindow } from '../../platform/list.ts';
import { unionProfile } from '../cooperative/schema.ts';
import { buyerResource } from './buyers/buyers.ts';
import { buyerStatement } from './buyers/statement.ts';
import { cancelSalesInvoice } from './invoices/cancel-invoice.ts';
import { createSalesInvoice } from './invoices/create-invoice.ts';
import { createGroupInvoice, getGroupInvoice, listGroupInvoices } from './invoices/group-invoices.ts';
import { getSalesInvoice, listSalesInvoices } from './invoices/queries.ts';
import { getSalesSettings, updateSalesSettings } from './invoices/settings.ts';
import { agedReportPdf, buyerStatementPdf, groupInvoicePdf, invoicePdf, releaseNotePdf } from './pdf.ts';
import { allocateBuyerReceipt, createBuyerReceipt } from './receipts/create-receipt.ts';
import { getBuyerReceipt, listBuyerReceipts } from './receipts/queries.ts';
import {
  createReleaseNote,
  getReleaseNote,
  listReleasableLots,
  listReleaseNotes,
} from './release-notes/release-notes.ts';
import { buyerAgedDetails, buyerAgedSummary } from './reports/buyer-aged.ts';

const idParams = z.object({ id: z.uuid('Not a valid id') });
const read = { permission: 'sales.invoice.read', audience: 'union' } as const;
const invoiceWrite = { permission: 'sales.invoice.create', audience: 'union' } as const;
const receiptWrite = { permission: 'sales.receipt.create', audience: 'union' } as const;
const reportRead = { permission: 'reports.report.read', audience: 'union' } as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const today = () => new Date().toISOString().slice(0, 10);

function sendPdf(reply: FastifyReply, name: string, body: Buffer) {
  reply.header('content-disposition', `attachment; filename="${name}.pdf"`);
  return reply.type('application/pdf').send(body);
}

/**
 * Issue 6, the buyer half: buyers, sales invoices, group invoices, buyer receipts with their
 * allocations, release notes, the buyer aged report and the sales settings. Union staff only.
 */
export function salesBillingRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;

  // Buyers ---------------------------------------------------------------------------------------
  registerCatalog(app, deps, buyerResource);
  app.get(
    '/sales/buyers/:id/statement',
    {
      config: { access: read },
      schema: {
        tags: ['buyers'],
        params: idParams,
        querystring: z.object({ from: isoDate.optional(), to: isoDate.optional() }),
      },
    },
    async (req, reply) => {
      await getOrNotFound(buyerResource, db, req.params.id);
      const to = req.query.to ?? today();
      const from = req.query.from ?? `${to.slice(0, 4)}-01-01`;
      const statement = await buyerStatement(db, req.params.id, from, to);
      return sendPdf(reply, `BUYER_STATEMENT_${from}_${to}`, await buyerStatementPdf(db, statement));
    },
  );

  // Settings -------------------------------------------------------------------------------------
  app.get(
    '/sales/settings',
    {
      config: { access: read },
      schema: { tags: ['sales'], response: { 200: detailReply(salesSettingsBody) } },
    },
    async () => ({ data: await getSalesSettings(db) }),
  );
  app.put(
    '/sales/settings',
    {
      config: { access: { permission: 'settings.collection.update', audience: 'union' } },
      schema: { tags: ['sales'], body: salesSettingsBody, response: { 200: savedReply(salesSettingsBody) } },
    },
    async (req) => ({
      message: 'Sales settings updated successfully',
      data: await updateSalesSettings(db, { body: req.body, actorId: actorOf(req).userId }),
    }),
  );

  // Invoices ---------------------------------------------------------------------------------------
  const tags = ['sales-invoices'];
  app.get(
    '/sales/invoices',
    {
      config: { access: read },
      schema: { tags, querystring: salesInvoiceListQuery, response: { 200: paged(salesInvoice) } },
    },
    async (req, reply) => {
      const { rows, total } = await listSalesInvoices(db, req.query, pageWindow(req.query));
      if (req.query.format === 'json') return pagedReply(rows, total, req.query);
      return sendExport(reply, {
        format: req.query.format,
        name: 'SALES_INVOICES',
        rows,
        columns: [
          { header: 'Invoice', value: (r) => r.invoiceNo },
          { header: 'Buyer', value: (r) => r.buyerName, width: 30 },
          { header: 'Date', value: (r) => r.invoiceDate },
          { header: 'Due', value: (r) => r.dueDate },
          { header: 'Goods (TZS)', value: (r) => r.subtotal },
          { header: 'Levies (TZS)', value: (r) => r.leviesTotal },
          { header: 'Total (TZS)', value: (r) => r.total },
          { header: 'Paid (TZS)', value: (r) => r.paidAmount },
          { header: 'Balance (TZS)', value: (r) => r.balance },
          { header: 'Status', value: (r) => r.status },
        ],
      });
    },
  );
  app.post(
    '/sales/invoices',
    {
      config: { access: invoiceWrite },
      schema: { tags, body: createSalesInvoiceBody, response: { 201: savedReply(salesInvoiceDetail) } },
    },
    async (req, reply) => {
      const data = await createSalesInvoice(db, { body: req.body, actorId: actorOf(req).userId });
      return reply.code(201).send({ message: 'Invoice created successfully', data });
    },
  );
  app.get(
    '/sales/invoices/:id',
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: detailReply(salesInvoiceDetail) } },
    },
    async (req) => ({ data: await getSalesInvoice(db, req.params.id) }),
  );
  app.get(
    '/sales/invoices/:id/pdf',
    { config: { access: read }, schema: { tags, params: idParams } },
    async (req, reply) => {
      const invoice = await getSalesInvoice(db, req.params.id);
      return sendPdf(reply, invoice.invoiceNo, await invoicePdf(db, invoice));
    },
  );
  app.post(
    '/sales/invoices/:id/cancel',
    {
      config: { access: invoiceWrite },
      schema: {
        tags,
        params: idParams,
        body: cancelSalesInvoiceBody,
        response: { 200: savedReply(salesInvoiceDetail) },
      },
    },
    async (req) => ({
      message: 'Invoice cancelled successfully',
      data: await cancelSalesInvoice(db, {
        id: req.params.id,
        reason: req.body.reason,
        actorId: actorOf(req).userId,
      }),
    }),
  );

  // Group invoices -------------------------------------------------------------------------------
  const groupTags = ['group-invoices'];
  app.get(
    '/sales/group-invoices',
    {
      config: { access: read },
      schema: { tags: groupTags, querystring: groupInvoiceListQuery, response: { 200: paged(groupInvoice) } },
    },
    async (req, reply) => {
      const { rows, total } = await listGroupInvoices(db, req.query, pageWindow(req.query));
      if (req.query.format === 'json') return pagedReply(rows, total, req.query);
      return sendExport(reply, {
        format: req.query.format,
        name: 'GROUP_INVOICES',
        rows,
        columns: [
          { header: 'Group invoice', value: (r) => r.groupNo },
          { header: 'Buyer', value: (r) => r.buyerName, width: 30 },
          { header: 'Date', value: (r) => r.groupDate },
          { header: 'Due', value: (r) => r.dueDate },
          { header: 'Invoices', value: (r) => r.invoiceCount },
          { header: 'Total (TZS)', value: (r) => r.total },
          { header: 'Balance (TZS)', value: (r) => r.balance },
        ],
      });
    },
  );
  app.post(
    '/sales/group-invoices',
    {
      config: { access: invoiceWrite },
      schema: {
        tags: groupTags,
        body: createGroupInvoiceBody,
        response: { 201: savedReply(groupInvoiceDetail) },
      },
    },
    async (req, reply) => {
      const data = await createGroupInvoice(db, { body: req.body, actorId: actorOf(req).userId });
      return reply.code(201).send({ message: 'Group invoice created successfully', data });
    },
  );
  app.get(
    '/sales/group-invoices/:id',
    {
      config: { access: read },
      schema: { tags: groupTags, params: idParams, response: { 200: detailReply(groupInvoiceDetail) } },
    },
    async (req) => ({ data: await getGroupInvoice(db, req.params.id) }),
  );
  app.get(
    '/sales/group-invoices/:id/pdf',
    { config: { access: read }, schema: { tags: groupTags, params: idParams } },
    async (req, reply) => {
      const group = await getGroupInvoice(db, req.params.id);
      return sendPdf(reply, group.groupNo, await groupInvoicePdf(db, group));
    },
  );

  // Receipts ---------------------------------------------------------------------------------------
  const receiptTags = ['buyer-receipts'];
  app.get(
    '/sales/receipts',
    {
      config: { access: read },
      schema: {
        tags: receiptTags,
        querystring: buyerReceiptListQuery,
        response: { 200: paged(buyerReceipt) },
      },
    },
    async (req, reply) => {
      const { rows, total } = await listBuyerReceipts(db, req.query, pageWindow(req.query));
      if (req.query.format === 'json') return pagedReply(rows, total, req.query);
      return sendExport(reply, {
        format: req.query.format,
        name: 'BUYER_RECEIPTS',
        rows,
        columns: [
          { header: 'Receipt', value: (r) => r.receiptNo },
          { header: 'Buyer', value: (r) => r.buyerName, width: 30 },
          { header: 'Date', value: (r) => r.receiptDate },
          { header: 'Bank account', value: (r) => r.bankAccountName, width: 30 },
          { header: 'Reference', value: (r) => r.reference },
          { header: 'Amount (TZS)', value: (r) => r.amount },
          { header: 'Allocated (TZS)', value: (r) => r.allocated },
          { header: 'Credit (TZS)', value: (r) => r.unallocated },
        ],
      });
    },
  );
  app.post(
    '/sales/receipts',
    {
      config: { access: receiptWrite },
      schema: {
        tags: receiptTags,
        body: createBuyerReceiptBody,
        response: { 201: savedReply(buyerReceiptDetail) },
      },
    },
    async (req, reply) => {
      const data = await createBuyerReceipt(db, { body: req.body, actorId: actorOf(req).userId });
      return reply.code(201).send({ message: 'Receipt created successfully', data });
    },
  );
  app.get(
    '/sales/receipts/:id',
    {
      config: { access: read },
      schema: { tags: receiptTags, params: idParams, response: { 200: detailReply(buyerReceiptDetail) } },
    },
    async (req) => ({ data: await getBuyerReceipt(db, req.params.id) }),
  );
  app.post(
    '/sales/receipts/:id/allocate',
    {
      config: { access: receiptWrite },
      schema: {
        tags: receiptTags,
        params: idParams,
        body: allocateReceiptBody,
        response: { 200: savedReply(buyerReceiptDetail) },
      },
    },
    async (req) => ({
      message: 'Receipt allocated successfully',
      data: await allocateBuyerReceipt(db, {
        id: req.params.id,
        allocations: req.body.allocations,
        actorId: actorOf(req).userId,
      }),
    }),
  );

  // Release notes ----------------------------------------------------------------------------------
  const releaseTags = ['release-notes'];
  app.get(
    '/sales/release-notes',
    {
      config: { access: read },
      schema: { tags: releaseTags, querystring: releaseNoteListQuery, response: { 200: paged(releaseNote) } },
    },
    async (req, reply) => {
      const { rows, total } = await listReleaseNotes(db, req.query, pageWindow(req.query));
      if (req.query.format === 'json') return pagedReply(rows, total, req.query);
      return sendExport(reply, {
        format: req.query.format,
        name: 'RELEASE_NOTES',
        rows,
        columns: [
          { header: 'Release note', value: (r) => r.releaseNo },
          { header: 'Buyer', value: (r) => r.buyerName, width: 30 },
          { header: 'Warehouse', value: (r) => r.warehouseName, width: 24 },
          { header: 'Date', value: (r) => r.releaseDate },
          { header: 'Lots', value: (r) => r.lotCount },
          { header: 'Net kg', value: (r) => r.totalKg },
        ],
      });
    },
  );
  app.get(
    '/sales/release-notes/releasable',
    {
      config: { access: read },
      schema: {
        tags: releaseTags,
        querystring: z.object({ buyer_id: z.uuid('Choose a buyer') }),
        response: { 200: z.object({ data: z.array(releasableLot) }) },
      },
    },
    async (req) => ({ data: await listReleasableLots(db, req.query.buyer_id) }),
  );
  app.post(
    '/sales/release-notes',
    {
      config: { access: invoiceWrite },
      schema: {
        tags: releaseTags,
        body: createReleaseNoteBody,
        response: { 201: savedReply(releaseNoteDetail) },
      },
    },
    async (req, reply) => {
      const data = await createReleaseNote(db, { body: req.body, actorId: actorOf(req).userId });
      return reply.code(201).send({ message: 'Release note created successfully', data });
    },
  );
  app.get(
    '/sales/release-notes/:id',
    {
      config: { access: read },
      schema: { tags: releaseTags, params: idParams, response: { 200: detailReply(releaseNoteDetail) } },
    },
    async (req) => ({ data: await getReleaseNote(db, req.params.id) }),
  );
  app.get(
    '/sales/release-notes/:id/pdf',
    { config: { access: read }, schema: { tags: releaseTags, params: idParams } },
    async (req, reply) => {
      const note = await getReleaseNote(db, req.params.id);
      return sendPdf(reply, note.releaseNo, await releaseNotePdf(db, note));
    },
  );

  // Buyer aged report ------------------------------------------------------------------------------
  const agedReport = async (
    req: { query: z.infer<typeof buyerAgedQuery> },
    reply: FastifyReply,
    view: 'summary' | 'details',
  ) => {
    const params = { asAt: req.query.as_at ?? today(), buyerId: req.query.buyer_id };
    const name = `BUYER_AGED_${view.toUpperCase()}_${params.asAt}`;
    const [union] = await db.select({ name: unionProfile.name }).from(unionProfile);
    if (view === 'summary') {
      const report = await buyerAgedSummary(db, params);
      if (req.query.format === 'json') return reply.send({ data: report });
      if (req.query.format === 'pdf')
        return sendPdf(reply, name, await agedReportPdf(report, union?.name ?? ''));
      return sendXlsx(reply, name, await toXlsx(name, agedSummaryColumns, report.summary));
    }
    const report = await buyerAgedDetails(db, params);
    if (req.query.format === 'json') return reply.send({ data: report });
    if (req.query.format === 'pdf')
      return sendPdf(reply, name, await agedReportPdf(report, union?.name ?? ''));
    return sendXlsx(reply, name, await toXlsx(name, agedDetailColumns, report.details));
  };
  app.get(
    '/reports/buyer/aged-summary',
    { config: { access: reportRead }, schema: { tags: ['reports'], querystring: buyerAgedQuery } },
    (req, reply) => agedReport(req, reply, 'summary'),
  );
  app.get(
    '/reports/buyer/aged-details',
    { config: { access: reportRead }, schema: { tags: ['reports'], querystring: buyerAgedQuery } },
    (req, reply) => agedReport(req, reply, 'details'),
  );
}

function sendXlsx(reply: FastifyReply, name: string, body: Buffer) {
  reply.header('content-disposition', `attachment; filename="${name}.xlsx"`);
  return reply.type(XLSX).send(body);
}

type AgedSummaryRow = z.infer<typeof buyerAgedReport>['summary'][number];
type AgedDetailRow = z.infer<typeof buyerAgedReport>['details'][number];
const agedSummaryColumns = [
  { header: 'Buyer', value: (r: AgedSummaryRow) => r.buyerName, width: 30 },
  { header: '0-30 days', value: (r: AgedSummaryRow) => r.current },
  { header: '31-60 days', value: (r: AgedSummaryRow) => r.d31to60 },
  { header: '61-90 days', value: (r: AgedSummaryRow) => r.d61to90 },
  { header: 'Over 90 days', value: (r: AgedSummaryRow) => r.over90 },
  { header: 'Credit', value: (r: AgedSummaryRow) => r.credit },
  { header: 'Balance', value: (r: AgedSummaryRow) => r.balance },
];
const agedDetailColumns = [
  { header: 'Buyer', value: (r: AgedDetailRow) => r.buyerName, width: 30 },
  { header: 'Invoice', value: (r: AgedDetailRow) => r.invoiceNo },
  { header: 'Date', value: (r: AgedDetailRow) => r.invoiceDate },
  { header: 'Due', value: (r: AgedDetailRow) => r.dueDate },
  { header: 'Days', value: (r: AgedDetailRow) => r.days },
  { header: 'Total', value: (r: AgedDetailRow) => r.total },
  { header: 'Paid', value: (r: AgedDetailRow) => r.paid },
  { header: '0-30 days', value: (r: AgedDetailRow) => r.current },
  { header: '31-60 days', value: (r: AgedDetailRow) => r.d31to60 },
  { header: '61-90 days', value: (r: AgedDetailRow) => r.d61to90 },
  { header: 'Over 90 days', value: (r: AgedDetailRow) => r.over90 },
];
