import {
  bulkApproveBody,
  bulkApproveReply,
  createInputRequestBody,
  detailReply,
  idParams,
  inputRequestDetail,
  inputRequestList,
  inputRequestListQuery,
  inputRequestSuggestion,
  inputRequestSuggestionQuery,
  rejectInputRequestBody,
  savedReply,
} from '@ushirika/contracts';
import { actorOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { listOrExport } from '../../../platform/exports.ts';
import { access, tags } from '../access.ts';
import { approveInputRequest } from './approve-input-request.ts';
import { bulkApproveInputRequests } from './bulk-approve-input-requests.ts';
import { createInputRequest } from './create-input-request.ts';
import { getInputRequest, listInputRequests } from './queries.ts';
import { rejectInputRequest } from './reject-input-request.ts';
import { suggestRequestLines } from './suggest-request-lines.ts';

const path = '/collections/farmer-requests';

/** Farmers' input requests: recorded by the AMCOS, approved by its manager, then by the union. */
export function inputRequestsRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    path,
    {
      config: { access: access.read },
      schema: { tags, querystring: inputRequestListQuery, response: { 200: inputRequestList } },
    },
    (req, reply) =>
      listOrExport(
        reply,
        req.query,
        (window) => listInputRequests(deps.db, actorOf(req), req.query, window),
        {
          name: 'FARMER-REQUESTS',
          columns: [
            { header: 'Request no', value: (r) => r.requestNo },
            { header: 'Date', value: (r) => r.requestedOn },
            { header: 'Farmer no', value: (r) => r.farmerNo },
            { header: 'Farmer', value: (r) => r.farmerName, width: 30 },
            { header: 'AMCOS', value: (r) => r.amcosName, width: 30 },
            { header: 'Season', value: (r) => r.seasonName },
            { header: 'Acres', value: (r) => r.acres },
            { header: 'Value at credit price', value: (r) => r.creditValue },
            { header: 'Over limit', value: (r) => (r.overLimit ? 'yes' : 'no') },
            { header: 'Status', value: (r) => r.status },
          ],
        },
      ),
  );
  app.get(
    `${path}/suggestion`,
    {
      config: { access: access.read },
      schema: {
        tags,
        querystring: inputRequestSuggestionQuery,
        response: { 200: detailReply(inputRequestSuggestion) },
      },
    },
    async (req) => ({
      data: await suggestRequestLines(deps.db, actorOf(req), {
        farmerId: req.query.farmer_id,
        seasonCropId: req.query.season_crop_id,
      }),
    }),
  );
  app.post(
    path,
    {
      config: { access: access.record },
      schema: { tags, body: createInputRequestBody, response: { 201: savedReply(inputRequestDetail) } },
    },
    async (req, reply) => {
      const data = await createInputRequest(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'Request recorded successfully', data });
    },
  );
  app.patch(
    `${path}/bulk-approve`,
    {
      config: { access: access.approve },
      schema: { tags, body: bulkApproveBody, response: { 200: bulkApproveReply } },
    },
    async (req) => bulkApproveInputRequests(deps.db, actorOf(req), req.body),
  );
  app.get(
    `${path}/:id`,
    {
      config: { access: access.read },
      schema: { tags, params: idParams, response: { 200: detailReply(inputRequestDetail) } },
    },
    async (req) => ({ data: await getInputRequest(deps.db, actorOf(req), req.params.id) }),
  );
  app.patch(
    `${path}/:id/approve`,
    {
      config: { access: access.approve },
      schema: { tags, params: idParams, response: { 200: savedReply(inputRequestDetail) } },
    },
    async (req) => ({
      message: 'Request approved successfully',
      data: await approveInputRequest(deps.db, actorOf(req), { id: req.params.id }),
    }),
  );
  app.patch(
    `${path}/:id/reject`,
    {
      config: { access: access.approve },
      schema: {
        tags,
        params: idParams,
        body: rejectInputRequestBody,
        response: { 200: savedReply(inputRequestDetail) },
      },
    },
    async (req) => ({
      message: 'Request rejected',
      data: await rejectInputRequest(deps.db, actorOf(req), { id: req.params.id, reason: req.body.reason }),
    }),
  );
}
