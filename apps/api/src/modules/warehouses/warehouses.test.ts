import { describe, expect, it } from 'vitest';
import { type Session, type TestApp, useTestAppWithClerk } from '../../../test/harness.ts';
import { type Listed, uniq } from '../../../test/master-data.ts';

type Warehouse = {
  id: string;
  name: string;
  operator: string;
  licenceNo: string;
  location: string | null;
  councilId: string | null;
  councilName: string | null;
  capacityKg: string | null;
  active: boolean;
};
type History = { data: { action: string; before: unknown; after: unknown }[] };

let t: TestApp;
let admin: Session;
let clerk: Session;
let councilId: string;
let councilName: string;

useTestAppWithClerk(async (s) => {
  ({ t, admin, clerk } = s);
  const councils = await t.request<Listed<{ id: string; name: string }>>(
    'GET',
    '/cooperative/councils?search=Tandahimba',
    { token: admin.access },
  );
  councilId = councils.body.data[0]?.id ?? '';
  councilName = councils.body.data[0]?.name ?? '';
});

const path = '/settings/collection/warehouses';
const post = <T>(body: unknown, token = admin.access) => t.request<T>('POST', path, { token, body });
const get = <T>(url: string, token = admin.access) => t.request<T>('GET', url, { token });

function body(overrides: Record<string, unknown> = {}) {
  return {
    name: `Tandahimba Warehouse ${uniq()}`,
    operator: 'Tandahimba Cooperative Warehouses Ltd',
    licenceNo: `WRRB/${uniq()}`,
    location: 'Tandahimba town',
    councilId,
    capacityKg: '2500000',
    ...overrides,
  };
}

