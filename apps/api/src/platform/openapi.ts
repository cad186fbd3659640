import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import * as contracts from '@ushirika/contracts';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

type ZodLike = { _zod: { def: { type: string } } };
const isZod = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && typeof (value as ZodLike)._zod?.def?.type === 'string';

/** An object, or a union of objects (`collectionSelection`): what a body or a reply is made of. */
function isObjectLike(schema: z.ZodType): boolean {
  const def = schema._zod.def as { type: string; options?: unknown[] };
  if (def.type === 'object') return true;
  return def.type === 'union' && (def.options ?? []).every((o) => isZod(o) && isObjectLike(o));
}

/**
 * Shared components from the contracts: every exported object schema (`createFarmerBody`,
 * `farmerDetail`, `pageMeta`…) is registered in zod's global registry under its export name in
 * PascalCase (`CreateFarmerBody`), which fastify-type-provider-zod turns into
 * `#/components/schemas/<Id>` (request bodies as `<Id>Input`, responses as `<Id>`) wherever a route,
 * or another schema, uses it. One place, from the export names: a schema added to the contracts
 * tomorrow is a component without anyone remembering to. A schema that already has an id keeps it;
 * an export named `…Input` is `…Request`, since `<Id>Input` is the request copy of `<Id>`.
 */
export function registerContractSchemas(exports: Record<string, unknown> = contracts): number {
  let registered = 0;
  for (const [name, value] of Object.entries(exports)) {
    if (!isZod(value) || !isObjectLike(value)) continue;
    const meta = z.globalRegistry.get(value);
    if (meta?.id) continue;
    // `journalLineInput` would name the request copy of `journalLine` (JournalLineInput).
    const id = (name.charAt(0).toUpperCase() + name.slice(1)).replace(/Input$/, 'Request');
    z.globalRegistry.add(value, { ...meta, id });
    registered++;
  }
  return registered;
}
registerContractSchemas();

/**
 * Path and query parameters must stay inline objects (the generator reads their properties); a
 * registered schema used there is documented through an unregistered object of the same fields.
 */
function inlineParameters<T extends { schema?: unknown }>(input: T): T {
  const schema = input.schema as Record<string, unknown> | undefined;
  if (!schema) return input;
  const copy: Record<string, unknown> = { ...schema };
  for (const key of ['querystring', 'params', 'headers']) {
    const part = copy[key];
    // A fresh object, not clone(): zod documents a clone of a registered schema as a reference to it.
    if (isZod(part) && part instanceof z.ZodObject && z.globalRegistry.get(part)?.id)
      copy[key] = z.object(part.shape);
  }
  return { ...input, schema: copy };
}

/** Components reachable from the paths (and ApiError): the registry holds every contract's. */
function reachableComponents(document: {
  paths?: unknown;
  components?: { schemas?: Record<string, unknown> };
}): Record<string, unknown> {
  const all = document.components?.schemas ?? {};
  const kept = new Set<string>(['ApiError']);
  const walk = (node: unknown) => {
    if (Array.isArray(node)) for (const item of node) walk(item);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
          const id = value.slice('#/components/schemas/'.length);
          if (!kept.has(id)) {
            kept.add(id);
            walk(all[id]);
          }
        } else walk(value);
      }
    }
  };
  walk(document.paths);
  return Object.fromEntries(Object.entries(all).filter(([id]) => kept.has(id)));
}

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
          'Back office for a cooperative union and its AMCOS. Sign in with POST /api/auth/login and /api/auth/verify-otp; send the access token as `Authorization: Bearer <token>`. Money and quantities are decimal strings. Every error answers `{message, errors}` (components.schemas.ApiError). Every action that moves a record along its life (approve, reject, cancel, submit, reverse, close, dispatch, receive, publish, paid) is `PATCH …/{id}/<action>`; another verb there answers 405.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform(input) {
      const result = jsonSchemaTransform(
        inlineParameters(input) as Parameters<typeof jsonSchemaTransform>[0],
      );
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
      document.components.schemas = reachableComponents(document);
      return document as ReturnType<typeof jsonSchemaTransformObject>;
    },
  };
}
