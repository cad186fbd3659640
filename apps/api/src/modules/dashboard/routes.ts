import { dashboardQuery, dashboardReply } from '@ushirika/contracts';
import { actorOf, societyScope } from '../../platform/access.ts';
import type { ZodApp } from '../../platform/app-types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { plainJsonSerializer } from '../../platform/list.ts';
import { seasonDashboard } from './queries.ts';

const tags = ['dashboard'];

/** The season at a glance; an AMCOS user sees their own society's figures only. */
export function dashboardRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/dashboard/season',
    {
      config: { access: { permission: 'collections.collection.read', audience: 'any' }, reportRead: true },
      serializerCompiler: plainJsonSerializer,
      schema: { tags, querystring: dashboardQuery, response: { 200: dashboardReply } },
    },
    async (req) => {
      const society = societyScope(actorOf(req), req.query.amcos_id);
      return seasonDashboard(deps.reportDb, req.query, society);
    },
  );
}
