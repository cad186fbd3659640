import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { type Listed, uniq } from '../../../test/master-data.ts';

let t: TestApp;
let admin: Session;
let councilId: string;
let bankId: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await sessionAs(t, 'Administrator');
  const councils = await t.request<Listed<{ id: string }>>('GET', '/cooperative/councils?search=Nanyumbu', {
    token: admin.access,
  });
  councilId = councils.body.data[0]?.id ?? '';
  const bank = await t.request<{ data: { id: string } }>('POST', '/cooperative/banks', {
    token: admin.access,
    body: { name: `CRDB ${uniq()}`, shortCode: `C${uniq()}` },
  });
  bankId = bank.body.data.id;
});
afterAll(() => t.close());

const society = (extra: Record<string, unknown> = {}) => ({
  code: `N${uniq()}`,
  name: `Mangaka AMCOS ${uniq()}`,
  registrationNo: 'MTR/123',
  councilId,
  ward: 'Mangaka',
  village: 'Mangaka',
  phone: '0754 200201',
  email: 'mangaka@amcos.test',
  manager: 'Athumani Chilumba',
  bankId,
  accountNo: '0152-000111',
  location: { lat: -10.95, lng: 38.12 },
  ...extra,
});

describe('AMCOS', () => {
  it('registers a society with its council, bank and map point', async () => {
    const body = society();
    const r = await t.request<{ message: string; data: Record<string, unknown> }>('POST', '/amcos', {
      token: admin.access,
      body,
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      message: 'AMCOS created successfully',
      data: {
        code: body.code,
        councilName: 'Nanyumbu District Council',
        phone: '255754200201',
        location: { lat: -10.95, lng: 38.12 },
        status: 'active',
        farmerCount: 0,
        userCount: 0,
      },
    });
  });

  it('refuses bad input and duplicate codes with clear messages', async () => {
    const body = society();
    await t.request('POST', '/amcos', { token: admin.access, body });
    const again = await t.request('POST', '/amcos', {
      token: admin.access,
      body: { ...body, name: 'Other' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'An AMCOS with this code already exists' });
    const badCode = await t.request('POST', '/amcos', { token: admin.access, body: society({ code: 'x' }) });
    expect(badCode.body).toMatchObject({ message: 'The code has 2 to 10 letters or digits' });
    const badCouncil = await t.request('POST', '/amcos', {
      token: admin.access,
      body: society({ councilId: '0190a4c2-0000-7000-8000-000000000000' }),
    });
    expect(badCouncil.status).toBe(400);
    expect(badCouncil.body).toMatchObject({ message: 'The chosen council does not exist' });
  });

  it('updates (but never its code), suspends, filters by council and status, exports', async () => {
    const created = await t.request<{ data: { id: string; code: string } }>('POST', '/amcos', {
      token: admin.access,
      body: society(),
    });
    const id = created.body.data.id;
    const r = await t.request('PATCH', `/amcos/${id}`, {
      token: admin.access,
      body: { status: 'suspended', manager: 'Mwajuma Namwaya', code: 'ZZZ' },
    });
    expect(r.body).toMatchObject({
      data: { status: 'suspended', manager: 'Mwajuma Namwaya', code: created.body.data.code },
    });
    const list = await t.request<Listed<{ id: string }>>(
      'GET',
      `/amcos?council_id=${councilId}&status=suspended`,
      { token: admin.access },
    );
    expect(list.body.data.map((a) => a.id)).toContain(id);
    const csv = await t.request('GET', '/amcos?format=csv', { token: admin.access });
    expect(new TextDecoder().decode(csv.raw).split('\r\n')[0]).toBe(
      'Code,Name,Registration no,Council,Ward,Village,Manager,Phone,Bank,Account no,Farmers,Status',
    );
    const history = await t.request<{ data: { action: string }[] }>('GET', `/audit/amcos/${id}`, {
      token: admin.access,
    });
    expect(history.body.data.map((e) => e.action)).toEqual(['created', 'updated']);
  });

  it('lets an AMCOS user read only their own society and change none', async () => {
    const mine = await t.request<{ data: { id: string } }>('POST', '/amcos', {
      token: admin.access,
      body: society(),
    });
    const manager = await sessionAs(t, 'AMCOS Manager', { amcosId: mine.body.data.id });
    const own = await t.request<{ data: { userCount: number } }>('GET', `/amcos/${mine.body.data.id}`, {
      token: manager.access,
    });
    expect(own.status).toBe(200);
    expect(own.body.data.userCount).toBe(1);
    const patch = await t.request('PATCH', `/amcos/${mine.body.data.id}`, {
      token: manager.access,
      body: { manager: 'Me' },
    });
    expect(patch.status).toBe(403);
    const create = await t.request('POST', '/amcos', { token: manager.access, body: society() });
    expect(create.status).toBe(403);
  });
});
