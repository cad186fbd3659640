import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { TOO_LARGE_MESSAGE } from '../../src/platform/error-handler.ts';
import { describeForLog, logLine } from '../../src/platform/safe-log.ts';
import { makeFarmer } from '../crop-flow.ts';
import { makeTransporter } from '../crop-flow-lots.ts';
import {
  makeAmcos,
  makeUser,
  type Session,
  sessionAs,
  signIn,
  startTestApp,
  type TestApp,
  useTestApp,
} from '../harness.ts';

let t: TestApp;
let admin: Session;
useTestApp((s) => {
  ({ t, admin } = s);
});

describe('partial updates (every PATCH/PUT whose fields are all optional)', () => {
  it('refuses a body with nothing to update, or only unknown fields, with 400 "Nothing to update"', async () => {
    const society = await makeAmcos(t);
    const clerk = await sessionAs(t, 'AMCOS Clerk', { amcosId: society.id });
    const empty = await t.request('PATCH', '/auth/profile', { token: clerk.access, body: {} });
    expect([empty.status, empty.body]).toEqual([400, { message: 'Nothing to update' }]);
    const created = await t.request<{ data: { id: string } }>('POST', '/cooperative/banks', {
      token: admin.access,
      body: { name: 'Hardening Bank', shortCode: 'HBANK' },
    });
    const bank = created.body.data.id;
    const unknown = await t.request('PATCH', `/cooperative/banks/${bank}`, {
      token: admin.access,
      body: { colour: 'blue' },
    });
    expect([unknown.status, unknown.body]).toEqual([400, { message: 'Nothing to update' }]);
  });

  it("changes only the fields sent: a schema's defaults never overwrite what the caller did not mention", async () => {
    const society = await makeAmcos(t);
    const clerk = await makeUser(t, 'AMCOS Clerk', { amcosId: society.id });
    const renamed = await t.request<{ data: { amcosId: string; firstName: string } }>(
      'PATCH',
      `/users/${clerk.id}`,
      {
        token: admin.access,
        body: { firstName: 'Neema' },
      },
    );
    expect(renamed.status).toBe(200);
    // updateUserBody defaults amcosId to null: before, renaming a clerk moved them to the union.
    expect(renamed.body.data).toMatchObject({ firstName: 'Neema', amcosId: society.id });

    const transporter = await makeTransporter(t, admin);
    const patched = await t.request<{ data: { vehicles: unknown[]; name: string } }>(
      'PATCH',
      `/settings/collection/transporters/${transporter.id}`,
      { token: admin.access, body: { name: `${transporter.name} Ltd` } },
    );
    expect(patched.status).toBe(200);
    // vehicles defaults to []: before, renaming a transporter deleted its vehicles.
    expect(patched.body.data.vehicles).toHaveLength(1);
  });
});

describe('numbers are never coerced from booleans, arrays or empty text', () => {
  it('refuses invoiceDueDays true, [30] and "", takes 30 and "30"', async () => {
    const put = (invoiceDueDays: unknown) =>
      t.request<{ message: string; data?: { invoiceDueDays: number } }>('PUT', '/sales/settings', {
        token: admin.access,
        body: { invoiceDueDays },
      });
    for (const bad of [true, [30], '', null, '1e1']) {
      const r = await put(bad);
      expect([r.status, r.body.message]).toEqual([400, 'Enter the days as a whole number']);
    }
    expect((await put(30)).status).toBe(200);
    expect((await put('21')).status).toBe(200);
    const list = await t.request<{ meta: { per_page: number } }>('GET', '/collections/farmers?per_page=7', {
      token: admin.access,
    });
    expect(list.body.meta.per_page).toBe(7);
    expect((await t.request('GET', '/collections/farmers?per_page=', { token: admin.access })).status).toBe(
      400,
    );
  });

  it('holds for contracts added later: no contract uses z.coerce (wholeNumber is the one coercion)', async () => {
    const root = path.resolve(import.meta.dirname, '../../../../packages/contracts/src');
    const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.ts'));
    const coercing: string[] = [];
    for (const file of files)
      if ((await readFile(path.join(root, file), 'utf8')).includes('z.coerce')) coercing.push(file);
    expect(files.length).toBeGreaterThan(20);
    expect(coercing).toEqual([]);
  });
});

