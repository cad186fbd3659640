import { role } from '@ushirika/contracts';
import { z } from 'zod';
import type { ZodApp } from '../../platform/app-types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { listRoles } from './queries.ts';

export function rolesRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/roles',
    {
      config: { access: { permission: 'users.role.read', audience: 'union' } },
      schema: { tags: ['users'], response: { 200: z.object({ data: z.array(role) }) } },
    },
    async () => ({ data: await listRoles(deps.db) }),
  );
}
