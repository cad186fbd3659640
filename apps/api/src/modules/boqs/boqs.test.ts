import { describe, expect, it } from 'vitest';
import { type Session, type TestApp, useTestAppWithClerk } from '../../../test/harness.ts';
import { type Listed, uniq } from '../../../test/master-data.ts';

type Boq = {
  id: string;
  name: string;
  seasonCropId: string;
  seasonName: string;
  cropName: string;
  notes: string | null;
  itemCount: number;
  costPerAcre: string;
};
type BoqDetail = Boq & {
  items: { item: string; unit: string; quantityPerAcre: string; unitPrice: string; costPerAcre: string }[];
};
type History = { data: { action: string; before: unknown; after: unknown }[] };

let t: TestApp;
let admin: Session;
let clerk: Session;
let cashew: { id: string; season: string };
let sesame: { id: string; season: string };

const path = '/settings/collection/boqs';
const post = <T>(body: unknown, token = admin.access) => t.request<T>('POST', path, { token, body });
const patch = <T>(id: string, body: unknown, token = admin.access) =>
  t.request<T>('PATCH', `${path}/${id}`, { token, body });
const get = <T>(url: string, token = admin.access) => t.request<T>('GET', url, { token });

/** A season with the two seeded crops in it; answers each season crop. */
async function seasonCrops() {
  const crops = await get<Listed<{ id: string; code: string; name: string }>>('/settings/collection/crops');
  const season = await t.request<{ data: { id: string; name: string } }>(
    'POST',
    '/settings/collection/seasons',
    {
      token: admin.access,
      body: { name: '2031/2032', startDate: '2031-10-01', endDate: '2032-09-30' },
    },
  );
  const add = async (name: string) => {
    const crop = crops.body.data.find((c) => c.name === name);
    const r = await t.request<{ data: { id: string } }>('POST', '/settings/collection/season-crops', {
      token: admin.access,
      body: {
        seasonId: season.body.data.id,
        cropId: crop?.id,
        indicativePrice: '2000',
        standardBagKg: '80',
        maxMoisture: '10',
      },
    });
    expect(r.status).toBe(201);
    return { id: r.body.data.id, season: season.body.data.name };
  };
  return { cashew: await add('Cashew nuts'), sesame: await add('Sesame') };
}

useTestAppWithClerk(async (s) => {
  ({ t, admin, clerk } = s);
  ({ cashew, sesame } = await seasonCrops());
});

const sulphur = { item: 'Sulphur dust', unit: 'kg', quantityPerAcre: '25', unitPrice: '1650' };
const fungicide = {
  item: 'Fungicide (Anvil)',
  unit: 'litre',
  quantityPerAcre: '0.333',
  unitPrice: '18500.50',
};

