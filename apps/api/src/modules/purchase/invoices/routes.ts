import {
  approvePurchaseInvoiceBody,
  cancelPurchaseInvoiceBody,
  createPurchaseInvoiceBody,
  detailReply,
  idParams,
  paged,
  purchaseInvoice,
  purchaseInvoiceDetail,
  purchaseInvoiceListQuery,
  savedReply,
} from '@ushirika/contracts';
import { actorOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { listOrExport } from '../../../platform/exports.ts';
import { purchaseApprove, purchaseRead, purchaseWrite } from '../access.ts';
import { approvePurchaseInvoice } from './approve-purchase-invoice.ts';
import { cancelPurchaseInvoice } from './cancel-purchase-invoice.ts';
import { createPurchaseInvoice } from './create-purchase-invoice.ts';
import { getPurchaseInvoice, listPurchaseInvoices } from './queries.ts';

const tags = ['purchase-invoices'];
const saved = { 200: savedReply(purchaseInvoiceDetail) };

/** Issue 13: purchase invoices, matched to their order and GRNs. Union staff only. */
export function purchaseInvoicesRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;
  app.get(
    '/purchase/invoices',
    {
      config: { access: purchaseRead },
      schema: { tags, querystring: purchaseInvoiceListQuery, response: { 200: paged(purchaseInvoice) } },
    },
    (req, reply) =>
      listOrExport(reply, req.query, (window) => listPurchaseInvoices(db, req.query, window), {
        name: 'PURCHASE_INVOICES',
        columns: [
          { header: 'Invoice', value: (r) => r.invoiceNo },
          { header: 'Supplier invoice', value: (r) => r.supplierInvoiceNo },
          { header: 'Supplier', value: (r) => r.supplierName, width: 30 },
          { header: 'Order', value: (r) => r.orderNo },
          { header: 'Date', value: (r) => r.invoiceDate },
          { header: 'Due', value: (r) => r.dueDate },
          { header: 'Net (TZS)', value: (r) => r.subtotal },
          { header: 'VAT (TZS)', value: (r) => r.vatTotal },
          { header: 'Total (TZS)', value: (r) => r.total },
          { header: 'Paid (TZS)', value: (r) => r.paidAmount },
          { header: 'Balance (TZS)', value: (r) => r.balance },
          { header: 'Status', value: (r) => r.status },
        ],
      }),
  );
  app.post(
    '/purchase/invoices',
    {
      config: { access: purchaseWrite },
      schema: { tags, body: createPurchaseInvoiceBody, response: { 201: savedReply(purchaseInvoiceDetail) } },
    },
    async (req, reply) => {
      const data = await createPurchaseInvoice(db, actorOf(req), req.body);
      const message =
        data.status === 'awaiting_approval'
          ? 'Invoice saved: it differs from the order or the goods received and needs approval'
          : 'Purchase invoice created successfully';
      return reply.code(201).send({ message, data });
    },
  );
  app.get(
    '/purchase/invoices/:id',
    {
      config: { access: purchaseRead },
      schema: { tags, params: idParams, response: { 200: detailReply(purchaseInvoiceDetail) } },
    },
    async (req) => ({ data: await getPurchaseInvoice(db, req.params.id) }),
  );
  app.patch(
    '/purchase/invoices/:id/approve',
    {
      config: { access: purchaseApprove },
      schema: { tags, params: idParams, body: approvePurchaseInvoiceBody, response: saved },
    },
    async (req) => ({
      message: 'Purchase invoice approved successfully',
      data: await approvePurchaseInvoice(db, actorOf(req), { id: req.params.id, reason: req.body.reason }),
    }),
  );
  app.patch(
    '/purchase/invoices/:id/cancel',
    {
      config: { access: purchaseWrite },
      schema: { tags, params: idParams, body: cancelPurchaseInvoiceBody, response: saved },
    },
    async (req) => ({
      message: 'Purchase invoice cancelled successfully',
      data: await cancelPurchaseInvoice(db, actorOf(req), { id: req.params.id, reason: req.body.reason }),
    }),
  );
}
