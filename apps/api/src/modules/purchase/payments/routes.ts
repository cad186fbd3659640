import {
  bankCoverReply,
  cancelSupplierPaymentBody,
  createSupplierPaymentBody,
  detailReply,
  idParams,
  paged,
  savedReply,
  savedWarnedReply,
  supplierAgedQuery,
  supplierPayment,
  supplierPaymentDetail,
  supplierPaymentListQuery,
} from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { actorOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { listOrExport, sendExport, sendPdf } from '../../../platform/exports.ts';
import { unionLetterhead } from '../../cooperative/union.ts';
import { paymentApprove, paymentWrite, purchaseRead } from '../access.ts';
import { remittancePdf, supplierAgedPdf } from '../pdf.ts';
import { approveSupplierPayment } from './approve-supplier-payment.ts';
import { cancelSupplierPayment } from './cancel-supplier-payment.ts';
import { createSupplierPayment } from './create-supplier-payment.ts';
import { getSupplierPayment, listSupplierPayments, supplierPaymentCover } from './queries.ts';
import { supplierAged } from './supplier-aged.ts';

const tags = ['supplier-payments'];
const saved = { 200: savedReply(supplierPaymentDetail) };

/** Issue 13: supplier payments (maker-checker), remittance advice, the aged payables report. */
export function supplierPaymentsRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;
  app.get(
    '/purchase/payments',
    {
      config: { access: purchaseRead },
      schema: { tags, querystring: supplierPaymentListQuery, response: { 200: paged(supplierPayment) } },
    },
    (req, reply) =>
      listOrExport(reply, req.query, (window) => listSupplierPayments(db, req.query, window), {
        name: 'SUPPLIER_PAYMENTS',
        columns: [
          { header: 'Payment', value: (r) => r.paymentNo },
          { header: 'Supplier', value: (r) => r.supplierName, width: 30 },
          { header: 'Date', value: (r) => r.paymentDate },
          { header: 'Bank account', value: (r) => r.bankAccountName, width: 30 },
          { header: 'Reference', value: (r) => r.reference },
          { header: 'Amount (TZS)', value: (r) => r.amount },
          { header: 'Status', value: (r) => r.status },
        ],
      }),
  );
  app.post(
    '/purchase/payments',
    {
      config: { access: paymentWrite },
      schema: { tags, body: createSupplierPaymentBody, response: { 201: savedReply(supplierPaymentDetail) } },
    },
    async (req, reply) => {
      const data = await createSupplierPayment(db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'Payment saved: it waits for approval', data });
    },
  );
  app.get(
    '/purchase/payments/:id',
    {
      config: { access: purchaseRead },
      schema: { tags, params: idParams, response: { 200: detailReply(supplierPaymentDetail) } },
    },
    async (req) => ({ data: await getSupplierPayment(db, req.params.id) }),
  );
  app.get(
    '/purchase/payments/:id/bank-cover',
    {
      config: { access: paymentApprove },
      schema: { tags, params: idParams, response: { 200: bankCoverReply } },
    },
    async (req) => ({ data: await supplierPaymentCover(db, req.params.id) }),
  );
  app.patch(
    '/purchase/payments/:id/approve',
    {
      config: { access: paymentApprove },
      schema: { tags, params: idParams, response: { 200: savedWarnedReply(supplierPaymentDetail) } },
    },
    async (req) => {
      const { payment, warning } = await approveSupplierPayment(db, actorOf(req), { id: req.params.id });
      return { message: 'Payment approved successfully', data: payment, ...(warning ? { warning } : {}) };
    },
  );
  app.patch(
    '/purchase/payments/:id/cancel',
    {
      config: { access: paymentWrite },
      schema: { tags, params: idParams, body: cancelSupplierPaymentBody, response: saved },
    },
    async (req) => ({
      message: 'Payment cancelled successfully',
      data: await cancelSupplierPayment(db, actorOf(req), { id: req.params.id, reason: req.body.reason }),
    }),
  );
  app.get(
    '/purchase/payments/:id/remittance',
    { config: { access: purchaseRead }, schema: { tags, params: idParams } },
    async (req, reply) => {
      const payment = await getSupplierPayment(db, req.params.id);
      return sendPdf(reply, `REMITTANCE_${payment.paymentNo}`, await remittancePdf(db, payment));
    },
  );
  supplierAgedRoute(app, deps);
}

/** The aged payables report: JSON, the PDF of its details or a sheet. */
function supplierAgedRoute(app: ZodApp, deps: AppDeps) {
  app.get(
    '/reports/supplier/aged',
    {
      config: { access: purchaseRead, reportRead: true },
      schema: { tags: ['reports'], querystring: supplierAgedQuery },
    },
    async (req, reply) => {
      const report = await supplierAged(deps.reportDb, {
        asAt: req.query.as_at ?? todayInTanzania(),
        supplierId: req.query.supplier_id,
      });
      if (req.query.format === 'json') return reply.send({ data: report });
      const name = `SUPPLIER_AGED_${report.asAt}`;
      if (req.query.format === 'pdf') {
        return sendPdf(
          reply,
          name,
          await supplierAgedPdf(report, await unionLetterhead(deps.reportDb), 'details'),
        );
      }
      return sendExport(reply, {
        format: 'xlsx',
        name,
        rows: report.details,
        columns: [
          { header: 'Supplier', value: (r) => r.supplierName, width: 30 },
          { header: 'Invoice', value: (r) => r.invoiceNo },
          { header: 'Supplier invoice', value: (r) => r.supplierInvoiceNo },
          { header: 'Date', value: (r) => r.invoiceDate },
          { header: 'Due', value: (r) => r.dueDate },
          { header: 'Days', value: (r) => r.days },
          { header: 'Total', value: (r) => r.total },
          { header: 'Paid', value: (r) => r.paid },
          { header: '0-30 days', value: (r) => r.current },
          { header: '31-60 days', value: (r) => r.d31to60 },
          { header: '61-90 days', value: (r) => r.d61to90 },
          { header: 'Over 90 days', value: (r) => r.over90 },
        ],
      });
    },
  );
}
