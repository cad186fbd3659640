import { describe, expect, it } from 'vitest';
import { type Session, type TestApp, useTestAppWithClerk } from '../../../test/harness.ts';
import { type Listed, uniq } from '../../../test/master-data.ts';

type Crop = {
  id: string;
  name: string;
  code: string;
  active: boolean;
  grades: { code: string; name: string }[];
};
type Season = {
  id: string;
  name: string;
  status: string;
  startDate: string;
  endDate: string;
  cropCount: number;
};
type SeasonCrop = {
  id: string;
  seasonName: string;
  cropName: string;
  indicativePrice: string;
  standardBagKg: string;
  maxMoisture: string;
  status: string;
};
type History = { data: { action: string; before: unknown; after: unknown }[] };

let t: TestApp;
let admin: Session;
let clerk: Session;

useTestAppWithClerk((s) => {
  ({ t, admin, clerk } = s);
});

const post = <T>(path: string, body: unknown, token = admin.access) =>
  t.request<T>('POST', path, { token, body });
const patch = <T>(path: string, body: unknown, token = admin.access) =>
  t.request<T>('PATCH', path, { token, body });
const get = <T>(path: string, token = admin.access) => t.request<T>('GET', path, { token });

async function newCrop(name = `Pigeon pea ${uniq()}`, code = `PP${uniq()}`) {
  const r = await post<{ data: Crop }>('/settings/collection/crops', { name, code });
  expect(r.status).toBe(201);
  return r.body.data;
}

let seasonYear = 2040;
async function newSeason() {
  seasonYear += 1;
  const r = await post<{ data: Season }>('/settings/collection/seasons', {
    name: `${seasonYear}/${seasonYear + 1}`,
    startDate: `${seasonYear}-10-01`,
    endDate: `${seasonYear + 1}-09-30`,
  });
  expect(r.status).toBe(201);
  return r.body.data;
}

describe('crops and grades', () => {
  it('lists the seeded crops with their grades, to AMCOS users too (a reference list)', async () => {
    const r = await get<Listed<Crop>>('/settings/collection/crops?search=cashew', clerk.access);
    expect(r.status).toBe(200);
    expect(r.body.data.map((c) => c.name)).toEqual(['Cashew nuts']);
    expect(r.body.data[0]?.grades.map((g) => g.name).sort()).toEqual(['Standard', 'Under grade']);
  });

  it('creates a crop (code upper-cased), refuses a name or code twice and bad codes, audits edits', async () => {
    const code = `gn${uniq()}`.slice(0, 10);
    const crop = await newCrop(`Groundnuts ${uniq()}`, code);
    expect(crop).toMatchObject({ code: code.toUpperCase(), unit: 'kg', active: true, grades: [] });

    const sameName = await post('/settings/collection/crops', { name: crop.name, code: 'OTHER1' });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toMatchObject({
      message: 'A crop with this name already exists',
      errors: { name: ['A crop with this name already exists'] },
    });
    const sameCode = await post('/settings/collection/crops', { name: `X ${uniq()}`, code });
    expect(sameCode.status).toBe(409);
    expect(sameCode.body).toMatchObject({ message: 'A crop with this code already exists' });
    const badCode = await post('/settings/collection/crops', { name: 'Maize', code: 'MA IZE' });
    expect(badCode.status).toBe(400);
    expect(badCode.body).toMatchObject({ message: 'The crop code has 1 to 12 letters, digits or _' });
    const noName = await post('/settings/collection/crops', { name: '  ', code: 'MAIZE' });
    expect(noName.body).toMatchObject({
      message: 'Enter the crop name',
      errors: { name: ['Enter the crop name'] },
    });
    const badUnit = await post('/settings/collection/crops', { name: 'Maize', code: 'MAIZE', unit: 'bag' });
    expect(badUnit.body).toMatchObject({ message: 'Crops are weighed in kg' });

    const renamed = await patch<{ message: string; data: Crop }>(`/settings/collection/crops/${crop.id}`, {
      name: `${crop.name} (red)`,
      active: false,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      message: 'Crop updated successfully',
      data: { name: `${crop.name} (red)`, active: false },
    });
    const history = await get<History>(`/audit/crop/${crop.id}`);
    expect(history.body.data.map((e) => e.action)).toEqual(['created', 'updated']);
    expect(history.body.data[1]).toMatchObject({
      before: { name: crop.name, active: true },
      after: { name: `${crop.name} (red)`, active: false },
    });
    expect((await get(`/audit/crop/${crop.id}`, clerk.access)).status).toBe(403);
  });

  it('adds grades to a crop, refuses a grade code twice per crop and an unknown crop', async () => {
    const crop = await newCrop();
    const a = await post<{ data: { id: string; cropName: string; code: string } }>(
      '/settings/collection/grades',
      {
        cropId: crop.id,
        code: 'std',
        name: 'Standard',
      },
    );
    expect(a.status).toBe(201);
    expect(a.body.data).toMatchObject({ cropName: crop.name, code: 'STD' });
    await post('/settings/collection/grades', { cropId: crop.id, code: 'UG', name: 'Under grade' });
    const twice = await post('/settings/collection/grades', { cropId: crop.id, code: 'STD', name: 'Again' });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ message: 'This crop already has a grade with this code' });
    const unknown = await post('/settings/collection/grades', {
      cropId: '00000000-0000-4000-8000-000000000000',
      code: 'X',
      name: 'X',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ message: 'The chosen crop does not exist' });
    const noCrop = await post('/settings/collection/grades', { code: 'X', name: 'X' });
    expect(noCrop.body).toMatchObject({ message: 'Choose the crop' });

    const listed = await get<Listed<{ code: string }>>(`/settings/collection/grades?crop_id=${crop.id}`);
    expect(listed.body.data.map((g) => g.code)).toEqual(['STD', 'UG']);
    expect(listed.body.meta.total).toBe(2);
    const desc = await get<Listed<{ code: string }>>(
      `/settings/collection/grades?crop_id=${crop.id}&sort=code:desc`,
    );
    expect(desc.body.data.map((g) => g.code)).toEqual(['UG', 'STD']);
    const withGrades = await get<{ data: Crop }>(`/settings/collection/crops/${crop.id}`);
    expect(withGrades.body.data.grades.map((g) => g.code)).toEqual(['STD', 'UG']);
  });

  it('keeps crop and grade changes for union staff: AMCOS users get 403', async () => {
    const crop = await newCrop();
    const tries = [
      await post('/settings/collection/crops', { name: 'Maize', code: 'MAIZE' }, clerk.access),
      await patch(`/settings/collection/crops/${crop.id}`, { name: 'Maize' }, clerk.access),
      await post('/settings/collection/grades', { cropId: crop.id, code: 'A', name: 'A' }, clerk.access),
    ];
    expect(tries.map((r) => r.status)).toEqual([403, 403, 403]);
    expect(tries[0]?.body).toMatchObject({ message: 'This is for union staff only' });
    expect((await get(`/settings/collection/crops/${crop.id}`, clerk.access)).status).toBe(200);
    expect((await get('/settings/collection/grades', clerk.access)).status).toBe(200);
  });
});

