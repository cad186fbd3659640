import {
  boq,
  boqDetail,
  boqListQuery,
  createBoqBody,
  detailReply,
  idParams,
  paged,
  savedReply,
  updateBoqBody,
} from '@ushirika/contracts';
import { actorOf } from '../../platform/access.ts';
import type { ZodApp } from '../../platform/app-types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { listOrExport } from '../../platform/exports.ts';
import { createBoq } from './create-boq.ts';
import { getBoq, listBoqs } from './queries.ts';
import { updateBoq } from './update-boq.ts';

const tags = ['boqs'];
const read = { permission: 'settings.collection.read', audience: 'union' } as const;
const write = { permission: 'settings.collection.update', audience: 'union' } as const;

export function boqsRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/settings/collection/boqs',
    { config: { access: read }, schema: { tags, querystring: boqListQuery, response: { 200: paged(boq) } } },
    (req, reply) =>
      listOrExport(reply, req.query, (window) => listBoqs(deps.db, req.query, window), {
        name: 'BOQS',
        columns: [
          { header: 'BOQ', value: (r) => r.name, width: 30 },
          { header: 'Season', value: (r) => r.seasonName },
          { header: 'Crop', value: (r) => r.cropName, width: 20 },
          { header: 'Items', value: (r) => r.itemCount },
          { header: 'Cost per acre (TZS)', value: (r) => r.costPerAcre },
        ],
      }),
  );
  app.post(
    '/settings/collection/boqs',
    {
      config: { access: write },
      schema: { tags, body: createBoqBody, response: { 201: savedReply(boqDetail) } },
    },
    async (req, reply) => {
      const data = await createBoq(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'BOQ created successfully', data });
    },
  );
  app.get(
    '/settings/collection/boqs/:id',
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: detailReply(boqDetail) } },
    },
    async (req) => ({ data: await getBoq(deps.db, req.params.id) }),
  );
  app.patch(
    '/settings/collection/boqs/:id',
    {
      config: { access: write },
      schema: { tags, params: idParams, body: updateBoqBody, response: { 200: savedReply(boqDetail) } },
    },
    async (req) => ({
      message: 'BOQ updated successfully',
      data: await updateBoq(deps.db, actorOf(req), { ...req.body, id: req.params.id }),
    }),
  );
}
