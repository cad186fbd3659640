import { historyReply } from '@ushirika/contracts';
import { z } from 'zod';
import { actorOf, assertSociety, assertUnionStaff } from '../../platform/access.ts';
import type { ZodApp } from '../../platform/app-types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { owners } from './owners.ts';
import { listAudit } from './queries.ts';

export function auditRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/audit/:entity/:id',
    {
      config: { access: { permission: 'audit.history.read', audience: 'any' } },
      schema: {
        tags: ['audit'],
        params: z.object({ entity: z.string(), id: z.uuid('Not a valid id') }),
        response: { 200: historyReply },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const owner = owners[req.params.entity];
      if (!owner) throw new NotFoundError(`There is no history for ${req.params.entity}`);
      const society = await owner(deps.db, req.params.id);
      if (society === undefined) throw new NotFoundError('Record not found');
      if (society === 'union') assertUnionStaff(actor);
      else assertSociety(actor, society);
      return { data: await listAudit(deps.db, req.params.entity, req.params.id) };
    },
  );
}