describe('seasons', () => {
  it('creates a planned season and refuses bad names, dates and a name twice', async () => {
    const season = await newSeason();
    expect(season).toMatchObject({ status: 'planned', cropCount: 0 });
    const twice = await post('/settings/collection/seasons', {
      name: season.name,
      startDate: '2090-10-01',
      endDate: '2091-09-30',
    });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ message: 'A season with this name already exists' });
    const badName = await post('/settings/collection/seasons', {
      name: 'Season 2026',
      startDate: '2026-10-01',
      endDate: '2027-09-30',
    });
    expect(badName.status).toBe(400);
    expect(badName.body).toMatchObject({ message: 'Name the season by its years, e.g. 2026/2027' });
    const backwards = await post('/settings/collection/seasons', {
      name: '2095/2096',
      startDate: '2096-09-30',
      endDate: '2095-10-01',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({
      message: 'The season must end after it starts',
      errors: { endDate: ['The season must end after it starts'] },
    });
    const editBackwards = await patch(`/settings/collection/seasons/${season.id}`, {
      endDate: season.startDate,
    });
    expect(editBackwards.status).toBe(400);
    expect(editBackwards.body).toMatchObject({ message: 'The season must end after it starts' });
  });

  it('moves planned -> open -> closed only, one open season at a time, and audits each move', async () => {
    const first = await newSeason();
    const second = await newSeason();
    const url = (s: Season) => `/settings/collection/seasons/${s.id}`;

    const skip = await patch(url(first), { status: 'closed' });
    expect(skip.status).toBe(400);
    expect(skip.body).toMatchObject({
      message: 'A planned season cannot be made closed',
      errors: { status: ['A planned season cannot be made closed'] },
    });
    expect((await patch<{ data: Season }>(url(first), { status: 'open' })).body.data.status).toBe('open');
    const two = await patch(url(second), { status: 'open' });
    expect(two.status).toBe(409);
    expect(two.body).toMatchObject({ message: 'Another season is open: close it first' });
    const back = await patch(url(first), { status: 'planned' });
    expect(back.status).toBe(400);
    expect(back.body).toMatchObject({ message: 'An open season cannot be made planned' });

    expect((await patch<{ data: Season }>(url(first), { status: 'closed' })).body.data.status).toBe('closed');
    const reopen = await patch(url(first), { status: 'open' });
    expect(reopen.status).toBe(400);
    expect(reopen.body).toMatchObject({ message: 'A closed season cannot be made open' });
    expect((await patch<{ data: Season }>(url(second), { status: 'open' })).status).toBe(200);

    const open = await get<Listed<Season>>('/settings/collection/seasons?status=open');
    expect(open.body.data.map((s) => s.name)).toEqual([second.name]);
    const history = await get<History>(`/audit/season/${first.id}`);
    expect(history.body.data.map((e) => e.action)).toEqual(['created', 'updated', 'updated']);
    expect(history.body.data.map((e) => (e.after as Season).status)).toEqual(['planned', 'open', 'closed']);
    // Leave no open season behind for the other tests.
    await patch(url(second), { status: 'closed' });
  });

  it('lists with search, status filter, sort and paging; exports csv and xlsx; AMCOS users read only', async () => {
    const a = await newSeason();
    const b = await newSeason();
    const byName = await get<Listed<Season>>(
      `/settings/collection/seasons?search=${encodeURIComponent(a.name)}`,
    );
    expect(byName.body.data.map((s) => s.name)).toEqual([a.name]);
    const sorted = await get<Listed<Season>>('/settings/collection/seasons?sort=name:desc&per_page=1&page=1');
    expect(sorted.body.meta).toMatchObject({ page: 1, per_page: 1 });
    expect(sorted.body.data.map((s) => s.name)).toEqual([b.name]);
    const badSort = await get('/settings/collection/seasons?sort=colour:asc');
    expect(badSort.status).toBe(400);
    expect(badSort.body).toMatchObject({ message: 'You can sort by name, start_date, status' });

    const csv = await get(`/settings/collection/seasons?search=${encodeURIComponent(b.name)}&format=csv`);
    expect(csv.status).toBe(200);
    const text = new TextDecoder().decode(csv.raw);
    expect(text).toContain('Season');
    expect(text).toContain(b.name);
    expect(text).not.toContain(a.name);
    const xlsx = await get('/settings/collection/seasons?format=xlsx');
    expect(xlsx.status).toBe(200);
    expect(new Uint8Array(xlsx.raw).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b])); // a zip

    expect((await get('/settings/collection/seasons', clerk.access)).status).toBe(200);
    const tries = [
      await post(
        '/settings/collection/seasons',
        { name: '2099/2100', startDate: '2099-10-01', endDate: '2100-09-30' },
        clerk.access,
      ),
      await patch(`/settings/collection/seasons/${a.id}`, { status: 'open' }, clerk.access),
    ];
    expect(tries.map((r) => r.status)).toEqual([403, 403]);
    expect((await get(`/audit/season/${a.id}`, clerk.access)).status).toBe(403);
  });
});

