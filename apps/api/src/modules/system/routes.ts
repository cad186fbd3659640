import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { requireSignedIn } from '../../platform/access.ts';
import type { ZodApp } from '../../platform/app-types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ForbiddenError } from '../../platform/errors.ts';
import { bearerToken } from '../../platform/tokens.ts';
import { actorLoader } from '../auth/load-actor.ts';
import { databaseLevel, operationalGauges, replicaHealth } from './status.ts';

const healthReply = z
  .object({
    status: z.enum(['ok', 'error']),
    database: z.enum(['ok', 'error']),
    version: z.string(),
    migrations: z
      .object({ applied: z.number(), latest: z.string().nullable(), pending: z.number() })
      .nullable(),
    message: z.string().optional(),
    /** Only when DATABASE_REPLICA_URL is set (#34): where the report routes read now. */
    replica: z
      .object({
        status: z.enum(['ok', 'behind', 'unavailable']),
        lagSeconds: z.number().nullable(),
        maxLagSeconds: z.number(),
        message: z.string().optional(),
      })
      .optional(),
  })
  .meta({ id: 'Health' });

function sameToken(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function systemRoutes(app: ZodApp, deps: AppDeps) {
  const signedIn = requireSignedIn(actorLoader(deps.db), deps.tokens);

  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Whether the server and its database answer, its version and migration level',
        response: { 200: healthReply, 503: healthReply },
      },
    },
    async (_request, reply) => {
      const version = deps.config.version;
      try {
        const migrations = await databaseLevel(deps);
        const replica = await replicaHealth(deps);
        return { status: 'ok' as const, database: 'ok' as const, version, migrations, ...replica };
      } catch (error) {
        return reply.code(503).send({
          status: 'error' as const,
          database: 'error' as const,
          version,
          migrations: null,
          message: error instanceof Error ? error.message : String(error),
        });
      }
    },
  );

  // Public in the access table: a monitoring system sends METRICS_TOKEN as its bearer token, a
  // person signs in as an administrator; both are checked here.
  app.get(
    '/metrics',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Prometheus metrics (bearer METRICS_TOKEN, or an administrator session)',
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request.headers.authorization) ?? '';
      const { metricsToken } = deps.config;
      if (!(metricsToken && sameToken(token, metricsToken))) {
        await signedIn(request);
        const actor = request.actor;
        const administrator = actor && actor.amcosId === null && actor.permissions.has('users.user.update');
        if (!administrator) throw new ForbiddenError('Only an administrator may read the metrics');
      }
      const lines = [...app.requestMetrics.render(), ...(await operationalGauges(deps))];
      return reply.type('text/plain; version=0.0.4; charset=utf-8').send(`${lines.join('\n')}\n`);
    },
  );
}
