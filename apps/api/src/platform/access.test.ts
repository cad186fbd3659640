import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeAmcos,
  makeUser,
  type Session,
  sessionAs,
  startTestApp,
  type TestApp,
} from '../../test/harness.ts';

let t: TestApp;
let amcosA: { id: string };
let amcosB: { id: string };
let clerkA: Session;
let managerA: Session;
let auditor: Session;
beforeAll(async () => {
  t = await startTestApp();
  amcosA = await makeAmcos(t, 'Alpha');
  amcosB = await makeAmcos(t, 'Beta');
  clerkA = await sessionAs(t, 'AMCOS Clerk', { amcosId: amcosA.id });
  managerA = await sessionAs(t, 'AMCOS Manager', { amcosId: amcosA.id });
  auditor = await sessionAs(t, 'Auditor');
});
afterAll(() => t.close());

describe('permissions and tenancy', () => {
  it('an AMCOS user gets 403 on every union-only endpoint, whatever id they send', async () => {
    const other = await makeUser(t, 'AMCOS Clerk', { amcosId: amcosB.id });
    const calls: [string, string, unknown?][] = [
      ['GET', '/users'],
      ['GET', `/users/${other.id}`],
      ['PATCH', `/users/${other.id}`, { lastName: 'Hacked' }],
      ['POST', '/users', { firstName: 'X' }],
      ['GET', '/roles'],
      ['POST', '/amcos', { code: 'ZZ99', name: 'Rogue' }],
      ['GET', `/audit/user/${other.id}`],
    ];
    for (const [method, path, body] of calls) {
      const r = await t.request<{ message: string }>(method, path, { token: managerA.access, body });
      expect([method, path, r.status]).toEqual([method, path, 403]);
      expect(r.body.message).toBe('This is for union staff only');
    }
  });

  it('an AMCOS user sees only their own society in the AMCOS list and its export', async () => {
    const list = await t.request<{ data: { id: string }[]; meta: { total: number } }>('GET', '/amcos', {
      token: clerkA.access,
    });
    expect(list.body.data.map((a) => a.id)).toEqual([amcosA.id]);
    const csv = await fetch(`${t.url}/api/amcos?format=csv`, {
      headers: { authorization: `Bearer ${clerkA.access}` },
    });
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toHaveLength(2);
  });

  it("an AMCOS user cannot read another society's history; they can read their own", async () => {
    const other = await t.request('GET', `/audit/amcos/${amcosB.id}`, { token: managerA.access });
    expect(other.status).toBe(403);
    const own = await t.request<{ data: { action: string }[] }>('GET', `/audit/amcos/${amcosA.id}`, {
      token: managerA.access,
    });
    expect(own.status).toBe(200);
    expect(own.body.data.map((e) => e.action)).toEqual(['created']);
  });

  it('a union user without the permission gets 403 with a clear message', async () => {
    const r = await t.request<{ message: string }>('POST', '/users', { token: auditor.access, body: {} });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('You do not have permission to do this');
  });

  it('takes the bearer scheme in any case (RFC 7235) and nothing but a bearer token', async () => {
    const me = (authorization: string) => fetch(`${t.url}/api/auth/me`, { headers: { authorization } });
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR'])
      expect([scheme, (await me(`${scheme} ${auditor.access}`)).status]).toEqual([scheme, 200]);
    for (const header of [`Basic ${auditor.access}`, `Bearer`, `Bearer${auditor.access}`, auditor.access])
      expect((await me(header)).status).toBe(401);
  });

  it('no token or a forged token gets 401 with the SPEC message', async () => {
    for (const token of [undefined, 'garbage', `${auditor.access.slice(0, -4)}AAAA`]) {
      const r = await t.request<{ message: string }>('GET', '/auth/me', { token });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ message: 'Unauthorized, please Login.' });
    }
  });

  it('every API route declares its access (the app refuses to start otherwise)', async () => {
    const spec = await t.request<{ paths: Record<string, unknown> }>('GET', '/docs/json');
    expect(Object.keys(spec.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/users', '/api/users/{id}']),
    );
  });
});
