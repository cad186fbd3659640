import { beforeAll, describe, expect, it } from 'vitest';
import { type Session, sessionAs, type TestApp, useTwoSocieties } from '../../../test/harness.ts';
import { type Listed, nida, phone } from '../../../test/master-data.ts';

type FarmerReply = {
  id: string;
  farmerNo: string;
  amcosId: string;
  nationalId: string | null;
  phone: string | null;
  farms: { id: string; acres: string; location: { lat: number; lng: number } | null; boundary: unknown }[];
};

let t: TestApp;
let admin: Session;
let clerkA: Session;
let clerkB: Session;
let societyA: { id: string; code: string };
let societyB: { id: string; code: string };
let cashewId: string;

const farmer = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Mwanaisha',
  lastName: 'Kibwana',
  gender: 'Female',
  nationalId: nida(),
  phone: phone(),
  village: 'Mangaka',
  ...extra,
});

async function register(session: Session, extra: Record<string, unknown> = {}) {
  const r = await t.request<{ message: string; data: FarmerReply }>('POST', '/collections/farmers', {
    token: session.access,
    body: farmer(extra),
  });
  if (r.status !== 201) throw new Error(`register failed ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

useTwoSocieties(['Nanyumbu', 'Tandahimba'], async (s) => {
  ({ t, admin, societyA, societyB, clerkA, clerkB } = s);
  const crops = await t.request<Listed<{ id: string; code: string }>>('GET', '/settings/collection/crops', {
    token: clerkA.access,
  });
  if (crops.status !== 200) throw new Error(JSON.stringify(crops.body));
  cashewId = crops.body.data.find((c) => c.code === 'CASHEW')?.id ?? '';
});

describe('registering farmers', () => {
  it('numbers farmers <AMCOS code>-<seq> per society, in order', async () => {
    const first = await register(clerkA);
    const second = await register(clerkA);
    const other = await register(admin, { amcosId: societyB.id });
    expect(first.farmerNo).toBe(`${societyA.code}-00001`);
    expect(second.farmerNo).toBe(`${societyA.code}-00002`);
    expect(other.farmerNo).toBe(`${societyB.code}-00001`);
    expect(first.amcosId).toBe(societyA.id);
  });

  it('never reuses a number: a refused registration does not consume one, and numbers only go up', async () => {
    const taken = await register(clerkA);
    const refused = await t.request('POST', '/collections/farmers', {
      token: clerkA.access,
      body: farmer({ nationalId: taken.nationalId }),
    });
    expect(refused.status).toBe(409);
    const next = await register(clerkA);
    expect(Number(next.farmerNo.split('-')[1])).toBe(Number(taken.farmerNo.split('-')[1]) + 1);
  });

  it('registers a farm with a point and a closed boundary, shown on the details', async () => {
    const boundary = {
      type: 'Polygon',
      coordinates: [
        [
          [38.76, -10.96],
          [38.77, -10.96],
          [38.77, -10.97],
          [38.76, -10.96],
        ],
      ],
    };
    const created = await register(clerkA, {
      farms: [
        {
          name: 'Shamba la juu',
          cropId: cashewId,
          acres: '2.5',
          trees: 120,
          location: { lat: -10.9621, lng: 38.7684 },
          boundary,
        },
      ],
    });
    const details = await t.request<{ data: FarmerReply }>('GET', `/collections/farmers/${created.id}`, {
      token: clerkA.access,
    });
    expect(details.body.data.farms).toEqual([
      expect.objectContaining({
        acres: '2.50',
        trees: 120,
        cropName: 'Cashew nuts',
        location: { lat: -10.9621, lng: 38.7684 },
        boundary,
      }),
    ]);
    const points = await t.request<{ data: { farmerNo: string; lat: number }[] }>(
      'GET',
      `/collections/farmers/farm-points?farmer_id=${created.id}`,
      { token: clerkA.access },
    );
    expect(points.body.data).toEqual([
      expect.objectContaining({ farmerNo: created.farmerNo, lat: -10.9621 }),
    ]);
  });

  it('refuses bad input with a clear message and saves nothing', async () => {
    const before = await t.request<Listed<unknown>>('GET', '/collections/farmers', { token: admin.access });
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: '' }, 'Enter the first name'],
      [{ nationalId: '1234' }, 'A national ID (NIDA) has 20 digits'],
      [{ phone: '12ab' }, 'Enter a phone number of 9 to 15 digits, e.g. 255712345678'],
      [
        { farms: [{ name: 'F', acres: '-2' }] },
        'Enter the size in acres with at most 2 decimals, e.g. 1250.5',
      ],
      [
        { farms: [{ name: 'F', acres: '2', location: { lat: 38.7, lng: -10.9 } }] },
        'The point is outside Tanzania: check that latitude and longitude are not swapped',
      ],
      [
        {
          farms: [
            {
              name: 'F',
              acres: '2',
              boundary: {
                type: 'Polygon',
                coordinates: [
                  [
                    [38.76, -10.96],
                    [38.77, -10.96],
                    [38.77, -10.97],
                    [38.78, -10.99],
                  ],
                ],
              },
            },
          ],
        },
        'Close the boundary: the last point must repeat the first',
      ],
    ];
    for (const [extra, message] of cases) {
      const r = await t.request('POST', '/collections/farmers', {
        token: clerkA.access,
        body: farmer(extra),
      });
      expect(r.status, message).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const union = await t.request('POST', '/collections/farmers', { token: admin.access, body: farmer() });
    expect(union.body).toMatchObject({ message: 'Choose the AMCOS the farmer belongs to' });
    const after = await t.request<Listed<unknown>>('GET', '/collections/farmers', { token: admin.access });
    expect(after.body.meta.total).toBe(before.body.meta.total);
  });

  it('refuses a national ID or phone another farmer of the union has, saying who when the caller may see them', async () => {
    const a = await register(clerkA);
    const sameSociety = await t.request('POST', '/collections/farmers', {
      token: clerkA.access,
      body: farmer({ nationalId: a.nationalId }),
    });
    expect(sameSociety.status).toBe(409);
    expect(sameSociety.body).toMatchObject({ message: `Farmer ${a.farmerNo} already has this national ID` });
    const otherSociety = await t.request('POST', '/collections/farmers', {
      token: clerkB.access,
      body: farmer({ phone: a.phone }),
    });
    expect(otherSociety.status).toBe(409);
    expect(otherSociety.body).toMatchObject({
      message: 'A farmer of another society already has this phone number',
    });
    expect(JSON.stringify(otherSociety.body)).not.toContain(a.farmerNo);
    const localFormat = await t.request('POST', '/collections/farmers', {
      token: clerkA.access,
      body: farmer({ phone: `0${a.phone?.slice(3)}` }),
    });
    expect(localFormat.status).toBe(409);
  });
});

describe('finding farmers', () => {
  let asha: FarmerReply;
  beforeAll(async () => {
    asha = await register(clerkA, { firstName: 'Ashura', lastName: 'Nangale' });
  });

  it('searches by name, number, phone (any format) and national ID (with dashes)', async () => {
    const id = asha.nationalId ?? '';
    const dashed = `${id.slice(0, 8)}-${id.slice(8, 13)}-${id.slice(13, 18)}-${id.slice(18)}`;
    for (const search of [
      'ashura nang',
      asha.farmerNo,
      asha.phone ?? '',
      `0${asha.phone?.slice(3)}`,
      `+${asha.phone}`,
      dashed,
    ]) {
      const r = await t.request<Listed<{ id: string }>>(
        'GET',
        `/collections/farmers?search=${encodeURIComponent(search)}`,
        {
          token: admin.access,
        },
      );
      expect(
        r.body.data.map((f) => f.id),
        search,
      ).toEqual([asha.id]);
    }
  });

  it('looks a farmer up by number, and answers 404 for an unknown number', async () => {
    const found = await t.request<{ data: FarmerReply }>(
      'GET',
      `/collections/farmers/number/${asha.farmerNo}`,
      { token: clerkA.access },
    );
    expect(found.body.data.id).toBe(asha.id);
    const lower = await t.request<{ data: FarmerReply }>(
      'GET',
      `/collections/farmers/number/${asha.farmerNo.toLowerCase()}`,
      {
        token: admin.access,
      },
    );
    expect(lower.body.data.id).toBe(asha.id);
    const missing = await t.request('GET', '/collections/farmers/number/NOPE-99999', { token: admin.access });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'No farmer has the number NOPE-99999' });
  });

  it('filters, sorts, pages and exports', async () => {
    const page = await t.request<Listed<{ farmerNo: string }>>(
      'GET',
      `/collections/farmers?amcos_id=${societyA.id}&sort=farmer_no:desc&per_page=2`,
      { token: admin.access },
    );
    expect(page.body.data).toHaveLength(2);
    expect(page.body.meta.total).toBeGreaterThan(2);
    expect((page.body.data[0]?.farmerNo ?? '') > (page.body.data[1]?.farmerNo ?? '')).toBe(true);
    const csv = await t.request('GET', `/collections/farmers?search=${asha.farmerNo}&format=csv`, {
      token: admin.access,
    });
    const text = new TextDecoder().decode(csv.raw);
    expect(text.split('\r\n')[0]).toMatch(/^Farmer no,AMCOS,First name/);
    expect(text).toContain(asha.farmerNo);
  });
});

describe('tenancy: an AMCOS user never sees another society’s farmer', () => {
  let theirs: FarmerReply;
  beforeAll(async () => {
    theirs = await register(clerkB, { firstName: 'Zuhura', lastName: 'Mchopa' });
  });

  it('by id, by number, by search, by filter, on the map and in an export', async () => {
    expect(
      (await t.request('GET', `/collections/farmers/${theirs.id}`, { token: clerkA.access })).status,
    ).toBe(403);
    const byNumber = await t.request('GET', `/collections/farmers/number/${theirs.farmerNo}`, {
      token: clerkA.access,
    });
    expect(byNumber.status).toBe(403);
    expect(JSON.stringify(byNumber.body)).not.toContain('Zuhura');
    const search = await t.request<Listed<unknown>>('GET', `/collections/farmers?search=${theirs.farmerNo}`, {
      token: clerkA.access,
    });
    expect(search.body.meta.total).toBe(0);
    const filter = await t.request<Listed<{ amcosId: string }>>(
      'GET',
      `/collections/farmers?amcos_id=${societyB.id}`,
      {
        token: clerkA.access,
      },
    );
    expect(filter.body.meta.total).toBe(0);
    const exported = await t.request('GET', '/collections/farmers?format=csv&per_page=200', {
      token: clerkA.access,
    });
    const text = new TextDecoder().decode(exported.raw);
    expect(text).not.toContain(societyB.code);
    expect(text).toContain(societyA.code);
    await t.request('POST', `/collections/farmers/${theirs.id}/farms`, {
      token: admin.access,
      body: { name: 'Theirs', acres: '1', location: { lat: -10.7, lng: 39.1 } },
    });
    const points = await t.request<{ data: unknown[] }>(
      'GET',
      `/collections/farmers/farm-points?amcos_id=${societyB.id}`,
      {
        token: clerkA.access,
      },
    );
    expect(points.body.data).toEqual([]);
    const history = await t.request('GET', `/audit/farmer/${theirs.id}`, { token: clerkA.access });
    expect(history.status).toBe(403);
  });

  it('cannot change another society’s farmer or register one into it', async () => {
    const patch = await t.request('PATCH', `/collections/farmers/${theirs.id}`, {
      token: clerkA.access,
      body: { village: 'Mine' },
    });
    expect(patch.status).toBe(403);
    const farm = await t.request('POST', `/collections/farmers/${theirs.id}/farms`, {
      token: clerkA.access,
      body: { name: 'X', acres: '1' },
    });
    expect(farm.status).toBe(403);
    const into = await t.request('POST', '/collections/farmers', {
      token: clerkA.access,
      body: farmer({ amcosId: societyB.id }),
    });
    expect(into.status).toBe(403);
  });

  it('union staff see every society; the AMCOS list is confined the same way', async () => {
    expect(
      (await t.request('GET', `/collections/farmers/${theirs.id}`, { token: admin.access })).status,
    ).toBe(200);
    const list = await t.request<Listed<{ id: string }>>('GET', '/amcos', { token: clerkA.access });
    expect(list.body.data.map((a) => a.id)).toEqual([societyA.id]);
    expect((await t.request('GET', `/amcos/${societyB.id}`, { token: clerkA.access })).status).toBe(403);
  });
});

describe('updating farmers', () => {
  it('updates fields, adds and edits farms, and keeps each change in the farmer’s history', async () => {
    const managerA = await sessionAs(t, 'AMCOS Manager', { amcosId: societyA.id });
    // The clerk who registered a farmer may correct them (their own society only, refused above).
    const clerkFix = await t.request<{ data: { village: string } }>(
      'PATCH',
      `/collections/farmers/${(await register(clerkA)).id}`,
      {
        token: clerkA.access,
        body: { village: 'Mbuyuni' },
      },
    );
    expect(clerkFix.status).toBe(200);
    expect(clerkFix.body.data.village).toBe('Mbuyuni');
    const f = await register(clerkA);
    const updated = await t.request<{ data: FarmerReply }>('PATCH', `/collections/farmers/${f.id}`, {
      token: managerA.access,
      body: { village: 'Chipite', status: 'inactive' },
    });
    expect(updated.body.data).toMatchObject({ village: 'Chipite', status: 'inactive' });
    const added = await t.request<{ data: FarmerReply }>('POST', `/collections/farmers/${f.id}/farms`, {
      token: managerA.access,
      body: { name: 'Shamba', acres: '3', location: { lat: -10.5, lng: 38.9 } },
    });
    const farmId = added.body.data.farms[0]?.id;
    const moved = await t.request<{ data: FarmerReply }>(
      'PATCH',
      `/collections/farmers/${f.id}/farms/${farmId}`,
      {
        token: managerA.access,
        body: { acres: '3.75' },
      },
    );
    expect(moved.body.data.farms[0]).toMatchObject({ acres: '3.75', location: { lat: -10.5, lng: 38.9 } });
    const history = await t.request<{ data: { action: string }[] }>('GET', `/audit/farmer/${f.id}`, {
      token: managerA.access,
    });
    expect(history.body.data.map((e) => e.action)).toEqual([
      'created',
      'updated',
      'farm_added',
      'farm_updated',
    ]);
  });
});
