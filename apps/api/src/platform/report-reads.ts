import type { FastifyInstance, FastifyReply, RouteHandlerMethod } from 'fastify';
import { type Replica, type ReplicaStatus, recoveryConflict, replicaGone } from '../db/replica.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A read-only report or export (#34): its `deps.reportDb` reads the streaming replica while the
     * replica is usable. Declared once per route, like `access`; only GET routes may declare it.
     */
    reportRead?: boolean;
  }
}

/**
 * The headers every report read answers with when a replica is configured (none without one): the
 * web's report pages show them ("as of N s ago", or "from the main database: the replica is
 * behind / unavailable").
 */
export const REPORT_HEADERS = {
  source: 'x-report-source',
  lag: 'x-report-lag-seconds',
  fallback: 'x-report-fallback',
} as const;

function say(reply: FastifyReply, status: ReplicaStatus) {
  reply.header(REPORT_HEADERS.source, status.source);
  if (status.lagSeconds !== null) reply.header(REPORT_HEADERS.lag, status.lagSeconds.toFixed(1));
  else reply.removeHeader(REPORT_HEADERS.lag);
  if (status.source === 'primary') reply.header(REPORT_HEADERS.fallback, status.reason);
}

/**
 * Routes declaring `reportRead` run their handler on the replica while it is usable: the verdict
 * (at most 2 s old) chooses, and a replica that goes away mid-request is marked unavailable and the
 * report read again from the primary. Writes never reach it: only GET routes may declare it, and
 * `reportDb` outside such a handler is the primary.
 */
export function registerReportReads(app: FastifyInstance, replica: Replica | undefined): void {
  app.addHook('onRoute', (route) => {
    if (!route.config?.reportRead) return;
    const methods = [route.method].flat();
    if (methods.some((m) => m !== 'GET' && m !== 'HEAD')) {
      throw new Error(`Route ${methods.join(',')} ${route.url} declares reportRead but is not a GET`);
    }
    if (!replica) return;
    const handler = route.handler as (...args: Parameters<RouteHandlerMethod>) => unknown;
    route.handler = async function reportRead(this: unknown, request, reply) {
      const status = await replica.monitor.current();
      say(reply, status);
      if (status.source === 'primary') return handler.call(this as never, request, reply);
      try {
        return await replica.onReplica(() => handler.call(this as never, request, reply));
      } catch (error) {
        if (reply.sent) throw error;
        if (replicaGone(error)) {
          const fallback = replica.monitor.markUnavailable(error as Error);
          request.log.warn(`replica unavailable, report read from the primary: ${(error as Error).message}`);
          say(reply, fallback);
        } else if (recoveryConflict(error)) {
          say(reply, { source: 'primary', reason: 'behind', lagSeconds: status.lagSeconds });
        } else {
          throw error;
        }
        return handler.call(this as never, request, reply);
      }
    } as RouteHandlerMethod;
  });
}
