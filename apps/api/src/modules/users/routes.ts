import {
  createUserBody,
  idParams,
  paged,
  updateUserBody,
  user,
  userDetailReply,
  userListQuery,
  userReply,
} from '@ushirika/contracts';
import { actorOf } from '../../platform/access.ts';
import type { ZodApp } from '../../platform/app-types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { sendExport } from '../../platform/exports.ts';
import { currentLanguage } from '../../platform/labels.ts';
import { pagedReply, pageWindow } from '../../platform/list.ts';
import { sendQuietly } from '../../platform/sms.ts';
import { createUser } from './create-user.ts';
import { userExportColumns } from './export.ts';
import { getUser, listUsers } from './queries.ts';
import { updateUser } from './update-user.ts';

const tags = ['users'];

/** Users are managed by the union only: AMCOS users get 403 whatever their roles. */
export function usersRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/users',
    {
      config: { access: { permission: 'users.user.read', audience: 'union' } },
      schema: { tags, querystring: userListQuery, response: { 200: paged(user) } },
    },
    async (req, reply) => {
      const { rows, total } = await listUsers(deps.db, req.query, pageWindow(req.query));
      if (req.query.format === 'json') return pagedReply(rows, total, req.query);
      return sendExport(reply, { format: req.query.format, name: 'USERS', columns: userExportColumns, rows });
    },
  );
  app.post(
    '/users',
    {
      config: { access: { permission: 'users.user.create', audience: 'union' } },
      schema: { tags, body: createUserBody, response: { 201: userReply } },
    },
    async (req, reply) => {
      const { user: created, sms } = await createUser(deps.db, actorOf(req), {
        ...req.body,
        language: req.body.language ?? currentLanguage(),
      });
      if (sms) await sendQuietly(deps.sms, req.log, sms.to, sms.text);
      return reply.code(201).send({ message: 'User created successfully', data: created });
    },
  );
  app.get(
    '/users/:id',
    {
      config: { access: { permission: 'users.user.read', audience: 'union' } },
      schema: { tags, params: idParams, response: { 200: userDetailReply } },
    },
    async (req) => ({ data: await getUser(deps.db, req.params.id) }),
  );
  app.patch(
    '/users/:id',
    {
      config: { access: { permission: 'users.user.update', audience: 'union' } },
      schema: { tags, params: idParams, body: updateUserBody, response: { 200: userReply } },
    },
    async (req) => ({
      message: 'User updated successfully',
      data: await updateUser(deps.db, actorOf(req), { ...req.body, id: req.params.id }),
    }),
  );
}
