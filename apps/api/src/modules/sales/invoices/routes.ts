import {
  cancelSalesInvoiceBody,
  createGroupInvoiceBody,
  createSalesInvoiceBody,
  detailReply,
  groupInvoice,
  groupInvoiceDetail,
  groupInvoiceListQuery,
  idParams,
  paged,
  salesInvoice,
  salesInvoiceDetail,
  salesInvoiceListQuery,
  salesSettingsBody,
  savedReply,
} from '@ushirika/contracts';
import { actorOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { listOrExport, sendPdf } from '../../../platform/exports.ts';
import { groupInvoicePdf, invoicePdf } from '../pdf.ts';
import { invoiceWrite, read } from '../route-helpers.ts';
import { cancelSalesInvoice } from './cancel-sales-invoice.ts';
import { createGroupInvoice } from './create-group-invoice.ts';
import { createSalesInvoice } from './create-sales-invoice.ts';
import { getGroupInvoice, listGroupInvoices } from './group-invoices.ts';
import { getSalesInvoice, listSalesInvoices } from './queries.ts';
import { getSalesSettings } from './settings.ts';
import { updateSalesSettings } from './update-sales-settings.ts';

/** Issue 6: the sales settings, sales invoices and group invoices. Union staff only. */
export function salesInvoicesRoutes(app: ZodApp, deps: AppDeps) {
  salesSettingsRoutes(app, deps);
  invoiceRoutes(app, deps);
  groupInvoiceRoutes(app, deps);
}

/** The sales settings (the invoices' due days). */
function salesSettingsRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;
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
      data: await updateSalesSettings(db, actorOf(req), req.body),
    }),
  );
}

/** Sales invoices: list, a manual invoice, one invoice and its PDF, cancelling. */
function invoiceRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;
  const tags = ['sales-invoices'];
  app.get(
    '/sales/invoices',
    {
      config: { access: read },
      schema: { tags, querystring: salesInvoiceListQuery, response: { 200: paged(salesInvoice) } },
    },
    (req, reply) =>
      listOrExport(reply, req.query, (window) => listSalesInvoices(db, req.query, window), {
        name: 'SALES_INVOICES',
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
      }),
  );
  app.post(
    '/sales/invoices',
    {
      config: { access: invoiceWrite },
      schema: { tags, body: createSalesInvoiceBody, response: { 201: savedReply(salesInvoiceDetail) } },
    },
    async (req, reply) => {
      const data = await createSalesInvoice(db, actorOf(req), req.body);
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
  app.patch(
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
      data: await cancelSalesInvoice(db, actorOf(req), { id: req.params.id, reason: req.body.reason }),
    }),
  );
}

/** Group invoices: several open invoices of one buyer sent as one document. */
function groupInvoiceRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;
  const groupTags = ['group-invoices'];
  app.get(
    '/sales/group-invoices',
    {
      config: { access: read },
      schema: { tags: groupTags, querystring: groupInvoiceListQuery, response: { 200: paged(groupInvoice) } },
    },
    (req, reply) =>
      listOrExport(reply, req.query, (window) => listGroupInvoices(db, req.query, window), {
        name: 'GROUP_INVOICES',
        columns: [
          { header: 'Group invoice', value: (r) => r.groupNo },
          { header: 'Buyer', value: (r) => r.buyerName, width: 30 },
          { header: 'Date', value: (r) => r.groupDate },
          { header: 'Due', value: (r) => r.dueDate },
          { header: 'Invoices', value: (r) => r.invoiceCount },
          { header: 'Total (TZS)', value: (r) => r.total },
          { header: 'Balance (TZS)', value: (r) => r.balance },
        ],
      }),
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
      const data = await createGroupInvoice(db, actorOf(req), req.body);
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
}
