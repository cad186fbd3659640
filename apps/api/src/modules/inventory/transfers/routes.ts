import {
  createStockTransferBody,
  detailReply,
  idParams,
  paged,
  receiveStockTransferBody,
  savedReply,
  stockTransfer,
  stockTransferDetail,
  stockTransferListQuery,
} from '@ushirika/contracts';
import { actorOf, societyOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { listOrExport, sendPdf } from '../../../platform/exports.ts';
import { dispatchStockTransfer } from './dispatch-stock-transfer.ts';
import { assertTransferSociety, getStockTransfer, listStockTransfers } from './queries.ts';
import { receiveStockTransfer } from './receive-stock-transfer.ts';
import { waybillPdf } from './waybill-pdf.ts';

const tags = ['inventory'];
const read = { permission: 'inventory.store.read', audience: 'any' } as const;
const write = { permission: 'inventory.store.update', audience: 'any' } as const;
const base = '/inventory/transfers';

/** Transfers between stores: dispatched by the sending store, counted in by the receiving one. */
export function transfersRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    base,
    {
      config: { access: read },
      schema: { tags, querystring: stockTransferListQuery, response: { 200: paged(stockTransfer) } },
    },
    (req, reply) =>
      listOrExport(
        reply,
        req.query,
        (window) => listStockTransfers(deps.db, req.query, window, societyOf(actorOf(req))),
        {
          name: 'STOCK_TRANSFERS',
          columns: [
            { header: 'Transfer no', value: (r) => r.transferNo },
            { header: 'Kind', value: (r) => r.kind, label: 'inventoryMd.transferKinds' },
            { header: 'Status', value: (r) => r.status },
            { header: 'From store', value: (r) => r.fromStoreName, width: 28 },
            { header: 'To store', value: (r) => r.toStoreName, width: 28 },
            { header: 'Dispatched on', value: (r) => r.dispatchedOn },
            { header: 'Received on', value: (r) => r.receivedOn },
            { header: 'Value', value: (r) => r.totalValue },
            { header: 'Received value', value: (r) => r.receivedValue },
            { header: 'Variance', value: (r) => r.varianceValue },
          ],
        },
      ),
  );
  app.get(
    `${base}/:id`,
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: detailReply(stockTransferDetail) } },
    },
    async (req) => {
      const data = await getStockTransfer(deps.db, req.params.id);
      assertTransferSociety(actorOf(req), data);
      return { data };
    },
  );
  app.get(
    `${base}/:id/pdf`,
    { config: { access: read }, schema: { tags, params: idParams } },
    async (req, reply) => {
      const data = await getStockTransfer(deps.db, req.params.id);
      assertTransferSociety(actorOf(req), data);
      return sendPdf(reply, data.transferNo, await waybillPdf(deps.db, data), { inline: true });
    },
  );
  app.post(
    base,
    {
      config: { access: write },
      schema: { tags, body: createStockTransferBody, response: { 201: savedReply(stockTransferDetail) } },
    },
    async (req, reply) => {
      const data = await dispatchStockTransfer(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: `${data.transferNo} dispatched to ${data.toStoreName}`, data });
    },
  );
  app.patch(
    `${base}/:id/receive`,
    {
      config: { access: write },
      schema: {
        tags,
        params: idParams,
        body: receiveStockTransferBody,
        response: { 200: savedReply(stockTransferDetail) },
      },
    },
    async (req) => {
      const data = await receiveStockTransfer(deps.db, actorOf(req), { id: req.params.id, ...req.body });
      return { message: `${data.transferNo} received at ${data.toStoreName}`, data };
    },
  );
}
