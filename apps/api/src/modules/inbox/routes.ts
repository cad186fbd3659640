import { inboxCountsReply, inboxList, inboxListQuery } from '@ushirika/contracts';
import { actorOf } from '../../platform/access.ts';
import type { ZodApp } from '../../platform/app-types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { countInbox, listInbox } from './queries.ts';

const tags = ['inbox'];

/**
 * "Waiting for me" (#27): every signed-in user has one; what is in it follows their permissions,
 * their society and who made each record, so the route needs no permission of its own.
 */
export function inboxRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/inbox/counts',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: inboxCountsReply } } },
    async (req) => ({ data: await countInbox(deps.db, actorOf(req)) }),
  );
  app.get(
    '/inbox',
    {
      config: { access: 'signed-in' },
      schema: { tags, querystring: inboxListQuery, response: { 200: inboxList } },
    },
    async (req) => {
      const { rows, total } = await listInbox(deps.db, actorOf(req), req.query);
      return { data: rows, meta: { page: req.query.page, per_page: req.query.per_page, total } };
    },
  );
}
