import {
  createDirectGrnBody,
  createOrderGrnBody,
  detailReply,
  grn,
  grnDetail,
  grnListQuery,
  idParams,
  paged,
  receivableOrder as receivableOrderSchema,
  savedReply,
} from '@ushirika/contracts';
import { z } from 'zod';
import { actorOf, assertSociety, societyOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { listOrExport, sendPdf } from '../../../platform/exports.ts';
import { grnPdf } from './grn-pdf.ts';
import { getGrn, listGrns, receivableOrder, receivableOrders } from './queries.ts';
import { receiveDirectGrn } from './receive-direct-grn.ts';
import { receiveOrderGrn } from './receive-order-grn.ts';

const tags = ['inventory'];
const read = { permission: 'inventory.store.read', audience: 'any' } as const;
const receive = { permission: 'inventory.store.update', audience: 'any' } as const;
const receiveOnOrder = { permission: 'inventory.store.update', audience: 'union' } as const;
const base = '/inventory/grns';

/** Goods received notes: union staff into any store, AMCOS users into their own stores. */
export function grnsRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    base,
    { config: { access: read }, schema: { tags, querystring: grnListQuery, response: { 200: paged(grn) } } },
    (req, reply) =>
      listOrExport(
        reply,
        req.query,
        (window) => listGrns(deps.db, req.query, window, societyOf(actorOf(req))),
        {
          name: 'GRNS',
          columns: [
            { header: 'GRN no', value: (r) => r.grnNo },
            { header: 'Received on', value: (r) => r.receivedOn },
            { header: 'Kind', value: (r) => r.kind, label: 'inventoryMd.grnKinds' },
            { header: 'Order', value: (r) => r.orderNo },
            { header: 'Supplier', value: (r) => r.supplierName, width: 28 },
            { header: 'Store', value: (r) => r.storeName, width: 28 },
            { header: 'AMCOS', value: (r) => r.amcosName, width: 28 },
            { header: 'Supplier ref', value: (r) => r.supplierRef },
            { header: 'Lines', value: (r) => r.lineCount },
            { header: 'Value', value: (r) => r.totalValue },
          ],
        },
      ),
  );
  app.get(
    `${base}/orders`,
    {
      config: { access: receiveOnOrder },
      schema: {
        tags,
        response: {
          200: z.object({
            data: z.array(z.object({ id: z.uuid(), orderNo: z.string(), supplierName: z.string() })),
          }),
        },
      },
    },
    async () => ({ data: await receivableOrders(deps.db) }),
  );
  app.get(
    `${base}/orders/:id`,
    {
      config: { access: receiveOnOrder },
      schema: { tags, params: idParams, response: { 200: detailReply(receivableOrderSchema) } },
    },
    async (req) => ({ data: await receivableOrder(deps.db, req.params.id) }),
  );
  app.get(
    `${base}/:id`,
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: detailReply(grnDetail) } },
    },
    async (req) => {
      const data = await getGrn(deps.db, req.params.id);
      assertSociety(actorOf(req), data.amcosId);
      return { data };
    },
  );
  app.get(
    `${base}/:id/pdf`,
    { config: { access: read }, schema: { tags, params: idParams } },
    async (req, reply) => {
      const data = await getGrn(deps.db, req.params.id);
      assertSociety(actorOf(req), data.amcosId);
      return sendPdf(reply, data.grnNo, await grnPdf(deps.db, data), { inline: true });
    },
  );
  app.post(
    `${base}/direct`,
    {
      config: { access: receive },
      schema: { tags, body: createDirectGrnBody, response: { 201: savedReply(grnDetail) } },
    },
    async (req, reply) => {
      const data = await receiveDirectGrn(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: `${data.grnNo} received into ${data.storeName}`, data });
    },
  );
  app.post(
    base,
    {
      config: { access: receiveOnOrder },
      schema: { tags, body: createOrderGrnBody, response: { 201: savedReply(grnDetail) } },
    },
    async (req, reply) => {
      const data = await receiveOrderGrn(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: `${data.grnNo} received into ${data.storeName}`, data });
    },
  );
}
