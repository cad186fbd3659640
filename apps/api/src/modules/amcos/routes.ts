import { amcos, amcosListQuery, createAmcosBody, paged } from '@ushirika/contracts';
import { z } from 'zod';
import type { ZodApp } from '../../app.ts';
import { actorOf, societyOf } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { sendExport } from '../../platform/exports.ts';
import { pagedReply, pageWindow } from '../../platform/list.ts';
import { createAmcos, listAmcos } from './service.ts';

const tags = ['amcos'];

export function amcosRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/amcos',
    {
      config: { access: { permission: 'amcos.society.read', audience: 'any' } },
      schema: { tags, querystring: amcosListQuery, response: { 200: paged(amcos) } },
    },
    async (req, reply) => {
      const { rows, total } = await listAmcos(
        deps.db,
        req.query,
        pageWindow(req.query),
        societyOf(actorOf(req)),
      );
      if (req.query.format === 'json') return pagedReply(rows, total, req.query);
      return sendExport(reply, {
        format: req.query.format,
        name: 'AMCOS',
        rows,
        columns: [
          { header: 'Code', value: (r) => r.code },
          { header: 'Name', value: (r) => r.name, width: 30 },
          { header: 'Status', value: (r) => r.status },
        ],
      });
    },
  );
  app.post(
    '/amcos',
    {
      config: { access: { permission: 'amcos.society.create', audience: 'union' } },
      schema: {
        tags,
        body: createAmcosBody,
        response: { 201: z.object({ message: z.string(), data: amcos }) },
      },
    },
    async (req, reply) => {
      const created = await createAmcos(deps.db, { body: req.body, actorId: actorOf(req).userId });
      return reply.code(201).send({ message: 'AMCOS created successfully', data: created });
    },
  );
}
