import {
  cancelPurchaseOrderBody,
  createPurchaseOrderBody,
  detailReply,
  idParams,
  paged,
  purchaseOrder,
  purchaseOrderDetail,
  purchaseOrderListQuery,
  purchaseSettingsBody,
  rejectPurchaseOrderBody,
  savedReply,
  updatePurchaseOrderBody,
} from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import { actorOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { ConflictError } from '../../../platform/errors.ts';
import { listOrExport, sendPdf } from '../../../platform/exports.ts';
import { purchaseApprove, purchaseRead, purchaseWrite, settingsWrite } from '../access.ts';
import { purchaseOrderPdf } from '../pdf.ts';
import { suppliers } from '../suppliers/schema.ts';
import {
  approvePurchaseOrder,
  cancelPurchaseOrder,
  rejectPurchaseOrder,
  submitPurchaseOrder,
} from './change-order-status.ts';
import { createPurchaseOrder } from './create-purchase-order.ts';
import { getPurchaseOrder, listPurchaseOrders } from './queries.ts';
import { getPurchaseSettings } from './settings.ts';
import { updatePurchaseOrder } from './update-purchase-order.ts';
import { updatePurchaseSettings } from './update-purchase-settings.ts';

const tags = ['purchase-orders'];
const saved = { 200: savedReply(purchaseOrderDetail) };

/** Issue 13: purchase orders and the purchasing settings. Union staff only. */
export function purchaseOrdersRoutes(app: ZodApp, deps: AppDeps) {
  purchaseSettingsRoutes(app, deps);
  orderRoutes(app, deps);
  orderWorkflowRoutes(app, deps);
}

/** The purchase settings (VAT rate, tolerances). */
function purchaseSettingsRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;
  app.get(
    '/purchase/settings',
    {
      config: { access: purchaseRead },
      schema: { tags, response: { 200: detailReply(purchaseSettingsBody) } },
    },
    async () => ({ data: await getPurchaseSettings(db) }),
  );
  app.put(
    '/purchase/settings',
    { config: { access: settingsWrite }, schema: { tags, body: purchaseSettingsBody } },
    async (req) => ({
      message: 'Purchase settings updated successfully',
      data: await updatePurchaseSettings(db, actorOf(req), req.body),
    }),
  );
}

/** Purchase orders: list, create, read and change a draft. */
function orderRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;
  app.get(
    '/purchase/orders',
    {
      config: { access: purchaseRead },
      schema: { tags, querystring: purchaseOrderListQuery, response: { 200: paged(purchaseOrder) } },
    },
    (req, reply) =>
      listOrExport(reply, req.query, (window) => listPurchaseOrders(db, req.query, window), {
        name: 'PURCHASE_ORDERS',
        columns: [
          { header: 'Order', value: (r) => r.orderNo },
          { header: 'Supplier', value: (r) => r.supplierName, width: 30 },
          { header: 'Date', value: (r) => r.orderDate },
          { header: 'Expected', value: (r) => r.expectedDate },
          { header: 'Net (TZS)', value: (r) => r.subtotal },
          { header: 'VAT (TZS)', value: (r) => r.vatTotal },
          { header: 'Total (TZS)', value: (r) => r.total },
          { header: 'Status', value: (r) => r.status },
        ],
      }),
  );
  app.post(
    '/purchase/orders',
    {
      config: { access: purchaseWrite },
      schema: { tags, body: createPurchaseOrderBody, response: { 201: savedReply(purchaseOrderDetail) } },
    },
    async (req, reply) => {
      const data = await createPurchaseOrder(db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'Purchase order created successfully', data });
    },
  );
  app.get(
    '/purchase/orders/:id',
    {
      config: { access: purchaseRead },
      schema: { tags, params: idParams, response: { 200: detailReply(purchaseOrderDetail) } },
    },
    async (req) => ({ data: await getPurchaseOrder(db, req.params.id) }),
  );
  app.put(
    '/purchase/orders/:id',
    {
      config: { access: purchaseWrite },
      schema: { tags, params: idParams, body: updatePurchaseOrderBody, response: saved },
    },
    async (req) => ({
      message: 'Purchase order updated successfully',
      data: await updatePurchaseOrder(db, actorOf(req), { id: req.params.id, body: req.body }),
    }),
  );
}

/** An order's way: submit, approve, reject, cancel, and its PDF. */
function orderWorkflowRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;
  app.patch(
    '/purchase/orders/:id/submit',
    { config: { access: purchaseWrite }, schema: { tags, params: idParams, response: saved } },
    async (req) => ({
      message: 'Purchase order submitted for approval',
      data: await submitPurchaseOrder(db, actorOf(req), { id: req.params.id }),
    }),
  );
  app.patch(
    '/purchase/orders/:id/approve',
    { config: { access: purchaseApprove }, schema: { tags, params: idParams, response: saved } },
    async (req) => ({
      message: 'Purchase order approved successfully',
      data: await approvePurchaseOrder(db, actorOf(req), { id: req.params.id }),
    }),
  );
  app.patch(
    '/purchase/orders/:id/reject',
    {
      config: { access: purchaseApprove },
      schema: { tags, params: idParams, body: rejectPurchaseOrderBody, response: saved },
    },
    async (req) => ({
      message: 'Purchase order rejected successfully',
      data: await rejectPurchaseOrder(db, actorOf(req), { id: req.params.id, reason: req.body.reason }),
    }),
  );
  app.patch(
    '/purchase/orders/:id/cancel',
    {
      config: { access: purchaseWrite },
      schema: { tags, params: idParams, body: cancelPurchaseOrderBody, response: saved },
    },
    async (req) => ({
      message: 'Purchase order cancelled successfully',
      data: await cancelPurchaseOrder(db, actorOf(req), { id: req.params.id, reason: req.body.reason }),
    }),
  );
  app.get(
    '/purchase/orders/:id/pdf',
    { config: { access: purchaseRead }, schema: { tags, params: idParams } },
    async (req, reply) => {
      const order = await getPurchaseOrder(db, req.params.id);
      if (['draft', 'submitted', 'cancelled', 'rejected'].includes(order.status))
        throw new ConflictError(
          `Purchase order ${order.orderNo} is not approved: there is nothing to send the supplier yet`,
        );
      const [supplier] = await db
        .select({ tin: suppliers.tin, vrn: suppliers.vrn, paymentTermsDays: suppliers.paymentTermsDays })
        .from(suppliers)
        .where(eq(suppliers.id, order.supplierId));
      return sendPdf(
        reply,
        order.orderNo,
        await purchaseOrderPdf(db, order, supplier ?? { tin: null, vrn: null, paymentTermsDays: 0 }),
      );
    },
  );
}
