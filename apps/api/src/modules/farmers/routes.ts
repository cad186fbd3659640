import {
  createFarmerBody,
  detailReply,
  farmBody,
  farmer,
  farmerDetail,
  farmerListQuery,
  farmerOptionsReply,
  farmerSearchQuery,
  farmPointsReply,
  idParams,
  paged,
  savedReply,
  updateFarmBody,
  updateFarmerBody,
  uuid,
} from '@ushirika/contracts';
import { z } from 'zod';
import { actorOf, assertSociety, societyOf } from '../../platform/access.ts';
import type { ZodApp } from '../../platform/app-types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { sendExport } from '../../platform/exports.ts';
import { pagedReply, pageWindow, plainJsonSerializer } from '../../platform/list.ts';
import { addFarm } from './add-farm.ts';
import { createFarmer } from './create-farmer.ts';
import { farmerExportColumns } from './export.ts';
import { importRoutes } from './import-routes.ts';
import { listFarmers } from './list-farmers.ts';
import { findFarmerByNumber, getFarmer, listFarmPoints } from './queries.ts';
import { searchFarmers } from './search-farmers.ts';
import { updateFarm } from './update-farm.ts';
import { updateFarmer } from './update-farmer.ts';

const tags = ['farmers'];
const read = { permission: 'amcos.farmer.read', audience: 'any' } as const;
const create = { permission: 'amcos.farmer.create', audience: 'any' } as const;
const update = { permission: 'amcos.farmer.update', audience: 'any' } as const;
const base = '/collections/farmers';

/** Farmers are society data: every read and write is confined to an AMCOS user's own society. */
export function farmersRoutes(app: ZodApp, deps: AppDeps) {
  farmerReadRoutes(app, deps);
  farmerWriteRoutes(app, deps);
  importRoutes(app, deps);
}

/** The list (and its export), the picker's search, and one farmer by number or id; farm points. */
function farmerReadRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    base,
    {
      config: { access: read },
      schema: { tags, querystring: farmerListQuery, response: { 200: paged(farmer) } },
      serializerCompiler: plainJsonSerializer,
    },
    async (req, reply) => {
      const { rows, total, capped } = await listFarmers(
        deps.db,
        req.query,
        pageWindow(req.query),
        societyOf(actorOf(req)),
      );
      if (req.query.format === 'json') {
        const page = pagedReply(rows, total, req.query);
        return capped ? { ...page, meta: { ...page.meta, total_capped: true } } : page;
      }
      return sendExport(reply, {
        format: req.query.format,
        name: 'FARMERS',
        columns: farmerExportColumns,
        rows,
      });
    },
  );
  /** The farmer picker (#27): number, name or phone as typed; no match is an empty list, not a 404. */
  app.get(
    `${base}/search`,
    {
      config: { access: read },
      schema: { tags, querystring: farmerSearchQuery, response: { 200: farmerOptionsReply } },
    },
    async (req) => ({ data: await searchFarmers(deps.db, actorOf(req), req.query) }),
  );
  /** SPEC 7: lookup by number; 404 is answered to the caller, not the not-found screen. */
  app.get(
    `${base}/number/:no`,
    {
      config: { access: read },
      schema: {
        tags,
        params: z.object({ no: z.string().trim().min(1).max(40) }),
        response: { 200: detailReply(farmerDetail) },
      },
    },
    async (req) => {
      const found = await findFarmerByNumber(deps.db, req.params.no);
      assertSociety(actorOf(req), found.amcosId);
      return { data: found };
    },
  );
  app.get(
    `${base}/farm-points`,
    {
      config: { access: read },
      schema: {
        tags,
        querystring: z.object({ amcos_id: uuid.optional(), farmer_id: uuid.optional() }),
        response: { 200: farmPointsReply },
      },
    },
    async (req) => ({
      data: await listFarmPoints(
        deps.db,
        { amcosId: req.query.amcos_id, farmerId: req.query.farmer_id },
        societyOf(actorOf(req)),
      ),
    }),
  );
  app.get(
    `${base}/:id`,
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: detailReply(farmerDetail) } },
    },
    async (req) => {
      const found = await getFarmer(deps.db, req.params.id);
      assertSociety(actorOf(req), found.amcosId);
      return { data: found };
    },
  );
}

/** Registering and changing farmers and their farms. */
function farmerWriteRoutes(app: ZodApp, deps: AppDeps) {
  app.post(
    base,
    {
      config: { access: create },
      schema: { tags, body: createFarmerBody, response: { 201: savedReply(farmerDetail) } },
    },
    async (req, reply) => {
      const data = await createFarmer(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: `Farmer ${data.farmerNo} registered successfully`, data });
    },
  );
  app.patch(
    `${base}/:id`,
    {
      config: { access: update },
      schema: { tags, params: idParams, body: updateFarmerBody, response: { 200: savedReply(farmerDetail) } },
    },
    async (req) => ({
      message: 'Farmer updated successfully',
      data: await updateFarmer(deps.db, actorOf(req), { ...req.body, id: req.params.id }),
    }),
  );
  app.post(
    `${base}/:id/farms`,
    {
      config: { access: update },
      schema: { tags, params: idParams, body: farmBody, response: { 201: savedReply(farmerDetail) } },
    },
    async (req, reply) => {
      const data = await addFarm(deps.db, actorOf(req), { ...req.body, farmerId: req.params.id });
      return reply.code(201).send({ message: 'Farm added successfully', data });
    },
  );
  app.patch(
    `${base}/:id/farms/:farmId`,
    {
      config: { access: update },
      schema: {
        tags,
        params: idParams.extend({ farmId: z.uuid('Not a valid id') }),
        body: updateFarmBody,
        response: { 200: savedReply(farmerDetail) },
      },
    },
    async (req) => ({
      message: 'Farm updated successfully',
      data: await updateFarm(deps.db, actorOf(req), {
        ...req.body,
        farmerId: req.params.id,
        farmId: req.params.farmId,
      }),
    }),
  );
}
