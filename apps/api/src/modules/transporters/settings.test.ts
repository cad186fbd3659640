import { describe, expect, it } from 'vitest';
import { type Session, type TestApp, useTestAppWithClerk } from '../../../test/harness.ts';
import { type Listed, uniq } from '../../../test/master-data.ts';

let t: TestApp;
let admin: Session;
let clerk: Session;

useTestAppWithClerk((s) => {
  ({ t, admin, clerk } = s);
});

describe('transporters', () => {
  it('creates with vehicles, finds by plate, replaces the fleet, refuses a plate of another transporter', async () => {
    const name = `Mtwara Haulage ${uniq()}`;
    const r = await t.request<{ data: { id: string; rate: string; vehicles: { plateNo: string }[] } }>(
      'POST',
      '/settings/collection/transporters',
      {
        token: admin.access,
        body: {
          name,
          tin: '100-200-300',
          phone: '0713 000111',
          rateBasis: 'per_kg',
          rate: '45',
          vehicles: [{ plateNo: 't 123  abc', capacityKg: '30000' }],
        },
      },
    );
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      rate: '45.00',
      vehicles: [{ plateNo: 'T 123 ABC', capacityKg: '30000.000' }],
    });
    const found = await t.request<Listed<{ name: string }>>(
      'GET',
      '/settings/collection/transporters?search=123 abc',
      { token: admin.access },
    );
    expect(found.body.data.map((x) => x.name)).toEqual([name]);
    const other = await t.request('POST', '/settings/collection/transporters', {
      token: admin.access,
      body: {
        name: `Other ${uniq()}`,
        rateBasis: 'per_trip',
        rate: '350000',
        vehicles: [{ plateNo: 'T 123 ABC' }],
      },
    });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ message: 'One of the plate numbers belongs to another transporter' });
    const fleet = await t.request('PATCH', `/settings/collection/transporters/${r.body.data.id}`, {
      token: admin.access,
      body: { vehicles: [{ plateNo: 'T 456 DEF' }, { plateNo: 'T 789 GHI' }] },
    });
    expect(fleet.body).toMatchObject({
      data: { vehicles: [{ plateNo: 'T 456 DEF' }, { plateNo: 'T 789 GHI' }] },
    });
    const bad = await t.request('POST', '/settings/collection/transporters', {
      token: admin.access,
      body: { name: 'X', rateBasis: 'per_hour', rate: '1' },
    });
    expect(bad.body).toMatchObject({ message: 'Choose a rate per kg or per trip' });
    expect(
      (await t.request('GET', '/settings/collection/transporters', { token: clerk.access })).status,
    ).toBe(403);
  });
});

describe('warehouses', () => {
  it('creates with operator and licence, refuses a licence twice, exports', async () => {
    const licence = `WRRB/${uniq()}`;
    const body = {
      name: `Mtwara Warehouse ${uniq()}`,
      operator: 'Mtwara Cooperative Warehouses Ltd',
      licenceNo: licence,
      location: 'Mtwara port',
      capacityKg: '5000000',
    };
    const r = await t.request('POST', '/settings/collection/warehouses', { token: admin.access, body });
    expect(r.status).toBe(201);
    const again = await t.request('POST', '/settings/collection/warehouses', {
      token: admin.access,
      body: { ...body, name: `${body.name} 2` },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'Another warehouse has this licence number' });
    const missing = await t.request('POST', '/settings/collection/warehouses', {
      token: admin.access,
      body: { ...body, operator: '' },
    });
    expect(missing.body).toMatchObject({ message: 'Enter the operator' });
    const csv = await t.request('GET', `/settings/collection/warehouses?search=${licence}&format=csv`, {
      token: admin.access,
    });
    expect(new TextDecoder().decode(csv.raw)).toContain(licence);
  });
});

describe('BOQs', () => {
  it('creates an input package per season crop with its cost per acre, and edits its items', async () => {
    const crops = await t.request<Listed<{ id: string; code: string }>>('GET', '/settings/collection/crops', {
      token: admin.access,
    });
    const season = await t.request<{ data: { id: string } }>('POST', '/settings/collection/seasons', {
      token: admin.access,
      body: { name: '2030/2031', startDate: '2030-10-01', endDate: '2031-09-30' },
    });
    const sc = await t.request<{ data: { id: string } }>('POST', '/settings/collection/season-crops', {
      token: admin.access,
      body: {
        seasonId: season.body.data.id,
        cropId: crops.body.data[0]?.id,
        indicativePrice: '2000',
        standardBagKg: '80',
        maxMoisture: '10',
      },
    });
    const r = await t.request<{
      data: { id: string; costPerAcre: string; items: { costPerAcre: string }[] };
    }>('POST', '/settings/collection/boqs', {
      token: admin.access,
      body: {
        name: 'Cashew inputs 2030/2031',
        seasonCropId: sc.body.data.id,
        items: [
          { item: 'Sulphur dust', unit: 'kg', quantityPerAcre: '25', unitPrice: '1650' },
          { item: 'Fungicide (Anvil)', unit: 'litre', quantityPerAcre: '0.333', unitPrice: '18500.50' },
        ],
      },
    });
    // 25 x 1,650 = 41,250.00; 0.333 x 18,500.50 = 6,160.6665 -> 6,160.67; total 47,410.67
    expect(r.status).toBe(201);
    expect(r.body.data.items.map((i) => i.costPerAcre)).toEqual(['41250.00', '6160.67']);
    expect(r.body.data.costPerAcre).toBe('47410.67');
    const empty = await t.request('POST', '/settings/collection/boqs', {
      token: admin.access,
      body: { name: 'Empty', seasonCropId: sc.body.data.id, items: [] },
    });
    expect(empty.body).toMatchObject({ message: 'Add at least one item' });
    const edited = await t.request('PATCH', `/settings/collection/boqs/${r.body.data.id}`, {
      token: admin.access,
      body: { items: [{ item: 'Sulphur dust', unit: 'kg', quantityPerAcre: '30', unitPrice: '1650' }] },
    });
    expect(edited.body).toMatchObject({ data: { costPerAcre: '49500.00', itemCount: 1 } });
    const list = await t.request<Listed<{ name: string }>>(
      'GET',
      '/settings/collection/boqs?search=cashew inputs',
      { token: admin.access },
    );
    expect(list.body.data.map((b) => b.name)).toEqual(['Cashew inputs 2030/2031']);
  });
});
