import { RECORD_ACTIONS } from '@ushirika/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { operationIdOf, summaryOf } from './openapi.ts';

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
};
type Document = {
  info: { description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

let t: TestApp;
let document: Document;
const operations: { method: string; path: string; op: Operation }[] = [];

beforeAll(async () => {
  t = await startTestApp({ API_DOCS: 'public' });
  document = (await (await fetch(`${t.url}/api/docs/json`)).json()) as Document;
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) operations.push({ method, path, op });
  }
});
afterAll(() => t.close());

/** The answer is the shared ApiError, or a route's own error component carrying `message`. */
const refersToError = (op: Operation, code: string) => {
  const ref = op.responses?.[code]?.content?.['application/json']?.schema?.$ref ?? '';
  if (ref === '#/components/schemas/ApiError') return true;
  const own = document.components.schemas[ref.replace('#/components/schemas/', '')] as
    | { properties?: Record<string, unknown> }
    | undefined;
  return code !== '401' && code !== '403' && Boolean(own?.properties?.message);
};

describe('OpenAPI document', () => {
  it('names every operation (unique operationId), with a summary and tags', () => {
    expect(operations.length).toBeGreaterThan(100);
    const missing = operations.filter((o) => !o.op.operationId || !o.op.summary || !o.op.tags?.length);
    expect(missing.map((o) => `${o.method.toUpperCase()} ${o.path}`)).toEqual([]);
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents the error answers with the shared ApiError component', () => {
    expect(document.components.schemas.ApiError).toMatchObject({ required: ['message'] });
    const protectedOps = operations.filter((o) => o.op.security === undefined);
    expect(protectedOps.length).toBeGreaterThan(100);
    for (const o of protectedOps) {
      expect(refersToError(o.op, '401'), `${o.method} ${o.path}`).toBe(true);
      expect(refersToError(o.op, '403'), `${o.method} ${o.path}`).toBe(true);
    }
    for (const o of operations.filter((x) => x.path.includes('{'))) {
      expect(refersToError(o.op, '404'), `${o.method} ${o.path}`).toBe(true);
    }
    for (const o of operations.filter((x) => x.method !== 'get')) {
      expect(refersToError(o.op, '400'), `${o.method} ${o.path}`).toBe(true);
    }
  });

  it('marks public routes as needing no bearer token, and only those', () => {
    const login = document.paths['/api/auth/login']?.post;
    expect(login?.security).toEqual([]);
    expect(refersToError(login ?? {}, '429')).toBe(true);
    expect(refersToError(login ?? {}, '401')).toBe(false);
    expect(document.paths['/api/health']?.get?.security).toEqual([]);
    const farmers = document.paths['/api/collections/farmers']?.get;
    expect(farmers?.security).toBeUndefined();
    expect(farmers?.tags?.length).toBeGreaterThan(0);
  });

  it('shares request and response bodies as components instead of inlining copies', () => {
    const schemas = document.components.schemas;
    expect(Object.keys(schemas).length).toBeGreaterThan(100);
    // A contract body is referenced, not copied: request as <Id>Input, response as <Id>.
    const create = document.paths['/api/collections/farmers']?.post as Operation & {
      requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
    };
    const bodyRef = create.requestBody?.content['application/json']?.schema.$ref ?? '';
    expect(bodyRef).toMatch(/^#\/components\/schemas\/\w+Input$/);
    expect(schemas[bodyRef.split('/').at(-1) ?? '']).toMatchObject({ type: 'object' });
    // Every reference resolves, and every component is used (none left over from the registry).
    const refs = new Set<string>();
    const collect = (node: unknown) => {
      if (Array.isArray(node)) {
        for (const n of node) collect(n);
      } else if (node && typeof node === 'object')
        for (const [k, v] of Object.entries(node)) {
          if (k === '$ref' && typeof v === 'string') refs.add(v);
          else collect(v);
        }
    };
    collect(document);
    const missing = [...refs].filter((r) => !schemas[r.replace('#/components/schemas/', '')]);
    expect(missing).toEqual([]);
    const unused = Object.keys(schemas).filter((id) => !refs.has(`#/components/schemas/${id}`));
    expect(unused.filter((id) => id !== 'ApiError')).toEqual([]);
    // Parameters stay inline objects: a generator reads their names and types.
    for (const { path, method, op } of operations)
      for (const p of (op as { parameters?: { schema?: { $ref?: string } }[] }).parameters ?? [])
        expect(p.schema?.$ref, `${method} ${path}`).toBeUndefined();
  });

  it('inlines no large schema more than once', () => {
    // Every object schema of more than 400 characters, wherever it stands (paths or components,
    // a component's own root counts once): the same text twice is a copy that should be a component.
    const seen = new Map<string, string[]>();
    const visit = (node: unknown, where: string) => {
      if (Array.isArray(node)) {
        node.forEach((n, i) => {
          visit(n, `${where}[${i}]`);
        });
      }
      if (!node || typeof node !== 'object' || Array.isArray(node)) return;
      const text = JSON.stringify(node);
      if ((node as { type?: unknown }).type === 'object' && text.length > 400)
        seen.set(text, [...(seen.get(text) ?? []), where]);
      for (const [k, v] of Object.entries(node)) visit(v, `${where}.${k}`);
    };
    visit(document.paths, 'paths');
    visit(document.components.schemas, 'components');
    const copies = [...seen.values()].filter((places) => places.length > 1);
    expect(copies.map((places) => places.slice(0, 3).join(' = '))).toEqual([]);
  });

  it('gives every action on a record one verb, PATCH, and says so; another verb answers 405', async () => {
    const actions = operations.filter((o) => RECORD_ACTIONS.has(o.path.split('/').at(-1) ?? ''));
    expect(actions.length).toBeGreaterThan(25);
    expect(actions.filter((o) => o.method !== 'patch').map((o) => `${o.method} ${o.path}`)).toEqual([]);
    // Purchasing, inputs and stores took POST before (issue #37): they are PATCH now.
    for (const path of [
      '/api/purchase/orders/{id}/approve',
      '/api/purchase/invoices/{id}/cancel',
      '/api/purchase/payments/{id}/approve',
      '/api/collections/farmer-requests/{id}/reject',
      '/api/inventory/transfers/{id}/receive',
    ])
      expect(Object.keys(document.paths[path] ?? {}), path).toEqual(['patch']);
    expect(document.info.description).toContain('is `PATCH …/{id}/<action>`');
    const id = '0190f1e4-0000-7000-8000-000000000000';
    const post = await fetch(`${t.url}/api/purchase/orders/${id}/approve`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('PATCH');
    expect(((await post.json()) as { message: string }).message).toBe(
      `Use PATCH for /api/purchase/orders/${id}/approve: every action on a record (approve, cancel, reject...) is a PATCH`,
    );
    // An address no route answers stays a 404.
    expect((await fetch(`${t.url}/api/purchase/nothing/${id}/approve`, { method: 'POST' })).status).toBe(404);
  });

  it('derives names from the method and path', () => {
    expect(operationIdOf('GET', '/api/collections/farmers/:id')).toBe('getCollectionsFarmersById');
    expect(summaryOf('GET', '/api/collections/farmers')).toBe('List farmers');
    expect(summaryOf('GET', '/api/collections/farmers/:id')).toBe('Get one farmer');
    expect(summaryOf('PATCH', '/api/accounts/journal-entries/:id/approve')).toBe('Approve journal entry');
    expect(summaryOf('POST', '/api/sales/buyers')).toBe('Create buyer');
  });
});