describe('warehouses', () => {
  it('creates a warehouse with operator, licence, council and capacity', async () => {
    expect(councilId).not.toBe('');
    const input = body();
    const r = await post<{ message: string; data: Warehouse }>(input);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      message: 'Warehouse created successfully',
      data: {
        name: input.name,
        operator: input.operator,
        licenceNo: input.licenceNo,
        location: 'Tandahimba town',
        councilId,
        councilName,
        capacityKg: '2500000.000',
        active: true,
      },
    });
    const minimal = await post<{ data: Warehouse }>(
      body({ location: '', councilId: null, capacityKg: null }),
    );
    expect(minimal.status).toBe(201);
    expect(minimal.body.data).toMatchObject({
      location: null,
      councilId: null,
      councilName: null,
      capacityKg: null,
    });
    const read = await get<{ data: Warehouse }>(`${path}/${r.body.data.id}`);
    expect(read.body.data).toEqual(r.body.data);
  });

  it('refuses each bad field with its message', async () => {
    const taken = body();
    await post(taken);
    const refusals: [Record<string, unknown>, number, string, string][] = [
      [{ name: '' }, 400, 'name', 'Enter the warehouse name'],
      [{ operator: '   ' }, 400, 'operator', 'Enter the operator'],
      [{ licenceNo: '' }, 400, 'licenceNo', 'Enter the licence number'],
      [{ licenceNo: 'L'.repeat(41) }, 400, 'licenceNo', 'At most 40 characters'],
      [
        { capacityKg: '12.3456' },
        400,
        'capacityKg',
        'Enter the capacity in kg with at most 3 decimals, e.g. 1250.5',
      ],
      [
        { capacityKg: '-5' },
        400,
        'capacityKg',
        'Enter the capacity in kg with at most 3 decimals, e.g. 1250.5',
      ],
      [
        { councilId: '00000000-0000-4000-8000-000000000000' },
        400,
        'councilId',
        'The chosen council does not exist',
      ],
      [{ name: taken.name }, 409, 'name', 'A warehouse with this name already exists'],
      [{ licenceNo: taken.licenceNo }, 409, 'licenceNo', 'Another warehouse has this licence number'],
    ];
    for (const [change, status, field, message] of refusals) {
      const r = await post(body(change));
      expect({ change, status: r.status, body: r.body }).toMatchObject({
        change,
        status,
        body: { message, errors: { [field]: [message] } },
      });
    }
    const missing = await post(
      Object.fromEntries(Object.entries(body()).filter(([k]) => k !== 'operator')) as Record<string, unknown>,
    );
    expect(missing.body).toMatchObject({ message: 'Operator is required' });
  });

  it('edits, deactivates and keeps the history of each change', async () => {
    const created = await post<{ data: Warehouse }>(body());
    const id = created.body.data.id;
    const edited = await t.request<{ message: string; data: Warehouse }>('PATCH', `${path}/${id}`, {
      token: admin.access,
      body: { operator: 'Mtwara Port Warehousing', capacityKg: '3000000.5' },
    });
    expect(edited.body).toMatchObject({
      message: 'Warehouse updated successfully',
      data: { operator: 'Mtwara Port Warehousing', capacityKg: '3000000.500' },
    });
    await t.request('PATCH', `${path}/${id}`, { token: admin.access, body: { active: false } });
    const history = await get<History>(`/audit/warehouse/${id}`);
    expect(history.body.data.map((e) => e.action)).toEqual(['created', 'updated', 'updated']);
    expect(history.body.data[1]).toMatchObject({
      before: { operator: 'Tandahimba Cooperative Warehouses Ltd', capacityKg: '2500000.000' },
      after: { operator: 'Mtwara Port Warehousing', capacityKg: '3000000.500' },
    });
    expect(history.body.data[2]).toMatchObject({ before: { active: true }, after: { active: false } });
    const other = await post(body());
    expect(other.status).toBe(201);
    const clash = await t.request('PATCH', `${path}/${id}`, {
      token: admin.access,
      body: { licenceNo: (other.body as { data: Warehouse }).data.licenceNo },
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ message: 'Another warehouse has this licence number' });
    const unknown = await t.request('PATCH', `${path}/00000000-0000-4000-8000-000000000000`, {
      token: admin.access,
      body: { operator: 'X' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: 'Warehouse not found' });
  });

  it('lists with search (name, operator, licence, location), council filter, sort, paging and export', async () => {
    const tag = uniq();
    const a = await post<{ data: Warehouse }>(body({ name: `Alpha ${tag}`, capacityKg: '900' }));
    const b = await post<{ data: Warehouse }>(
      body({ name: `Beta ${tag}`, operator: `Operator ${tag}`, capacityKg: '100', councilId: null }),
    );
    const c = await post<{ data: Warehouse }>(
      body({ name: `Gamma ${tag}`, location: `Quay ${tag}`, capacityKg: '500' }),
    );
    const names = (r: { body: Listed<Warehouse> }) => r.body.data.map((w) => w.name);

    const bySearch = await get<Listed<Warehouse>>(`${path}?search=${tag}`);
    expect(names(bySearch)).toEqual([`Alpha ${tag}`, `Beta ${tag}`, `Gamma ${tag}`]);
    expect(bySearch.body.meta.total).toBe(3);
    expect(names(await get<Listed<Warehouse>>(`${path}?search=operator ${tag}`))).toEqual([`Beta ${tag}`]);
    expect(names(await get<Listed<Warehouse>>(`${path}?search=quay ${tag}`))).toEqual([`Gamma ${tag}`]);
    const licence = a.body.data.licenceNo;
    expect(names(await get<Listed<Warehouse>>(`${path}?search=${encodeURIComponent(licence)}`))).toEqual([
      `Alpha ${tag}`,
    ]);
    const inCouncil = await get<Listed<Warehouse>>(`${path}?search=${tag}&council_id=${councilId}`);
    expect(names(inCouncil)).toEqual([`Alpha ${tag}`, `Gamma ${tag}`]);
    const byCapacity = await get<Listed<Warehouse>>(`${path}?search=${tag}&sort=capacity:desc`);
    expect(byCapacity.body.data.map((w) => w.capacityKg)).toEqual(['900.000', '500.000', '100.000']);
    const page2 = await get<Listed<Warehouse>>(`${path}?search=${tag}&per_page=2&page=2`);
    expect(page2.body).toMatchObject({ meta: { page: 2, per_page: 2, total: 3 } });
    expect(names(page2)).toEqual([`Gamma ${tag}`]);
    const badSort = await get(`${path}?sort=licence:asc`);
    expect(badSort.status).toBe(400);
    expect(badSort.body).toMatchObject({ message: 'You can sort by name, operator, capacity' });

    const csv = await get(`${path}?search=${tag}&format=csv`);
    expect(csv.status).toBe(200);
    const lines = new TextDecoder().decode(csv.raw).trim().split(/\r?\n/);
    expect(lines[0]).toContain('Licence no');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain(b.body.data.operator);
    expect(lines[3]).toContain(councilName);
    expect(c.status).toBe(201);
    const xlsx = await get(`${path}?search=${tag}&format=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(new Uint8Array(xlsx.raw).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
  });

  it('is union-only: AMCOS users get 403 on lists, records, exports, changes and history', async () => {
    const created = await post<{ data: Warehouse }>(body());
    const id = created.body.data.id;
    const tries = [
      await get(path, clerk.access),
      await get(`${path}?format=csv`, clerk.access),
      await get(`${path}/${id}`, clerk.access),
      await post(body(), clerk.access),
      await t.request('PATCH', `${path}/${id}`, { token: clerk.access, body: { operator: 'X' } }),
      await get(`/audit/warehouse/${id}`, clerk.access),
    ];
    expect(tries.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(tries[0]?.body).toMatchObject({ message: 'This is for union staff only' });
    expect((await get<{ data: Warehouse }>(`${path}/${id}`)).body.data.operator).toBe(
      'Tandahimba Cooperative Warehouses Ltd',
    );
    expect((await get(path, '')).status).toBe(401);
  });
});
