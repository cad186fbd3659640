import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorLoader } from '../../src/modules/auth/load-actor.ts';
import { registerAccessControl } from '../../src/platform/access.ts';
import { makeFarmer, recordCollectionOk } from '../crop-flow.ts';
import { createNoteVia, makeCropWorld, noteBody, weighingOf } from '../crop-flow-lots.ts';
import { makeAmcos, type Session, sessionAs, startTestApp, type TestApp } from '../harness.ts';
import { type OpenApi, type Operation, operationsOf, plausible, seededRandom } from './openapi-walk.ts';
import { rowCounts } from './row-counts.ts';

/**
 * Generated from the route table: an AMCOS Manager of society A calls every route that takes an
 * id with society B's records' ids, and every list with B's id (or B's farmer) in each parameter
 * that could filter by society. No 2xx may carry B's records, no write may succeed or change a
 * row count. B's records are known by their ids and the farmers' unique names; the society's own
 * id and name are not counted as its data (a society directory may list them).
 */
let t: TestApp;
let admin: Session;
let manager: Session;
let society: { id: string; name: string };
let bFarmerId: string;
const markers: string[] = [];

beforeAll(async () => {
  t = await startTestApp({ UPLOADS_DIR: path.join(tmpdir(), `ushirika-tenancy-${process.pid}`) });
  admin = await sessionAs(t, 'Administrator');
  const a = await makeAmcos(t, 'Society A');
  manager = await sessionAs(t, 'AMCOS Manager', { amcosId: a.id });
  await makeFarmer(t, admin, a.id);
  // Society B: farmers, a weighing, a delivery note.
  const world = await makeCropWorld(t, admin);
  society = world.society.amcos;
  const collection = await recordCollectionOk(t, world.society.clerk.access, weighingOf(world, 0, '250.000'));
  const note = await createNoteVia(
    t,
    world.society.clerk.access,
    noteBody(world, { mode: 'explicit', collectionIds: [collection.id] }),
  );
  bFarmerId = world.society.farmers[0]?.id ?? '';
  markers.push(
    collection.id,
    ...world.society.farmers.flatMap((f) => [f.id, f.lastName, f.farmerNo]),
    ...(note.body.data ? [note.body.data.id, note.body.data.dnNo] : []),
  );
  // An attachment on B's note whose bytes carry a marker, so a download leaking them is seen (#17).
  const form = new FormData();
  form.append('file', new Blob([`%PDF-1.4\n% signed ${note.body.data?.dnNo}\n%%EOF\n`]), 'signed.pdf');
  const attached = await fetch(`${t.url}/api/collections/delivery-notes/${note.body.data?.id}/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${world.society.clerk.access}` },
    body: form,
  });
  const attachment = (await attached.json()) as { data?: { id: string } };
  if (attachment.data) markers.push(attachment.data.id);
}, 120_000);
afterAll(() => t.close());

const fill = (path: string, values: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? 'x').replace(/^\/api/, '');

/** B's rows in the list one level up from each path parameter (read as the union administrator). */
async function bIdsFor(op: Operation): Promise<Record<string, string> | null> {
  const values: Record<string, string> = {};
  for (const name of op.pathParams) {
    const prefix = op.path.slice(0, op.path.indexOf(`{${name}}`)).replace(/\/$/, '');
    const list = await t.request<{ data?: Record<string, unknown>[] }>(
      'GET',
      `${fill(prefix, values)}?amcos_id=${society.id}&per_page=200`,
      { token: admin.access },
    );
    // A record's own read (go-live's book, say) answers an object, not a list: nothing to pick from.
    const rows = Array.isArray(list.body.data) ? list.body.data : [];
    const row = rows.find((r) => {
      const text = JSON.stringify(r);
      return text.includes(society.id) || markers.some((m) => text.includes(m));
    });
    if (!row || typeof row.id !== 'string') return null;
    values[name] = row.id;
  }
  return values;
}

const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-/.test(v);
const bUuids = () => markers.filter(isUuid);

const carriesB = (text: string) => markers.some((m) => m && text.includes(m));

async function call(op: Operation, path: string, body?: unknown) {
  const response = await fetch(`${t.url}/api${path}`, {
    method: op.method,
    headers: {
      authorization: `Bearer ${manager.access}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

describe('society boundaries, generated from the route table', () => {
  it("an AMCOS user never reads or changes society B's records, whatever id or filter is sent", async () => {
    const doc = (await (await fetch(`${t.url}/api/docs/json`)).json()) as OpenApi;
    const operations = operationsOf(doc).filter((op) => !op.path.startsWith('/api/auth/'));
    const r = seededRandom(15);
    const breaches: string[] = [];
    let idRoutes = 0;
    let idCalls = 0;
    let filterCalls = 0;
    let skipped = 0;
    for (const op of operations) {
      if (op.pathParams.length > 0) {
        // B's record from the list above the id when there is one, else each of B's ids in turn.
        const resolved = await bIdsFor(op);
        const candidates = resolved
          ? [resolved]
          : bUuids().map((id) => Object.fromEntries(op.pathParams.map((name) => [name, id])));
        if (!resolved) skipped += 1;
        idRoutes += 1;
        for (const ids of candidates) {
          idCalls += 1;
          const write = op.method !== 'GET';
          const before = write ? await rowCounts(t.db) : undefined;
          const body = op.body ? plausible(op.body, r) : write ? {} : undefined;
          const reply = await call(op, fill(op.path, ids), body);
          const name = `${op.method} ${fill(op.path, ids)}`;
          if (write && reply.status < 300) breaches.push(`${name}: ${reply.status} on B's record`);
          if (!write && reply.status < 300 && carriesB(reply.text))
            breaches.push(`${name}: answered B's data`);
          if (before) {
            const after = await rowCounts(t.db);
            const changed = [...after]
              .filter(([table, n]) => before.get(table) !== n)
              .map(([table]) => table);
            if (changed.length) breaches.push(`${name}: wrote ${changed.join(', ')}`);
          }
        }
      } else if (op.method === 'GET') {
        // Lists: unfiltered, with B in each society filter, and B's farmer searched by name.
        const queries = [''];
        if ('amcos_id' in op.query) queries.push(`amcos_id=${society.id}`);
        for (const key of ['farmer_id', 'party_id']) if (key in op.query) queries.push(`${key}=${bFarmerId}`);
        if ('search' in op.query) queries.push(`search=${encodeURIComponent(markers[2] ?? '')}`);
        for (const query of queries) {
          filterCalls += 1;
          const path = `${fill(op.path, {})}${query ? `?${query}` : ''}`;
          const reply = await call(op, path);
          if (reply.status < 300 && carriesB(reply.text)) breaches.push(`GET ${path}: answered B's data`);
        }
      }
    }
    console.log(
      `tenancy: ${idRoutes} routes with ids called ${idCalls} times with B's ids (${skipped} given each of B's ids, no list above to pick from), ${filterCalls} list calls with B's filters`,
    );
    expect(breaches).toEqual([]);
    expect(idRoutes).toBeGreaterThan(10);
  }, 300_000);

  it('a route that does not declare its access stops the app from starting', async () => {
    const app = Fastify();
    const start = async () => {
      await app.register(
        async (api) => {
          registerAccessControl(api, actorLoader(t.db), t.deps.tokens);
          api.get('/undeclared', async () => ({ ok: true }));
        },
        { prefix: '/api' },
      );
      await app.ready();
    };
    await expect(start()).rejects.toThrow('Route GET /api/undeclared does not declare its access');
  });
});
