import {
  amcos,
  amcosDetail,
  amcosListQuery,
  createAmcosBody,
  detailReply,
  idParams,
  paged,
  savedReply,
  updateAmcosBody,
} from '@ushirika/contracts';
import { actorOf, assertSociety, societyOf } from '../../platform/access.ts';
import type { ZodApp } from '../../platform/app-types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { sendExport } from '../../platform/exports.ts';
import { pagedReply, pageWindow } from '../../platform/list.ts';
import { createAmcos } from './create-amcos.ts';
import { getAmcos, listAmcos } from './queries.ts';
import { updateAmcos } from './update-amcos.ts';

const tags = ['amcos'];

export function amcosRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/amcos',
    {
      config: { access: { permission: 'amcos.society.read', audience: 'any' } },
      schema: { tags, querystring: amcosListQuery, response: { 200: paged(amcos) } },
    },
    async (req, reply) => {
      const society = societyOf(actorOf(req));
      const { rows, total } = await listAmcos(deps.db, req.query, pageWindow(req.query), society);
      if (req.query.format === 'json') return pagedReply(rows, total, req.query);
      return sendExport(reply, {
        format: req.query.format,
        name: 'AMCOS',
        rows,
        columns: [
          { header: 'Code', value: (r) => r.code },
          { header: 'Name', value: (r) => r.name, width: 30 },
          { header: 'Registration no', value: (r) => r.registrationNo },
          { header: 'Council', value: (r) => r.councilName, width: 30 },
          { header: 'Ward', value: (r) => r.ward },
          { header: 'Village', value: (r) => r.village },
          { header: 'Manager', value: (r) => r.manager, width: 24 },
          { header: 'Phone', value: (r) => r.phone },
          { header: 'Bank', value: (r) => r.bankName },
          { header: 'Account no', value: (r) => r.accountNo },
          { header: 'Farmers', value: (r) => r.farmerCount },
          { header: 'Status', value: (r) => r.status },
        ],
      });
    },
  );
  app.post(
    '/amcos',
    {
      config: { access: { permission: 'amcos.society.create', audience: 'union' } },
      schema: { tags, body: createAmcosBody, response: { 201: savedReply(amcosDetail) } },
    },
    async (req, reply) => {
      const created = await createAmcos(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'AMCOS created successfully', data: created });
    },
  );
  app.get(
    '/amcos/:id',
    {
      config: { access: { permission: 'amcos.society.read', audience: 'any' } },
      schema: { tags, params: idParams, response: { 200: detailReply(amcosDetail) } },
    },
    async (req) => {
      assertSociety(actorOf(req), req.params.id);
      return { data: await getAmcos(deps.db, req.params.id) };
    },
  );
  app.patch(
    '/amcos/:id',
    {
      config: { access: { permission: 'amcos.society.update', audience: 'union' } },
      schema: { tags, params: idParams, body: updateAmcosBody, response: { 200: savedReply(amcosDetail) } },
    },
    async (req) => ({
      message: 'AMCOS updated successfully',
      data: await updateAmcos(deps.db, actorOf(req), { ...req.body, id: req.params.id }),
    }),
  );
}
