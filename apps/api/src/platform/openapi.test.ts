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

const refersToError = (op: Operation, code: string) =>
  op.responses?.[code]?.content?.['application/json']?.schema?.$ref === '#/components/schemas/ApiError';

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

  it('derives names from the method and path', () => {
    expect(operationIdOf('GET', '/api/collections/farmers/:id')).toBe('getCollectionsFarmersById');
    expect(summaryOf('GET', '/api/collections/farmers')).toBe('List farmers');
    expect(summaryOf('GET', '/api/collections/farmers/:id')).toBe('Get one farmer');
    expect(summaryOf('PATCH', '/api/accounts/journal-entries/:id/approve')).toBe('Approve journal entry');
    expect(summaryOf('POST', '/api/sales/buyers')).toBe('Create buyer');
  });
});
