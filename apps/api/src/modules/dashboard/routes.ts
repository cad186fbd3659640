import { dashboardQuery, dashboardReply } from '@ushirika/contracts';
import type { ZodApp } from '../../app.ts';
import { actorOf, societyOf } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ForbiddenError } from '../../platform/errors.ts';
import { plainJsonSerializer } from '../../platform/list.ts';
import { seasonDashboard } from './queries.ts';

const tags = ['dashboard'];

/** The season at a glance; an AMCOS user sees their own society's figures only. */
export function dashboardRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/dashboard/season',
    {
      config: { access: { permission: 'collections.collection.read', audience: 'any' } },
      serializerCompiler: plainJsonSerializer,
      schema: { tags, querystring: dashboardQuery, response: { 200: dashboardReply } },
    },
    async (req) => {
      const society = societyOf(actorOf(req));
      if (society && req.query.amcos_id && req.query.amcos_id !== society) {
        throw new ForbiddenError('You can see your own society only');
      }
      return seasonDashboard(deps.db, req.query, society);
    },
  );
}
