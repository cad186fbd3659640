import type { Permission } from '@ushirika/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from './errors.ts';
import { bearerToken, type TokenService } from './tokens.ts';

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
  /** Still on the password an administrator set (or the first start generated): must change it first. */
  mustChangePassword?: boolean;
};

/**
 * Who acts when no user does: what the start-up runs (built-in roles, the chart of accounts, the
 * first administrator, backfills). No user id, so its audit events and `created_by` columns read
 * as the system (null); no society, so nothing confines it. Use cases a start-up job calls take
 * `actor: Actor | SystemActor`; nothing an HTTP request reaches ever gets it.
 */
export const systemActor = Object.freeze({
  userId: null,
  sessionId: null,
  amcosId: null,
  permissions: new Set<string>() as ReadonlySet<string>,
});
export type SystemActor = typeof systemActor;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Callable before the initial password is changed: change-password, me, logout, unlock. */
    beforePasswordChange?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

const UNAUTHORIZED = 'Unauthorized, please Login.';
export const CHANGE_PASSWORD_FIRST =
  'Change your initial password first: until then you can only change it or sign out';

/**
 * Reads a signed-in user's actor (society, permissions) for one session, or null when the user is
 * inactive or the session ended. The auth module provides it (`actorLoader` in
 * modules/auth/load-actor.ts): platform code never reads a module's tables.
 */
export type ActorLoader = (userId: string, sessionId: string) => Promise<Actor | null>;

/**
 * The sessions this process checked in the last `ttlMs` (1 s by default), so a burst of reads by
 * one user costs one database round trip, not one per request. Every change this process makes
 * (any request but GET/HEAD/OPTIONS: logout, deactivation, password or role change...) empties it,
 * and a check that was already reading the database when the change happened is not kept, so in
 * this process a change takes effect on the next request. Other API processes (WORKERS > 1) keep
 * their copy until it is `ttlMs` old: there a logout or deactivation takes effect within 1 s.
 */
export class ActorCache {
  private readonly entries = new Map<string, { actor: Actor; at: number }>();
  private readonly loading = new Map<string, Promise<Actor | null>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  async get(userId: string, sessionId: string, load: () => Promise<Actor | null>): Promise<Actor | null> {
    if (this.ttlMs <= 0) return load();
    const hit = this.entries.get(sessionId);
    if (hit && hit.actor.userId === userId && performance.now() - hit.at < this.ttlMs) return hit.actor;
    const key = `${sessionId}:${userId}`;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const loaded: Promise<Actor | null> = load().finally(() => {
      if (this.loading.get(key) === loaded) this.loading.delete(key);
    });
    this.loading.set(key, loaded);
    const actor = await loaded;
    if (actor && generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(sessionId, { actor, at: performance.now() });
    }
    return actor;
  }

  /** Forgets every session, and any check still reading the database. */
  forgetAll(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every /api route must declare its access; the check runs before the body is read. The user row
 * and session are read at most `actorCacheMs` before each request (see ActorCache), so
 * deactivating a user or ending a session takes effect at once in this process, not when the
 * access token expires.
 */
export function registerAccessControl(
  app: FastifyInstance,
  loadActor: ActorLoader,
  tokens: TokenService,
  { actorCacheMs = 1000 }: { actorCacheMs?: number } = {},
): void {
  app.decorateRequest('actor', null);
  const cache = new ActorCache(actorCacheMs);
  // onSend runs after the handler's transaction has committed and before the caller hears back.
  app.addHook('onSend', async (request) => {
    if (!READS.has(request.method)) cache.forgetAll();
  });

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api') && !route.config?.access && !route.url.startsWith('/api/docs')) {
      throw new Error(`Route ${route.method} ${route.url} does not declare its access`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const actor = await authenticate(request, loadActor, tokens, cache);
    if (actor.mustChangePassword && !request.routeOptions.config?.beforePasswordChange) {
      throw new ForbiddenError(CHANGE_PASSWORD_FIRST);
    }
    if (access === 'signed-in') return;
    if (access.audience === 'union') assertUnionStaff(actor);
    if (!actor.permissions.has(access.permission)) {
      throw new ForbiddenError('You do not have permission to do this');
    }
  });
}

/** A hook that lets in any signed-in user (API_DOCS=signed-in), outside the /api access table. */
export function requireSignedIn(loadActor: ActorLoader, tokens: TokenService) {
  const cache = new ActorCache(1000);
  return async (request: FastifyRequest) => {
    await authenticate(request, loadActor, tokens, cache);
  };
}

async function authenticate(
  request: FastifyRequest,
  loadActor: ActorLoader,
  tokens: TokenService,
  cache: ActorCache,
): Promise<Actor> {
  const token = bearerToken(request.headers.authorization);
  const claims = token ? await tokens.verifyAccess(token) : null;
  const actor = claims
    ? await cache.get(claims.sub, claims.sid, () => loadActor(claims.sub, claims.sid))
    : null;
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

/** Refuses an AMCOS user: union business whatever their roles (routes declare `audience: 'union'`). */
export function assertUnionStaff(actor: Actor): void {
  if (actor.amcosId) throw new ForbiddenError('This is for union staff only');
}

/**
 * The society a list or report is confined to (`societyOf`), refusing an AMCOS user who filters by
 * another society rather than quietly showing their own.
 */
export function societyScope(actor: Actor, requestedAmcosId: string | null | undefined): string | null {
  if (actor.amcosId && requestedAmcosId && requestedAmcosId !== actor.amcosId) {
    throw new ForbiddenError('You can see your own society only');
  }
  return societyOf(actor);
}

/** Refuses an AMCOS user touching another society's record. */
export function assertSociety(actor: Actor, recordAmcosId: string | null): void {
  if (actor.amcosId && actor.amcosId !== recordAmcosId) {
    throw new ForbiddenError('This record belongs to another society');
  }
}
