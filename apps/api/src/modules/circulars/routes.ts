import {
  circularList,
  circularListQuery,
  circularReadersQuery,
  circularReadersReply,
  circularReply,
  circularSavedReply,
  idParams,
  publishCircularBody,
} from '@ushirika/contracts';
import { dateInTanzania } from '@ushirika/domain';
import { actorOf, assertUnionStaff } from '../../platform/access.ts';
import type { ZodApp } from '../../platform/app-types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { listOrExport } from '../../platform/exports.ts';
import { confirmCircularRead } from './confirm-circular-read.ts';
import { publishCircular } from './publish-circular.ts';
import { getCircular, listCirculars, listReaders } from './queries.ts';

const tags = ['circulars'];

/**
 * Circulars (#18). Union staff publish and follow who read; an AMCOS user sees only the circulars
 * sent to their society and confirms reading them. GET /circulars?unread=true is the AMCOS
 * dashboard's list.
 */
export function circularsRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/circulars',
    {
      config: { access: { permission: 'circulars.circular.read', audience: 'any' } },
      schema: { tags, querystring: circularListQuery, response: { 200: circularList } },
    },
    async (req, reply) =>
      listOrExport(reply, req.query, (window) => listCirculars(deps.db, actorOf(req), req.query, window), {
        name: 'CIRCULARS',
        columns: [
          { header: 'Published', value: (r) => dateInTanzania(r.publishedAt) },
          { header: 'Title', value: (r) => r.title, width: 40 },
          { header: 'Published by', value: (r) => r.publishedBy, width: 25 },
          { header: 'AMCOS', value: (r) => r.recipientCount },
          { header: 'Read by', value: (r) => r.readCount },
          { header: 'AMCOS users', value: (r) => r.readerCount },
          { header: 'Read at', value: (r) => r.readAt ?? '' },
        ],
      }),
  );
  app.post(
    '/circulars',
    {
      config: { access: { permission: 'circulars.circular.publish', audience: 'union' } },
      schema: { tags, body: publishCircularBody, response: { 201: circularSavedReply } },
    },
    async (req, reply) => {
      const data = await publishCircular(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'Circular published successfully', data });
    },
  );
  app.get(
    '/circulars/:id',
    {
      config: { access: { permission: 'circulars.circular.read', audience: 'any' } },
      schema: { tags, params: idParams, response: { 200: circularReply } },
    },
    async (req) => {
      const data = await getCircular(deps.db, actorOf(req), req.params.id);
      if (!data) throw new NotFoundError('Circular not found');
      return { data };
    },
  );
  app.post(
    '/circulars/:id/read',
    {
      config: { access: { permission: 'circulars.circular.read', audience: 'any' } },
      schema: { tags, params: idParams, response: { 200: circularSavedReply } },
    },
    async (req) => ({
      message: 'Circular marked as read',
      data: await confirmCircularRead(deps.db, actorOf(req), { id: req.params.id }),
    }),
  );
  app.get(
    '/circulars/:id/readers',
    {
      config: { access: { permission: 'circulars.circular.read', audience: 'union' } },
      schema: {
        tags,
        params: idParams,
        querystring: circularReadersQuery,
        response: { 200: circularReadersReply },
      },
    },
    async (req) => {
      assertUnionStaff(actorOf(req));
      const circular = await getCircular(deps.db, actorOf(req), req.params.id);
      if (!circular) throw new NotFoundError('Circular not found');
      const { readers, amcosNotRead } = await listReaders(deps.db, req.params.id, req.query.status);
      return { data: readers, amcosNotRead };
    },
  );
}
