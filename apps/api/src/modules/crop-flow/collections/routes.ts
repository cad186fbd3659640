import {
  cancelCollectionBody,
  collection,
  collectionListQuery,
  collectionMessages,
  collectionReceiptQuery,
  detailReply,
  idParams,
  paged,
  recordCollectionBody,
  savedReply,
  stockQuery,
  stockReply,
  updateCollectionBody,
} from '@ushirika/contracts';
import { actorOf, assertSociety, societyScope } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { sendExport, sendPdf } from '../../../platform/exports.ts';
import { pagedReply, pageWindow, plainJsonSerializer, sendJsonText } from '../../../platform/list.ts';
import { cancelCollection } from './cancel-collection.ts';
import { collectionExportColumns, getCollection, listCollections } from './queries.ts';
import { collectionReceiptPdf } from './receipt-pdf.ts';
import { recordCollection } from './record-collection.ts';
import { amcosStock } from './stock.ts';
import { updateCollection } from './update-collection.ts';

const tags = ['collections'];
const read = { permission: 'collections.collection.read', audience: 'any' } as const;
const write = { permission: 'collections.collection.create', audience: 'any' } as const;
/** `/collections/farmers/...` belongs to the farmers module; collections live under `receipts`. */
const base = '/collections/receipts';

/** Collections (farmers' receipts) and the AMCOS stock; an AMCOS user sees and changes their own only. */
export function collectionsRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    base,
    {
      config: { access: read },
      serializerCompiler: plainJsonSerializer,
      schema: { tags, querystring: collectionListQuery, response: { 200: paged(collection) } },
    },
    async (req, reply) => {
      const society = societyScope(actorOf(req), req.query.amcos_id);
      const { rows, total } = await listCollections(deps.db, req.query, pageWindow(req.query), society);
      if (req.query.format === 'json') return pagedReply(rows, total, req.query);
      return sendExport(reply, {
        format: req.query.format,
        name: 'COLLECTIONS',
        columns: collectionExportColumns,
        rows,
      });
    },
  );
  app.post(
    base,
    {
      config: { access: write },
      serializerCompiler: plainJsonSerializer,
      schema: { tags, body: recordCollectionBody, response: { 201: savedReply(collection) } },
    },
    async (req, reply) => {
      const data = await recordCollection(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: collectionMessages.recorded(data.receiptNo), data });
    },
  );
  app.get(
    '/collections/stock',
    {
      config: { access: read },
      schema: { tags, querystring: stockQuery, response: { 200: stockReply } },
    },
    async (req, reply) => {
      const society = societyScope(actorOf(req), req.query.amcos_id);
      // The database wrote the reply's JSON (stock.ts): sent as it is.
      return sendJsonText(reply, await amcosStock(deps.db, req.query, society));
    },
  );
  app.get(
    `${base}/:id`,
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: detailReply(collection) } },
    },
    async (req) => {
      const data = await getCollection(deps.db, req.params.id);
      assertSociety(actorOf(req), data.amcosId);
      return { data };
    },
  );
  app.patch(
    `${base}/:id`,
    {
      config: { access: write },
      schema: {
        tags,
        params: idParams,
        body: updateCollectionBody,
        response: { 200: savedReply(collection) },
      },
    },
    async (req) => ({
      message: collectionMessages.updated,
      data: await updateCollection(deps.db, actorOf(req), { id: req.params.id, body: req.body }),
    }),
  );
  app.patch(
    `${base}/:id/cancel`,
    {
      config: { access: write },
      schema: {
        tags,
        params: idParams,
        body: cancelCollectionBody,
        response: { 200: savedReply(collection) },
      },
    },
    async (req) => ({
      message: collectionMessages.cancelled,
      data: await cancelCollection(deps.db, actorOf(req), { id: req.params.id, reason: req.body.reason }),
    }),
  );
  app.get(
    `${base}/:id/receipt`,
    {
      config: { access: read },
      schema: { tags, params: idParams, querystring: collectionReceiptQuery },
    },
    async (req, reply) => {
      const data = await getCollection(deps.db, req.params.id);
      assertSociety(actorOf(req), data.amcosId);
      const pdf = await collectionReceiptPdf(deps.db, data, req.query.format);
      return sendPdf(reply, data.receiptNo, pdf, { inline: true });
    },
  );
}
