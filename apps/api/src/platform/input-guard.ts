import { isRecordAction } from '@ushirika/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { humanise } from './error-handler.ts';
import { ValidationError } from './errors.ts';

export const NOTHING_TO_UPDATE = 'Nothing to update';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by the guard for a PATCH/PUT whose body fields are all optional: a partial update. */
    partialUpdate?: boolean;
  }
  interface FastifyRequest {
    /** The top-level keys the caller sent, read before validation (partial updates only). */
    sentKeys?: ReadonlySet<string>;
  }
}

/** The dotted path of the first string (or key) holding a NUL character, or null. Iterative: any depth. */
export function findNul(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [item, at] = stack.pop() as [unknown, string];
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return at;
    } else if (item && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        const path = at ? `${at}.${key}` : key;
        if (key.includes('\u0000')) return at || 'request';
        stack.push([child, path]);
      }
    }
  }
  return null;
}

const isZodObject = (schema: unknown): schema is z.ZodObject =>
  typeof schema === 'object' && schema !== null && (schema as z.ZodType).def?.type === 'object';

/**
 * Guards every /api route before its handler, so no module has to remember to:
 * - a NUL character in any string of the body, query or path answers 400 naming the field
 *   (PostgreSQL cannot store it in text, and it hides in logs and exports);
 * - a PATCH/PUT whose fields are all optional is a partial update: only the fields the caller
 *   sent reach the use case (a schema's defaults and empty-to-null transforms must not overwrite
 *   stored values the caller did not mention), and when none is left it answers 400 "Nothing to
 *   update" (unknown fields are stripped by the schema first).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = ([] as string[]).concat(route.method);
    const body = route.schema?.body;
    if (!methods.some((m) => m === 'PATCH' || m === 'PUT') || !isZodObject(body)) return;
    // An action's optional fields (a reversal's date) are not a partial update of the record.
    if (isRecordAction(route.url)) return;
    if (body.safeParse({}).success) route.config = { ...route.config, partialUpdate: true };
  });

  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const at = findNul(value, '');
      if (at !== null) {
        const field = at || part;
        const message = `${humanise(field)} contains a NUL character (\\u0000), which is not allowed`;
        throw new ValidationError(message, { [field]: [message] });
      }
    }
    if (request.routeOptions.config?.partialUpdate) request.sentKeys = sentKeysOf(request);
  });

  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config?.partialUpdate) return;
    const body = request.body as Record<string, unknown> | undefined;
    const sent = request.sentKeys ?? new Set<string>();
    if (body && typeof body === 'object') {
      for (const key of Object.keys(body)) if (!sent.has(key)) delete body[key];
    }
    if (!body || Object.keys(body).length === 0) {
      throw new ValidationError(NOTHING_TO_UPDATE);
    }
  });
}

function sentKeysOf(request: FastifyRequest): ReadonlySet<string> {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return new Set();
  return new Set(Object.keys(body));
}
