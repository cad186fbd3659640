import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Access } from './access.ts';

/**
 * The OpenAPI document for integrators, completed in one place from each route's method, URL and
 * declared access (no route file repeats it): an operationId and summary for every operation, tags
 * from the first path segment, the shared error answer as a component with the 4xx answers a route
 * can give, and `security: []` on public routes (sign-in, health) so clients send no token there.
 */
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
};

const ERROR_SCHEMA = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string', description: 'What went wrong, in words a user can act on' },
    errors: {
      type: 'object',
      description: 'Per field (body, query or path names): its messages; the first is shown',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
  },
  example: {
    message: 'The phone number is already used',
    errors: { mobile: ['The phone number is already used'] },
  },
};

const ERRORS: Record<string, string> = {
  400: 'The request is invalid: `message` says why, `errors` names the fields',
  401: 'No valid access token (sign in, or refresh the token)',
  403: 'Signed in, but this user may not do this (permission, society, or initial password not yet changed)',
  404: 'No such record, or not one this user may see',
  409: 'The record changed state meanwhile (already approved, a duplicate, a race lost): reload and retry',
  413: 'The request body is over 10 MB',
  429: 'Too many attempts: wait the minutes the message says',
};

const words = (segment: string) => segment.replace(/[-_]/g, ' ');
const singular = (text: string) =>
  text
    .replace(/ies$/, 'y')
    .replace(/(ss|us)$/, '$1')
    .replace(/s$/, '');
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** `GET /api/collections/farmers/:id` -> `getCollectionsFarmersById`: unique per method and path. */
export function operationIdOf(method: string, url: string): string {
  const parts = url
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((p) => (p.startsWith(':') ? `by-${p.slice(1)}` : p))
    .flatMap((p) => p.split(/[-_.]/))
    .filter(Boolean);
  return [method.toLowerCase(), ...parts.map((p) => capital(p))].join('');
}

/** A plain summary when the route gives none: `List farmers`, `Get one farmer`, `Approve journal entry`. */
export function summaryOf(method: string, url: string): string {
  const segments = url
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean);
  const nouns = segments.filter((s) => !s.startsWith(':'));
  const last = segments.at(-1) ?? '';
  const lastNoun = nouns.at(-1) ?? 'api';
  const thing = words(lastNoun);
  const byId = last.startsWith(':');
  // `/journal-entries/:id/approve`: an action on one record.
  const owner = nouns.at(-2);
  const actionOnRecord = !byId && segments.length >= 2 && segments.at(-2)?.startsWith(':') && owner;
  if (actionOnRecord) return `${capital(words(lastNoun))} ${singular(words(owner))}`;
  switch (method.toUpperCase()) {
    case 'GET':
      return byId ? `Get one ${singular(thing)}` : `List ${thing}`;
    case 'POST':
      return byId ? `Act on ${singular(thing)}` : `Create ${singular(thing)}`;
    case 'PATCH':
    case 'PUT':
      return `Update ${byId ? singular(thing) : thing}`;
    case 'DELETE':
      return `Delete ${singular(thing)}`;
    default:
      return `${capital(method.toLowerCase())} ${thing}`;
  }
}

function accessText(access: Access | undefined): string {
  if (!access || access === 'public') return 'Access: public (no token).';
  if (access === 'signed-in') return 'Access: any signed-in user.';
  return `Access: permission \`${access.permission}\`${access.audience === 'union' ? ', union staff only' : '; AMCOS users see their own society only'}.`;
}

type RouteFacts = { method: string; url: string; access: Access | undefined };

export function openApiOptions(version: string): FastifyDynamicSwaggerOptions {
  const facts = new Map<string, RouteFacts>();
  const keyOf = (method: string, url: string) => `${method.toLowerCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;

  return {
    openapi: {
      info: {
        title: 'Ushirika API',
        version,
        description:
          'Back office for a cooperative union and its AMCOS. Sign in with POST /api/auth/login and /api/auth/verify-otp; send the access token as `Authorization: Bearer <token>`. Money and quantities are decimal strings. Every error answers `{message, errors}` (components.schemas.ApiError).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform(input) {
      const result = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
      const { route, url } = input;
      const method = (Array.isArray(route.method) ? route.method[0] : route.method) ?? 'GET';
      const access = route.config?.access as Access | undefined;
      facts.set(keyOf(method, url), { method, url, access });
      const schema = { ...(result.schema as Record<string, unknown>) };
      schema.operationId ??= operationIdOf(method, url);
      schema.summary ??= summaryOf(method, url);
      const firstSegment = url.replace(/^\/api\/?/, '').split('/')[0] || 'system';
      if (!Array.isArray(schema.tags) || schema.tags.length === 0) schema.tags = [firstSegment];
      schema.description = [schema.description, accessText(access)].filter(Boolean).join('\n\n');
      if (access === 'public' || !url.startsWith('/api') || url.startsWith('/api/docs')) schema.security = [];
      return { schema, url: result.url };
    },
    transformObject(input) {
      const document = jsonSchemaTransformObject(
        input as Parameters<typeof jsonSchemaTransformObject>[0],
      ) as {
        components?: { schemas?: Record<string, unknown> };
        paths?: Record<string, Record<string, Operation>>;
      };
      document.components = {
        ...document.components,
        schemas: { ...document.components?.schemas, ApiError: ERROR_SCHEMA },
      };
      for (const [url, item] of Object.entries(document.paths ?? {})) {
        for (const [method, operation] of Object.entries(item)) {
          const route = facts.get(keyOf(method, url));
          const codes: string[] = [];
          const hasInput = Boolean(operation.parameters?.length || operation.requestBody);
          if (hasInput || method !== 'get') codes.push('400');
          if (route?.access && route.access !== 'public') codes.push('401', '403');
          if (url.includes('{')) codes.push('404');
          if (route?.access && route.access !== 'public' && method !== 'get') codes.push('409');
          if (operation.requestBody) codes.push('413');
          if (url.startsWith('/api/auth/') && method === 'post') codes.push('429');
          const responses = { ...operation.responses };
          for (const code of codes) {
            responses[code] ??= {
              description: ERRORS[code],
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
            };
          }
          operation.responses = responses;
        }
      }
      return document as ReturnType<typeof jsonSchemaTransformObject>;
    },
  };
}