describe('season crops', () => {
  it('adds a crop to a season with price, bag and moisture; refuses a crop twice and bad values', async () => {
    const season = await newSeason();
    const crop = await newCrop();
    const body = {
      seasonId: season.id,
      cropId: crop.id,
      indicativePrice: '2100',
      standardBagKg: '80',
      maxMoisture: '10',
    };
    const r = await post<{ data: SeasonCrop & { seasonStatus: string; ruleCount: number } }>(
      '/settings/collection/season-crops',
      body,
    );
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      seasonName: season.name,
      seasonStatus: 'planned',
      cropName: crop.name,
      indicativePrice: '2100.00',
      standardBagKg: '80.000',
      maxMoisture: '10.00',
      status: 'active',
      ruleCount: 0,
    });
    expect(
      (await get<{ data: Season }>(`/settings/collection/seasons/${season.id}`)).body.data.cropCount,
    ).toBe(1);

    const twice = await post('/settings/collection/season-crops', body);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({
      message: 'This crop is already in this season',
      errors: { cropId: ['This crop is already in this season'] },
    });
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ maxMoisture: '100.5' }, 400, 'Moisture is a percentage from 0 to 100'],
      [{ standardBagKg: '0' }, 400, 'A bag must weigh more than 0 kg'],
      [{ indicativePrice: '2000.555' }, 400, 'Enter an amount with at most 2 decimals, e.g. 1250.5'],
      [{ standardBagKg: '-1' }, 400, 'Enter a weight in kg with at most 3 decimals, e.g. 1250.5'],
      [{ seasonId: 'nope' }, 400, 'Choose the season'],
      [{ seasonId: '00000000-0000-4000-8000-000000000000' }, 400, 'The chosen season does not exist'],
    ];
    for (const [change, status, message] of refusals) {
      const other = await newCrop();
      const refused = await post('/settings/collection/season-crops', {
        ...body,
        cropId: other.id,
        ...change,
      });
      expect({ change, status: refused.status, body: refused.body }).toMatchObject({
        change,
        status,
        body: { message },
      });
    }

    const edited = await patch<{ data: SeasonCrop }>(`/settings/collection/season-crops/${r.body.data.id}`, {
      indicativePrice: '2250.50',
      maxMoisture: '9.5',
    });
    expect(edited.body.data).toMatchObject({ indicativePrice: '2250.50', maxMoisture: '9.50' });
    const badEdit = await patch(`/settings/collection/season-crops/${r.body.data.id}`, {
      maxMoisture: '101',
    });
    expect(badEdit.body).toMatchObject({ message: 'Moisture is a percentage from 0 to 100' });
    const history = await get<History>(`/audit/season_crop/${r.body.data.id}`);
    expect(history.body.data.map((e) => e.action)).toEqual(['created', 'updated']);
    expect(history.body.data[1]).toMatchObject({
      before: { indicativePrice: '2100.00', maxMoisture: '10.00' },
      after: { indicativePrice: '2250.50', maxMoisture: '9.50' },
    });
  });

  it('lists by season and crop, searches, sorts and exports; AMCOS users read but cannot change', async () => {
    const season = await newSeason();
    const [x, y] = [await newCrop(`Alpha bean ${uniq()}`), await newCrop(`Beta bean ${uniq()}`)];
    for (const [crop, price] of [
      [x, '1500'],
      [y, '900'],
    ] as const) {
      await post('/settings/collection/season-crops', {
        seasonId: season.id,
        cropId: crop.id,
        indicativePrice: price,
        standardBagKg: '50',
        maxMoisture: '12',
      });
    }
    const bySeason = await get<Listed<SeasonCrop>>(
      `/settings/collection/season-crops?season_id=${season.id}`,
    );
    expect(bySeason.body.data.map((s) => s.cropName)).toEqual([x.name, y.name]);
    expect(bySeason.body.meta.total).toBe(2);
    const byPrice = await get<Listed<SeasonCrop>>(
      `/settings/collection/season-crops?season_id=${season.id}&sort=indicative_price:asc`,
    );
    expect(byPrice.body.data.map((s) => s.indicativePrice)).toEqual(['900.00', '1500.00']);
    const byCrop = await get<Listed<SeasonCrop>>(`/settings/collection/season-crops?crop_id=${y.id}`);
    expect(byCrop.body.data.map((s) => s.seasonName)).toEqual([season.name]);
    const search = await get<Listed<SeasonCrop>>(
      `/settings/collection/season-crops?season_id=${season.id}&search=${encodeURIComponent('beta bean')}`,
    );
    expect(search.body.data.map((s) => s.cropName)).toEqual([y.name]);
    const csv = await get(`/settings/collection/season-crops?season_id=${season.id}&format=csv`);
    const text = new TextDecoder().decode(csv.raw);
    expect(text).toContain('Indicative price / kg (TZS)');
    expect(text).toContain(x.name);
    expect(text).toContain(y.name);

    const clerkList = await get<Listed<SeasonCrop>>(
      `/settings/collection/season-crops?season_id=${season.id}`,
      clerk.access,
    );
    expect(clerkList.status).toBe(200);
    expect(clerkList.body.meta.total).toBe(2);
    const id = bySeason.body.data[0]?.id;
    const tries = [
      await patch(`/settings/collection/season-crops/${id}`, { indicativePrice: '1' }, clerk.access),
      await post(
        '/settings/collection/season-crops',
        { seasonId: season.id, cropId: x.id, indicativePrice: '1', standardBagKg: '1', maxMoisture: '1' },
        clerk.access,
      ),
    ];
    expect(tries.map((r) => r.status)).toEqual([403, 403]);
    const unchanged = await get<{ data: SeasonCrop }>(`/settings/collection/season-crops/${id}`);
    expect(unchanged.body.data.indicativePrice).toBe('1500.00');
    const missing = await get('/settings/collection/season-crops/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: 'Season crop not found' });
  });
});
