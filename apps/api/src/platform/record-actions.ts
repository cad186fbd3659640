import { isRecordAction } from '@ushirika/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type NotFoundReply = (request: FastifyRequest, reply: FastifyReply) => unknown;

/** The route's pattern as a matcher of concrete paths (`:id` matches one segment). */
const matcherOf = (pattern: string) =>
  new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}/?$`);

/**
 * An action that moves a record along its life (approve, reject, cancel ...) is
 * `PATCH …/{id}/<action>` in every area (RECORD_ACTIONS, in contracts). For the API plugin: the
 * app refuses to start on a route that breaks it, and a request with another verb answers 405
 * naming PATCH, not a bare 404, for an integrator who used POST. An action needs no body when
 * none of its fields is required.
 */
export function registerRecordActions(api: FastifyInstance, notFound: NotFoundReply): void {
  const actions: RegExp[] = [];
  api.addHook('onRoute', (route) => {
    if (!isRecordAction(route.url)) return;
    const methods = ([] as string[]).concat(route.method);
    if (methods.some((m) => m !== 'PATCH')) {
      throw new Error(`Route ${methods.join(',')} ${route.url} is an action on a record: declare it PATCH`);
    }
    actions.push(matcherOf(route.url));
  });
  // An action whose fields are all optional (a reversal's date) may be sent with no body at all.
  api.addHook('preValidation', async (request) => {
    if (request.body == null && isRecordAction(request.routeOptions.url ?? '')) request.body = {};
  });
  api.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '';
    if (request.method !== 'PATCH' && actions.some((action) => action.test(urlPath))) {
      return reply
        .code(405)
        .header('allow', 'PATCH')
        .send({
          message: `Use PATCH for ${urlPath}: every action on a record (approve, cancel, reject...) is a PATCH`,
        });
    }
    return notFound(request, reply);
  });
}
