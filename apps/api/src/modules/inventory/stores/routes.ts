import {
  detailReply,
  idParams,
  paged,
  savedReply,
  store,
  storeBody,
  storeListQuery,
  storeOption,
  storeStock,
} from '@ushirika/contracts';
import { z } from 'zod';
import { actorOf, societyOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { listOrExport } from '../../../platform/exports.ts';
import { createStore } from './create-store.ts';
import { listStores, storeStock as stockOfStore, storeChoices, storeOf } from './queries.ts';
import { updateStore } from './update-store.ts';

const tags = ['inventory'];
const read = { permission: 'inventory.store.read', audience: 'any' } as const;
const manage = { permission: 'inventory.store.update', audience: 'union' } as const;
const base = '/inventory/stores';

/** Union and AMCOS stores: an AMCOS user sees and uses their society's only. */
export function storesRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    base,
    {
      config: { access: read },
      schema: { tags, querystring: storeListQuery, response: { 200: paged(store) } },
    },
    (req, reply) =>
      listOrExport(
        reply,
        req.query,
        (window) => listStores(deps.db, req.query, window, societyOf(actorOf(req))),
        {
          name: 'STORES',
          columns: [
            { header: 'Code', value: (r) => r.code },
            { header: 'Store', value: (r) => r.name, width: 28 },
            { header: 'Kind', value: (r) => r.kind, label: 'inventoryMd.kind' },
            { header: 'AMCOS', value: (r) => r.amcosName, width: 28 },
            { header: 'Location', value: (r) => r.location, width: 24 },
            { header: 'Keeper', value: (r) => r.keeperName, width: 24 },
            { header: 'Items held', value: (r) => r.itemCount },
            { header: 'Stock value', value: (r) => r.stockValue },
            { header: 'Active', value: (r) => (r.active ? 'Yes' : 'No') },
          ],
        },
      ),
  );
  app.get(
    `${base}/choices`,
    {
      config: { access: read },
      schema: { tags, response: { 200: z.object({ data: z.array(storeOption) }) } },
    },
    async (req) => ({ data: await storeChoices(deps.db, societyOf(actorOf(req))) }),
  );
  app.get(
    `${base}/:id`,
    { config: { access: read }, schema: { tags, params: idParams, response: { 200: detailReply(store) } } },
    async (req) => ({ data: await storeOf(deps.db, actorOf(req), req.params.id) }),
  );
  app.get(
    `${base}/:id/stock`,
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: z.object({ data: z.array(storeStock) }) } },
    },
    async (req) => {
      await storeOf(deps.db, actorOf(req), req.params.id);
      return { data: await stockOfStore(deps.db, req.params.id) };
    },
  );
  app.post(
    base,
    { config: { access: manage }, schema: { tags, body: storeBody, response: { 201: savedReply(store) } } },
    async (req, reply) => {
      const data = await createStore(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'Store created successfully', data });
    },
  );
  app.patch(
    `${base}/:id`,
    {
      config: { access: manage },
      schema: { tags, params: idParams, body: storeBody, response: { 200: savedReply(store) } },
    },
    async (req) => ({
      message: 'Store updated successfully',
      data: await updateStore(deps.db, actorOf(req), { id: req.params.id, ...req.body }),
    }),
  );
}
