import type { Permission } from '@ushirika/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { sessions } from '../modules/auth/schema.ts';
import { users } from '../modules/users/schema.ts';
import { ForbiddenError, UnauthorizedError } from './errors.ts';
import type { TokenService } from './tokens.ts';

/**
 * What a route declares: `public`; `signed-in` (any signed-in user, e.g. their own profile); or a
 * permission, with `audience: 'union'` when AMCOS users may never call it whatever their roles.
 * Routes with society data declare `audience: 'any'` and scope their queries with `societyOf`.
 */
export type Access = 'public' | 'signed-in' | { permission: Permission; audience: 'union' | 'any' };

export type Actor = {
  userId: string;
  sessionId: string;
  amcosId: string | null;
  permissions: ReadonlySet<string>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

const UNAUTHORIZED = 'Unauthorized, please Login.';

async function loadActor(db: DbOrTx, userId: string, sessionId: string): Promise<Actor | null> {
  const [row] = await db
    .select({
      amcosId: users.amcosId,
      permissions: sql<string[]>`coalesce((
        select array_agg(distinct p) from user_roles ur
        join roles r on r.id = ur.role_id, unnest(r.permissions) p
        where ur.user_id = ${users.id}), '{}')`,
    })
    .from(users)
    .innerJoin(sessions, eq(sessions.userId, users.id))
    .where(
      and(
        eq(users.id, userId),
        eq(users.active, true),
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > now()`,
      ),
    );
  if (!row) return null;
  return { userId, sessionId, amcosId: row.amcosId, permissions: new Set(row.permissions) };
}

/**
 * Every /api route must declare its access; the check runs before the body is read. The user row
 * and session are read on every request, so deactivating a user or ending a session takes effect
 * at once, not when the access token expires.
 */
export function registerAccessControl(app: FastifyInstance, db: DbOrTx, tokens: TokenService): void {
  app.decorateRequest('actor', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api') && !route.config?.access && !route.url.startsWith('/api/docs')) {
      throw new Error(`Route ${route.method} ${route.url} does not declare its access`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const actor = await authenticate(request, db, tokens);
    if (access === 'signed-in') return;
    if (access.audience === 'union' && actor.amcosId) {
      throw new ForbiddenError('This is for union staff only');
    }
    if (!actor.permissions.has(access.permission)) {
      throw new ForbiddenError('You do not have permission to do this');
    }
  });
}

async function authenticate(request: FastifyRequest, db: DbOrTx, tokens: TokenService): Promise<Actor> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
  const claims = token ? await tokens.verifyAccess(token) : null;
  const actor = claims ? await loadActor(db, claims.sub, claims.sid) : null;
  if (!actor) throw new UnauthorizedError(UNAUTHORIZED);
  request.actor = actor;
  return actor;
}

export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new UnauthorizedError(UNAUTHORIZED);
  return request.actor;
}

/** The society an actor is confined to: their AMCOS, or null for union staff who see all. */
export const societyOf = (actor: Actor): string | null => actor.amcosId;

/** Refuses an AMCOS user touching another society's record. */
export function assertSociety(actor: Actor, recordAmcosId: string | null): void {
  if (actor.amcosId && actor.amcosId !== recordAmcosId) {
    throw new ForbiddenError('This record belongs to another society');
  }
}
