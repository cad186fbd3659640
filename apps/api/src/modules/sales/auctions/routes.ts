import {
  auction,
  auctionImportPreview,
  auctionImportQuery,
  auctionListQuery,
  auctionLot,
  auctionReply,
  availableFacets as availableFacetsShape,
  availableLot,
  availableLotsQuery,
  captureResultsBody,
  catalogueLotsBody,
  createAuctionBody,
  decisionsBody,
  detailReply,
  idParams,
  paged,
  removeLotsBody,
} from '@ushirika/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf, societyOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { fieldError } from '../../../platform/errors.ts';
import { sendExport } from '../../../platform/exports.ts';
import { pagedReply, pageWindow } from '../../../platform/list.ts';
import { catalogueLots } from './catalogue-lots.ts';
import { closeAuction } from './close-auction.ts';
import { createAuction } from './create-auction.ts';
import { decideLots } from './decide-lots.ts';
import { applyResultImport, readResultSheet } from './import-results.ts';
import { previewResultImport } from './preview-result-import.ts';
import { publishAuction } from './publish-auction.ts';
import {
  assertAuctionVisible,
  availableFacets,
  getAuction,
  listAuctionLots,
  listAuctions,
  listAvailableLots,
} from './queries.ts';
import { removeLots } from './remove-lots.ts';
import { captureResults } from './results.ts';

const tags = ['auctions'];
/** Reading and the society's decision: AMCOS users too, confined to their own lots. */
const read = { permission: 'sales.auction.read', audience: 'any' } as const;
const decide = { permission: 'sales.auction.update', audience: 'any' } as const;
/** Building the catalogue, results and closing: union staff only. */
const write = { permission: 'sales.auction.update', audience: 'union' } as const;

async function uploadedSheet(req: FastifyRequest) {
  if (!req.isMultipart()) throw fieldError('file', 'Upload the sheet as multipart/form-data');
  const file = await req.file();
  if (!file) throw fieldError('file', 'You must select a file.');
  return readResultSheet(await file.toBuffer());
}

export function auctionRoutes(app: ZodApp, deps: AppDeps) {
  auctionHeaderRoutes(app, deps);
  catalogueRoutes(app, deps);
  resultRoutes(app, deps);
}

/** The auctions: list, create and read one. */
function auctionHeaderRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/sales/auctions',
    {
      config: { access: read },
      schema: { tags, querystring: auctionListQuery, response: { 200: paged(auction) } },
    },
    async (req, reply) => {
      const society = societyOf(actorOf(req));
      const { rows, total } = await listAuctions(deps.db, req.query, pageWindow(req.query), society);
      if (req.query.format === 'json') return pagedReply(rows, total, req.query);
      return sendExport(reply, {
        format: req.query.format,
        name: 'AUCTIONS',
        rows,
        columns: [
          { header: 'Auction no', value: (r) => r.auctionNo },
          { header: 'Date', value: (r) => r.auctionDate },
          { header: 'Season', value: (r) => r.seasonName },
          { header: 'Crop', value: (r) => r.cropName },
          { header: 'Platform', value: (r) => r.platform },
          { header: 'Status', value: (r) => r.status },
          { header: 'Lots', value: (r) => r.lotCount },
          { header: 'Net kg', value: (r) => r.netKg },
          { header: 'Sold kg', value: (r) => r.soldKg },
          { header: 'Sold amount', value: (r) => r.soldAmount },
        ],
      });
    },
  );
  app.post(
    '/sales/auctions',
    { config: { access: write }, schema: { tags, body: createAuctionBody, response: { 201: auctionReply } } },
    async (req, reply) => {
      const data = await createAuction(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'Auction created successfully', data });
    },
  );
  app.get(
    '/sales/auctions/:id',
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: detailReply(auctionReply.shape.data) } },
    },
    async (req) => {
      const actor = actorOf(req);
      await assertAuctionVisible(deps.db, actor, req.params.id);
      return { data: await getAuction(deps.db, req.params.id, societyOf(actor)) };
    },
  );
}

