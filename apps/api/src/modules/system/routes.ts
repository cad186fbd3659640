import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodApp } from '../../app.ts';
import type { AppDeps } from '../../platform/deps.ts';

export function systemRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        response: { 200: z.object({ status: z.literal('ok'), database: z.literal('ok') }) },
      },
    },
    async () => {
      await deps.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
}
