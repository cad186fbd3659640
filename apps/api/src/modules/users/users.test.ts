import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  makeAmcos,
  makeUser,
  type Session,
  signIn,
  type TestApp,
  useTestApp,
} from '../../../test/harness.ts';

let t: TestApp;
let admin: Session;
let roleIds: Record<string, string>;
useTestApp(async (s) => {
  ({ t, admin } = s);
  const roles = await t.request<{ data: { id: string; name: string }[] }>('GET', '/roles', {
    token: admin.access,
  });
  roleIds = Object.fromEntries(roles.body.data.map((r) => [r.name, r.id]));
});

const newUser = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Asha',
  lastName: 'Mwakyusa',
  email: `asha.${Math.random().toString(36).slice(2, 8)}@test.local`,
  mobile: '255754000111',
  gender: 'Female',
  roleIds: [roleIds.Accountant],
  ...extra,
});

describe('roles', () => {
  it('lists the ten built-in roles with their audience and permissions', async () => {
    const r = await t.request<{
      data: { name: string; audience: string; builtIn: boolean; permissions: string[] }[];
    }>('GET', '/roles', {
      token: admin.access,
    });
    expect(r.body.data.map((x) => x.name).sort()).toEqual(
      [
        'AMCOS Clerk',
        'AMCOS Manager',
        'Accountant',
        'Administrator',
        'Auditor',
        'Crop Officer',
        'Finance Manager',
        'Procurement Officer',
        'Settlement Officer',
        'Store Keeper',
      ].sort(),
    );
    const auditor = r.body.data.find((x) => x.name === 'Auditor');
    expect(auditor?.permissions.every((p) => p.endsWith('.read'))).toBe(true);
    expect(r.body.data.find((x) => x.name === 'AMCOS Clerk')?.audience).toBe('amcos');
  });
});