describe('NUL characters', () => {
  it('are refused in a body field, a query parameter and a path parameter, naming the field; nothing is written', async () => {
    const society = await makeAmcos(t);
    const farmer = await makeFarmer(t, admin, society.id);
    const body = await t.request<{ message: string; errors: Record<string, string[]> }>(
      'PATCH',
      `/collections/farmers/${farmer.id}`,
      { token: admin.access, body: { village: 'a\u0000b' } },
    );
    expect(body.status).toBe(400);
    expect(body.body.message).toBe('Village contains a NUL character (\\u0000), which is not allowed');
    expect(Object.keys(body.body.errors)).toEqual(['village']);
    const after = await t.request<{ data: { village: string | null } }>(
      'GET',
      `/collections/farmers/${farmer.id}`,
      {
        token: admin.access,
      },
    );
    expect(after.body.data.village).toBe(farmer.village);
    const query = await t.request('GET', '/collections/farmers?search=a%00b', { token: admin.access });
    expect([query.status, Object.keys(query.body)]).toEqual([400, ['message', 'errors']]);
    const param = await t.request('GET', '/collections/farmers/number/a%00b', { token: admin.access });
    expect(param.status).toBe(400);
  });
});

describe('transport rules', () => {
  it('answers 413 for an 11 MB JSON body and an 11 MB upload, before reading them', async () => {
    const big = 'x'.repeat(11 * 1024 * 1024);
    const json = await fetch(`${t.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: big, password: 'x' }),
    });
    expect([json.status, await json.json()]).toEqual([413, { message: TOO_LARGE_MESSAGE }]);
    const form = new FormData();
    form.append('file', new Blob([big]), 'farmers.xlsx');
    const upload = await fetch(`${t.url}/api/collections/farmers/import/preview`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.access}` },
      body: form,
    });
    expect([upload.status, await upload.json()]).toEqual([413, { message: TOO_LARGE_MESSAGE }]);
  });

  it('answers a malformed URL in the app error shape', async () => {
    const r = await fetch(`${t.url}/api/%ff`);
    expect([r.status, await r.json()]).toEqual([400, { message: 'The address is not valid' }]);
  });

  it('marks API answers no-store, signed in or not', async () => {
    const me = await t.request('GET', '/auth/me', { token: admin.access });
    expect(me.headers.get('cache-control')).toBe('no-store');
    const refused = await t.request('GET', '/auth/me');
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });

  it('answers a CORS preflight with 204, allowing only configured origins (none by default)', async () => {
    const preflight = (url: string, origin: string) =>
      fetch(`${url}/api/auth/login`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    const closed = await preflight(t.url, 'https://elsewhere.example');
    expect(closed.status).toBe(204);
    expect(closed.headers.get('access-control-allow-origin')).toBeNull();
    const open = await startTestApp({ CORS_ORIGINS: 'https://portal.example' });
    try {
      const allowed = await preflight(open.url, 'https://portal.example');
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://portal.example');
      expect(allowed.headers.get('access-control-allow-headers')).toContain('authorization');
      const other = await preflight(open.url, 'https://elsewhere.example');
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await open.close();
    }
  });
});

describe('API docs setting (API_DOCS)', () => {
  it('defaults to public outside production and off in production', () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).apiDocs).toBe('public');
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), NODE_ENV: 'production' }).apiDocs).toBe('off');
  });

  it('off answers 404; signed-in answers 401 without a token and the document with one', async () => {
    const off = await startTestApp({ API_DOCS: 'off' });
    const signedIn = await startTestApp({ API_DOCS: 'signed-in' });
    try {
      expect((await fetch(`${off.url}/api/docs/json`)).status).toBe(404);
      expect((await fetch(`${signedIn.url}/api/docs/json`)).status).toBe(401);
      const user = await makeUser(signedIn, 'Auditor');
      const session = await signIn(signedIn, user.email);
      const doc = await fetch(`${signedIn.url}/api/docs/json`, {
        headers: { authorization: `Bearer ${session.access}` },
      });
      expect(doc.status).toBe(200);
      expect(((await doc.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    } finally {
      await off.close();
      await signedIn.close();
    }
  });
});

describe('logs of a failed query', () => {
  it('hold the statement, code and table, never the SQL values', async () => {
    const secret = 'nida-19870101-secret';
    const error = await t.db.execute(sql`select * from farmers where id = ${secret}::uuid`).catch((e) => e);
    const logged = JSON.stringify(describeForLog(error));
    expect(logged).not.toContain(secret);
    expect(describeForLog(error)).toMatchObject({
      type: 'QueryError',
      code: '22P02',
      statement: 'select farmers',
    });
    expect(logLine(error)).not.toContain(secret);
  });
});