/** The catalogue: its lots, the lots available to it and their filters, adding, removing, publishing. */
function catalogueRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/sales/auctions/:id/lots',
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: z.object({ data: z.array(auctionLot) }) } },
    },
    async (req) => {
      const actor = actorOf(req);
      await assertAuctionVisible(deps.db, actor, req.params.id);
      return { data: await listAuctionLots(deps.db, req.params.id, societyOf(actor)) };
    },
  );
  app.get(
    '/sales/auctions/:id/available-lots',
    {
      config: { access: write },
      schema: {
        tags,
        params: idParams,
        querystring: availableLotsQuery,
        response: { 200: z.object({ data: z.array(availableLot) }) },
      },
    },
    async (req) => ({ data: await listAvailableLots(deps.db, req.params.id, req.query) }),
  );
  app.get(
    '/sales/auctions/:id/available-lots/facets',
    {
      config: { access: write },
      schema: { tags, params: idParams, response: { 200: z.object({ data: availableFacetsShape }) } },
    },
    async (req) => ({ data: await availableFacets(deps.db, req.params.id) }),
  );
  app.post(
    '/sales/auctions/:id/lots',
    {
      config: { access: write },
      schema: { tags, params: idParams, body: catalogueLotsBody, response: { 200: auctionReply } },
    },
    async (req) => ({
      message: 'Lots added to the catalogue',
      data: await catalogueLots(deps.db, actorOf(req), { auctionId: req.params.id, body: req.body }),
    }),
  );
  app.post(
    '/sales/auctions/:id/lots/remove',
    {
      config: { access: write },
      schema: { tags, params: idParams, body: removeLotsBody, response: { 200: auctionReply } },
    },
    async (req) => ({
      message: 'Lots removed from the catalogue',
      data: await removeLots(deps.db, actorOf(req), { auctionId: req.params.id, lotIds: req.body.lotIds }),
    }),
  );
  app.patch(
    '/sales/auctions/:id/publish',
    { config: { access: write }, schema: { tags, params: idParams, response: { 200: auctionReply } } },
    async (req) => ({
      message: 'Catalogue published successfully',
      data: await publishAuction(deps.db, actorOf(req), { id: req.params.id }),
    }),
  );
}

/** Results, typed or imported from the platform's sheet, the societies' decisions and the close. */
function resultRoutes(app: ZodApp, deps: AppDeps) {
  app.put(
    '/sales/auctions/:id/results',
    {
      config: { access: write },
      schema: { tags, params: idParams, body: captureResultsBody, response: { 200: auctionReply } },
    },
    async (req) => ({
      message: 'Results saved successfully',
      data: await captureResults(deps.db, {
        auctionId: req.params.id,
        body: req.body,
        actorId: actorOf(req).userId,
      }),
    }),
  );
  app.post(
    '/sales/auctions/:id/results/import',
    {
      config: { access: write },
      schema: {
        tags,
        params: idParams,
        querystring: auctionImportQuery,
        consumes: ['multipart/form-data'],
        response: { 200: z.union([auctionImportPreview, auctionReply]) },
      },
    },
    async (req) => {
      const sheet = await uploadedSheet(req);
      const confirmBelowReserve = req.query.confirm_below_reserve === 'true';
      if (req.query.mode === 'preview') {
        return previewResultImport(deps.db, actorOf(req), {
          auctionId: req.params.id,
          sheet,
          confirmBelowReserve,
        });
      }
      const data = await applyResultImport(deps.db, {
        auctionId: req.params.id,
        sheet,
        confirmBelowReserve,
        actorId: actorOf(req).userId,
      });
      return { message: 'Results imported successfully', data };
    },
  );
  app.put(
    '/sales/auctions/:id/decisions',
    {
      config: { access: decide },
      schema: { tags, params: idParams, body: decisionsBody, response: { 200: auctionReply } },
    },
    async (req) => {
      const actor = actorOf(req);
      await assertAuctionVisible(deps.db, actor, req.params.id);
      return {
        message: 'Decisions saved successfully',
        data: await decideLots(deps.db, actor, { auctionId: req.params.id, body: req.body }),
      };
    },
  );
  app.patch(
    '/sales/auctions/:id/close',
    { config: { access: write }, schema: { tags, params: idParams, response: { 200: auctionReply } } },
    async (req) => ({
      message: 'Auction closed successfully',
      data: await closeAuction(deps.db, actorOf(req), { id: req.params.id }),
    }),
  );
}