describe('BOQs', () => {
  it('creates a BOQ with items; each line and the total cost per acre are rounded to the cent', async () => {
    const r = await post<{ message: string; data: BoqDetail }>({
      name: `Cashew inputs ${uniq()}`,
      seasonCropId: cashew.id,
      notes: '  Spray three times  ',
      items: [
        sulphur,
        fungicide,
        { item: 'Sprayer hire', unit: 'day', quantityPerAcre: '0.5', unitPrice: '0' },
      ],
    });
    expect(r.status).toBe(201);
    // 25 x 1,650 = 41,250.00; 0.333 x 18,500.50 = 6,160.6665 -> 6,160.67; 0.5 x 0 = 0.00
    expect(r.body).toMatchObject({
      message: 'BOQ created successfully',
      data: {
        seasonCropId: cashew.id,
        seasonName: cashew.season,
        cropName: 'Cashew nuts',
        notes: 'Spray three times',
        itemCount: 3,
        costPerAcre: '47410.67',
        items: [
          { ...sulphur, quantityPerAcre: '25.000', unitPrice: '1650.00', costPerAcre: '41250.00' },
          { ...fungicide, quantityPerAcre: '0.333', unitPrice: '18500.50', costPerAcre: '6160.67' },
          { item: 'Sprayer hire', costPerAcre: '0.00' },
        ],
      },
    });
    const read = await get<{ data: BoqDetail }>(`${path}/${r.body.data.id}`);
    expect(read.body.data).toEqual(r.body.data);
    const missing = await get(`${path}/00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: 'BOQ not found' });
  });

  it('refuses each bad field with its message', async () => {
    const ok = { name: 'Sesame inputs', seasonCropId: sesame.id, items: [sulphur] };
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ name: ' ' }, 400, 'Enter the BOQ name'],
      [{ seasonCropId: undefined }, 400, 'Choose the season crop'],
      [{ seasonCropId: 'x' }, 400, 'Choose the season crop'],
      [
        { seasonCropId: '00000000-0000-4000-8000-000000000000' },
        400,
        'The chosen season crop does not exist',
      ],
      [{ items: [] }, 400, 'Add at least one item'],
      [{ items: [{ ...sulphur, item: '' }] }, 400, 'Enter the item'],
      [{ items: [{ ...sulphur, unit: '' }] }, 400, 'Enter the unit, e.g. kg or litre'],
      [
        { items: [{ ...sulphur, quantityPerAcre: '1.2345' }] },
        400,
        'Enter the quantity per acre with at most 3 decimals, e.g. 1250.5',
      ],
      [{ items: [{ ...sulphur, quantityPerAcre: '0' }] }, 400, 'The quantity per acre must be more than 0'],
      [
        { items: [{ ...sulphur, unitPrice: '-1' }] },
        400,
        'Enter an amount with at most 2 decimals, e.g. 1250.5',
      ],
      [{ notes: 'n'.repeat(501) }, 400, 'At most 500 characters'],
    ];
    for (const [change, status, message] of refusals) {
      const r = await post({ ...ok, ...change });
      expect({ change, status: r.status, body: r.body }).toMatchObject({ change, status, body: { message } });
    }
    const listed = await get<Listed<Boq>>(`${path}?search=sesame inputs`);
    expect(listed.body.meta.total).toBe(0);
  });

  it('edits the name and replaces the items as a whole, auditing before and after', async () => {
    const created = await post<{ data: BoqDetail }>({
      name: `Cashew spray ${uniq()}`,
      seasonCropId: cashew.id,
      items: [sulphur, fungicide],
    });
    const id = created.body.data.id;
    const renamed = await patch<{ message: string; data: BoqDetail }>(id, {
      name: 'Cashew spray (small farms)',
    });
    expect(renamed.body).toMatchObject({
      message: 'BOQ updated successfully',
      data: { name: 'Cashew spray (small farms)', itemCount: 2, costPerAcre: '47410.67' },
    });
    const items = await patch<{ data: BoqDetail }>(id, {
      items: [
        { ...sulphur, quantityPerAcre: '30' },
        { item: 'Gloves', unit: 'pair', quantityPerAcre: '1', unitPrice: '3500' },
      ],
    });
    // 30 x 1,650 = 49,500.00 + 3,500.00 = 53,000.00
    expect(items.body.data).toMatchObject({ itemCount: 2, costPerAcre: '53000.00' });
    expect(items.body.data.items.map((i) => i.item)).toEqual(['Sulphur dust', 'Gloves']);
    const zero = await patch(id, { items: [{ ...sulphur, quantityPerAcre: '0.000' }] });
    expect(zero.body).toMatchObject({
      message: 'The quantity per acre must be more than 0',
      errors: { items: ['The quantity per acre must be more than 0'] },
    });
    const empty = await patch(id, { items: [] });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ message: 'Add at least one item' });

    const history = await get<History>(`/audit/boq/${id}`);
    expect(history.body.data.map((e) => e.action)).toEqual(['created', 'updated', 'updated']);
    expect(history.body.data[2]).toMatchObject({
      before: { costPerAcre: '47410.67', items: [{ item: 'Sulphur dust' }, { item: 'Fungicide (Anvil)' }] },
      after: { costPerAcre: '53000.00', items: [{ item: 'Sulphur dust' }, { item: 'Gloves' }] },
    });
    const unknown = await patch('00000000-0000-4000-8000-000000000000', { name: 'X' });
    expect(unknown.status).toBe(404);
  });

  it('lists with search (name, crop, season), season crop filter, sort, paging and export', async () => {
    const tag = uniq();
    const made: Boq[] = [];
    for (const [name, sc] of [
      [`B ${tag} sesame`, sesame],
      [`A ${tag} cashew`, cashew],
      [`C ${tag} cashew`, cashew],
    ] as const) {
      made.push((await post<{ data: BoqDetail }>({ name, seasonCropId: sc.id, items: [sulphur] })).body.data);
    }
    const names = (r: { body: Listed<Boq> }) => r.body.data.map((b) => b.name);
    // Newest first by default.
    expect(names(await get<Listed<Boq>>(`${path}?search=${tag}`))).toEqual([
      `C ${tag} cashew`,
      `A ${tag} cashew`,
      `B ${tag} sesame`,
    ]);
    expect(names(await get<Listed<Boq>>(`${path}?search=${tag}&sort=name:asc`))).toEqual([
      `A ${tag} cashew`,
      `B ${tag} sesame`,
      `C ${tag} cashew`,
    ]);
    const bySeasonCrop = await get<Listed<Boq>>(`${path}?search=${tag}&season_crop_id=${sesame.id}`);
    expect(names(bySeasonCrop)).toEqual([`B ${tag} sesame`]);
    expect(bySeasonCrop.body.data[0]).toMatchObject({
      cropName: 'Sesame',
      itemCount: 1,
      costPerAcre: '41250.00',
    });
    const byCrop = await get<Listed<Boq>>(`${path}?search=sesame`);
    expect(byCrop.body.data.every((b) => b.cropName === 'Sesame')).toBe(true);
    const bySeason = await get<Listed<Boq>>(
      `${path}?search=${encodeURIComponent(cashew.season)}&per_page=100`,
    );
    expect(bySeason.body.data.map((b) => b.id)).toEqual(expect.arrayContaining(made.map((b) => b.id)));
    const page = await get<Listed<Boq>>(`${path}?search=${tag}&sort=name:asc&per_page=2&page=2`);
    expect(page.body).toMatchObject({ meta: { page: 2, per_page: 2, total: 3 } });
    expect(names(page)).toEqual([`C ${tag} cashew`]);
    const badSort = await get(`${path}?sort=cost:asc`);
    expect(badSort.status).toBe(400);
    expect(badSort.body).toMatchObject({ message: 'You can sort by name, created_at' });

    const csv = await get(`${path}?search=${tag}&sort=name:asc&format=csv`);
    const lines = new TextDecoder().decode(csv.raw).trim().split(/\r?\n/);
    expect(lines[0]).toContain('Cost per acre (TZS)');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`A ${tag} cashew`);
    expect(lines[1]).toContain('41250.00');
    const xlsx = await get(`${path}?search=${tag}&format=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(new Uint8Array(xlsx.raw).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
  });

  it('is union-only: AMCOS users get 403 on the list, a record, export, changes and history', async () => {
    const created = await post<{ data: BoqDetail }>({
      name: 'Union only',
      seasonCropId: cashew.id,
      items: [sulphur],
    });
    const id = created.body.data.id;
    const tries = [
      await get(path, clerk.access),
      await get(`${path}?format=xlsx`, clerk.access),
      await get(`${path}/${id}`, clerk.access),
      await post({ name: 'X', seasonCropId: cashew.id, items: [sulphur] }, clerk.access),
      await patch(id, { name: 'X' }, clerk.access),
      await get(`/audit/boq/${id}`, clerk.access),
    ];
    expect(tries.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect((await get<{ data: BoqDetail }>(`${path}/${id}`)).body.data.name).toBe('Union only');
  });
});
