import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TOO_LARGE_MESSAGE } from './error-handler.ts';

/** The largest request the server reads: JSON bodies and multipart uploads alike. */
export const BODY_LIMIT_BYTES = 10 * 1024 * 1024;

const ALLOWED_HEADERS = 'authorization, content-type, accept, accept-language, x-xsrf-token';
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';

/**
 * Whole-server rules that hold for every route, found or not:
 * - a request declaring more than the limit answers 413 before it is read (multipart uploads too,
 *   which Fastify's bodyLimit does not cover);
 * - CORS: the web app is served from the API's own origin, so other origins get no CORS headers
 *   unless listed in CORS_ORIGINS; a preflight (OPTIONS with Access-Control-Request-Method)
 *   answers 204 either way, with the allow headers only for a listed origin;
 * - API answers are never stored by a browser or proxy (`Cache-Control: no-store`) unless a
 *   public route chose its own caching (the union logo).
 */
export function registerHttpPolicy(app: FastifyInstance, options: { corsOrigins: readonly string[] }): void {
  const allowed = new Set(options.corsOrigins);

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    const listed = typeof origin === 'string' && allowed.has(origin);
    if (listed) {
      reply.header('access-control-allow-origin', origin);
      reply.header('vary', 'Origin');
    }
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      return answerPreflight(reply, listed);
    }
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > BODY_LIMIT_BYTES) {
      // The rest of the upload is not read: close the connection once this answer is sent.
      reply.header('connection', 'close');
      return reply.code(413).send({ message: TOO_LARGE_MESSAGE });
    }
  });

  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    if (request.actor || !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}

function answerPreflight(reply: FastifyReply, listed: boolean) {
  if (listed) {
    reply.header('access-control-allow-methods', ALLOWED_METHODS);
    reply.header('access-control-allow-headers', ALLOWED_HEADERS);
    reply.header('access-control-max-age', '600');
  }
  return reply.code(204).send();
}

/** For /api/docs when API_DOCS=signed-in: the same bearer check as a signed-in route. */
export type SignedInCheck = (request: FastifyRequest) => Promise<void>;