describe('creating users', () => {
  it('creates a union user with 201 and SPEC message; the user must change the initial password', async () => {
    const body = newUser({ password: 'Initial#2026' });
    const r = await t.request<{ message: string; data: Record<string, unknown> }>('POST', '/users', {
      token: admin.access,
      body,
    });
    expect(r.status).toBe(201);
    expect(r.body.message).toBe('User created successfully');
    expect(r.body.data).toMatchObject({
      firstName: 'Asha',
      email: body.email,
      amcosId: null,
      isInitialPassword: true,
      active: true,
      roles: [{ name: 'Accountant' }],
    });
    expect(JSON.stringify(r.body)).not.toContain('Initial#2026');
    const session = await signIn(t, body.email, 'Initial#2026');
    const me = await t.request<{ data: { isInitialPassword: boolean } }>('GET', '/auth/me', {
      token: session.access,
    });
    expect(me.body.data.isInitialPassword).toBe(true);
  });

  it('without a typed password, generates one and sends it only by SMS', async () => {
    const body = newUser({ mobile: '255754999888' });
    const r = await t.request('POST', '/users', { token: admin.access, body });
    expect(r.status).toBe(201);
    const sms = t.sms.sent.filter((m) => m.to === '255754999888').at(-1);
    const password = sms?.text.match(/password (\S+)\./)?.[1];
    expect(password).toBeDefined();
    expect(JSON.stringify(r.body)).not.toContain(password);
    await expect(signIn(t, body.email, password)).resolves.toMatchObject({ email: body.email });
  });

  it('creates an AMCOS user with an AMCOS role, and refuses a union role for them', async () => {
    const society = await makeAmcos(t);
    const ok = await t.request<{ data: { amcosId: string; amcosUuid: string; amcosName: string } }>(
      'POST',
      '/users',
      {
        token: admin.access,
        body: newUser({ amcosId: society.id, roleIds: [roleIds['AMCOS Clerk']] }),
      },
    );
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({
      amcosId: society.id,
      amcosUuid: society.id,
      amcosName: society.name,
    });
    const misfit = await t.request<{ message: string; errors: Record<string, string[]> }>('POST', '/users', {
      token: admin.access,
      body: newUser({ amcosId: society.id, roleIds: [roleIds.Accountant] }),
    });
    expect(misfit.status).toBe(400);
    expect(misfit.body.message).toBe('The role Accountant is for union users only');
    expect(misfit.body.errors.roleIds).toBeDefined();
  });

  it('refuses a duplicate email with 409 and bad fields with 400, creating nothing', async () => {
    const body = newUser();
    expect((await t.request('POST', '/users', { token: admin.access, body })).status).toBe(201);
    const dup = await t.request<{ message: string }>('POST', '/users', {
      token: admin.access,
      body: { ...body, email: body.email.toUpperCase() },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A user with this email already exists');
    const bad = await t.request<{ message: string; errors: Record<string, string[]> }>('POST', '/users', {
      token: admin.access,
      body: { ...newUser(), mobile: '12', gender: 'Other', roleIds: [] },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['gender', 'mobile', 'roleIds']);
    const unknownAmcos = await t.request('POST', '/users', {
      token: admin.access,
      body: newUser({ amcosId: '01900000-0000-7000-8000-000000000000', roleIds: [roleIds['AMCOS Clerk']] }),
    });
    expect(unknownAmcos.status).toBe(400);
    const list = await t.request<{ meta: { total: number } }>(
      'GET',
      `/users?search=${encodeURIComponent(body.email)}`,
      { token: admin.access },
    );
    expect(list.body.meta.total).toBe(1);
  });
});

describe('listing users', () => {
  it('searches by name, email and mobile, filters by AMCOS, role, kind and active, pages and sorts', async () => {
    const society = await makeAmcos(t);
    const clerk = await makeUser(t, 'AMCOS Clerk', { amcosId: society.id, mobile: '255766123123' });
    const byMobile = await t.request<{ data: { id: string }[] }>('GET', '/users?search=766123123', {
      token: admin.access,
    });
    expect(byMobile.body.data.map((u) => u.id)).toEqual([clerk.id]);
    const byAmcos = await t.request<{ data: { id: string }[]; meta: { total: number } }>(
      'GET',
      `/users?amcos_id=${society.id}`,
      {
        token: admin.access,
      },
    );
    expect(byAmcos.body.data.map((u) => u.id)).toEqual([clerk.id]);
    const byRole = await t.request<{ data: { roles: { name: string }[] }[] }>(
      'GET',
      `/users?role_id=${roleIds['AMCOS Clerk']}`,
      {
        token: admin.access,
      },
    );
    expect(byRole.body.data.every((u) => u.roles.some((r) => r.name === 'AMCOS Clerk'))).toBe(true);
    const union = await t.request<{ data: { amcosId: string | null }[] }>(
      'GET',
      '/users?kind=union&per_page=200',
      { token: admin.access },
    );
    expect(union.body.data.every((u) => u.amcosId === null)).toBe(true);
    const page = await t.request<{
      data: unknown[];
      meta: { page: number; per_page: number; total: number };
    }>('GET', '/users?page=2&per_page=2&sort=email:desc', { token: admin.access });
    expect(page.body.meta).toMatchObject({ page: 2, per_page: 2 });
    expect(page.body.data.length).toBeLessThanOrEqual(2);
    const badSort = await t.request<{ message: string }>('GET', '/users?sort=password:asc', {
      token: admin.access,
    });
    expect(badSort.status).toBe(400);
    const wildcard = await t.request<{ meta: { total: number } }>('GET', '/users?search=%25', {
      token: admin.access,
    });
    expect(wildcard.body.meta.total).toBe(0);
  });

  it('exports the same query as xlsx and csv', async () => {
    const res = await fetch(`${t.url}/api/users?format=xlsx&kind=union`, {
      headers: { authorization: `Bearer ${admin.access}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="USERS_\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(3).value).toBe('Email');
    expect(sheet?.rowCount).toBeGreaterThan(1);
    const csv = await fetch(`${t.url}/api/users?format=csv&search=${encodeURIComponent(admin.email)}`, {
      headers: { authorization: `Bearer ${admin.access}` },
    });
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe('First name,Last name,Email,Mobile,Gender,AMCOS,Roles,Active,Created');
    expect(text).toContain(admin.email);
  });
});

describe('updating users', () => {
  it('changes roles and AMCOS, audits before and after, and shows the history', async () => {
    const user = await makeUser(t, 'Auditor');
    const r = await t.request<{ message: string; data: { roles: { name: string }[] } }>(
      'PATCH',
      `/users/${user.id}`,
      {
        token: admin.access,
        body: { roleIds: [roleIds['Finance Manager']], lastName: 'Kimaro' },
      },
    );
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('User updated successfully');
    expect(r.body.data.roles.map((x) => x.name)).toEqual(['Finance Manager']);
    const history = await t.request<{
      data: {
        action: string;
        actorName: string | null;
        before: { lastName: string };
        after: { lastName: string };
      }[];
    }>('GET', `/audit/user/${user.id}`, { token: admin.access });
    expect(history.body.data.map((e) => e.action)).toEqual(['created', 'updated']);
    const updated = history.body.data[1];
    expect(updated?.before.lastName).toBe(user.lastName);
    expect(updated?.after.lastName).toBe('Kimaro');
    expect(updated?.actorName).toMatch(/^Administrator /);
    expect(JSON.stringify(history.body)).not.toMatch(/password/i);
  });

  it('refuses to deactivate yourself, and 404s an unknown user', async () => {
    const self = await t.request<{ message: string }>('PATCH', `/users/${admin.userId}`, {
      token: admin.access,
      body: { active: false },
    });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot deactivate your own account');
    const missing = await t.request('PATCH', '/users/01900000-0000-7000-8000-000000000000', {
      token: admin.access,
      body: { lastName: 'X' },
    });
    expect(missing.status).toBe(404);
    const notId = await t.request('GET', '/users/not-a-uuid', { token: admin.access });
    expect(notId.status).toBe(400);
  });
});
