import { describe, expect, it } from 'vitest';
import { type Session, type TestApp, useTestAppWithClerk } from '../../../test/harness.ts';
import { type Listed, uniq } from '../../../test/master-data.ts';

let t: TestApp;
let admin: Session;
let clerk: Session;
let cashew: { id: string; grades: { id: string; code: string }[] };
let seasonCropId: string;
let councilId: string;

useTestAppWithClerk(async (s) => {
  ({ t, admin, clerk } = s);
  const crops = await t.request<Listed<typeof cashew & { code: string }>>(
    'GET',
    '/settings/collection/crops',
    { token: admin.access },
  );
  cashew = crops.body.data.find((c) => c.code === 'CASHEW') ?? cashew;
  const councils = await t.request<Listed<{ id: string }>>('GET', '/cooperative/councils?search=Tandahimba', {
    token: admin.access,
  });
  councilId = councils.body.data[0]?.id ?? '';
});

describe('crops, grades and seasons', () => {
  it('comes with cashew (Standard, Under grade) and sesame', async () => {
    const r = await t.request<Listed<{ code: string; grades: { name: string }[] }>>(
      'GET',
      '/settings/collection/crops',
      { token: clerk.access },
    );
    expect(r.body.data.map((c) => [c.code, c.grades.map((g) => g.name)])).toEqual([
      ['CASHEW', ['Standard', 'Under grade']],
      ['SESAME', ['Standard']],
    ]);
  });

  it('adds a grade to a crop and refuses a duplicate code', async () => {
    const body = { cropId: cashew.id, code: `W${uniq().slice(0, 4)}`, name: 'W320' };
    expect(
      (await t.request('POST', '/settings/collection/grades', { token: admin.access, body })).status,
    ).toBe(201);
    const again = await t.request('POST', '/settings/collection/grades', { token: admin.access, body });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'This crop already has a grade with this code' });
  });

  it('moves a season planned -> open -> closed, one open at a time, never back', async () => {
    const create = (name: string) =>
      t.request<{ data: { id: string; status: string } }>('POST', '/settings/collection/seasons', {
        token: admin.access,
        body: { name, startDate: `${name.slice(0, 4)}-10-01`, endDate: `${name.slice(5)}-09-30` },
      });
    const a = await create('2026/2027');
    expect(a.body.data.status).toBe('planned');
    const b = await create('2027/2028');
    const bad = await t.request('POST', '/settings/collection/seasons', {
      token: admin.access,
      body: { name: '2028/2029', startDate: '2028-10-01', endDate: '2028-01-01' },
    });
    expect(bad.body).toMatchObject({ message: 'The season must end after it starts' });
    const badName = await t.request('POST', '/settings/collection/seasons', {
      token: admin.access,
      body: { name: 'Season 26', startDate: '2028-10-01', endDate: '2029-01-01' },
    });
    expect(badName.body).toMatchObject({ message: 'Name the season by its years, e.g. 2026/2027' });
    expect(
      (
        await t.request('PATCH', `/settings/collection/seasons/${a.body.data.id}`, {
          token: admin.access,
          body: { status: 'open' },
        })
      ).status,
    ).toBe(200);
    const second = await t.request('PATCH', `/settings/collection/seasons/${b.body.data.id}`, {
      token: admin.access,
      body: { status: 'open' },
    });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ message: 'Another season is open: close it first' });
    const skip = await t.request('PATCH', `/settings/collection/seasons/${b.body.data.id}`, {
      token: admin.access,
      body: { status: 'closed' },
    });
    expect(skip.body).toMatchObject({ message: 'A planned season cannot be made closed' });

    const cashewIn2026 = {
      seasonId: a.body.data.id,
      cropId: cashew.id,
      indicativePrice: '2000',
      standardBagKg: '80',
      maxMoisture: '10',
    };
    const sc = await t.request<{ data: { id: string; indicativePrice: string; standardBagKg: string } }>(
      'POST',
      '/settings/collection/season-crops',
      { token: admin.access, body: cashewIn2026 },
    );
    expect(sc.status).toBe(201);
    expect(sc.body.data).toMatchObject({
      indicativePrice: '2000.00',
      standardBagKg: '80.000',
      cropName: 'Cashew nuts',
      seasonName: '2026/2027',
    });
    seasonCropId = sc.body.data.id;
    const twice = await t.request('POST', '/settings/collection/season-crops', {
      token: admin.access,
      body: cashewIn2026,
    });
    expect(twice.body).toMatchObject({ message: 'This crop is already in this season' });
    const moisture = await t.request('POST', '/settings/collection/season-crops', {
      token: admin.access,
      body: {
        seasonId: b.body.data.id,
        cropId: cashew.id,
        indicativePrice: '2000',
        standardBagKg: '80',
        maxMoisture: '150',
      },
    });
    expect(moisture.status).toBe(400);
    expect(moisture.body).toMatchObject({ message: 'Moisture is a percentage from 0 to 100' });
    const float = await t.request('POST', '/settings/collection/season-crops', {
      token: admin.access,
      body: {
        seasonId: b.body.data.id,
        cropId: cashew.id,
        indicativePrice: 2000.5,
        standardBagKg: '80',
        maxMoisture: '10',
      },
    });
    expect(float.status).toBe(400);
  });
});

describe('beneficiaries and deduction rules', () => {
  const ids: Record<string, string> = {};

  it('creates beneficiaries; a council beneficiary must name its council', async () => {
    const noCouncil = await t.request('POST', '/settings/collection/beneficiaries', {
      token: admin.access,
      body: { name: `Council ${uniq()}`, kind: 'council' },
    });
    expect(noCouncil.status).toBe(400);
    expect(noCouncil.body).toMatchObject({
      message: 'A council beneficiary names its council (it receives the cess)',
    });
    for (const [key, body] of Object.entries({
      council: { name: 'Tandahimba District Council', kind: 'council', councilId },
      board: { name: 'Cashewnut Board of Tanzania', kind: 'crop_board' },
      union: { name: 'TANECU', kind: 'union' },
    })) {
      const r = await t.request<{ data: { id: string } }>('POST', '/settings/collection/beneficiaries', {
        token: admin.access,
        body,
      });
      expect(r.status).toBe(201);
      ids[key] = r.body.data.id;
    }
    const list = await t.request<Listed<{ name: string }>>(
      'GET',
      '/settings/collection/beneficiaries?kind=council',
      { token: admin.access },
    );
    expect(list.body.data.map((b) => b.name)).toEqual(['Tandahimba District Council']);
    expect(
      (await t.request('GET', '/settings/collection/beneficiaries', { token: clerk.access })).status,
    ).toBe(403);
  });

  it('sets a season crop’s rules and previews 1,000 kg at 2,000 TZS/kg to the shilling', async () => {
    const rule = (body: Record<string, unknown>) =>
      t.request<{ data: { id: string } }>(
        'POST',
        `/settings/collection/season-crops/${seasonCropId}/deduction-rules`,
        {
          token: admin.access,
          body,
        },
      );
    const rules = [
      {
        name: 'District council cess',
        recipient: 'beneficiary',
        beneficiaryId: ids.council,
        payer: 'farmer',
        basis: 'percent_of_gross',
        rate: '3',
        order: 1,
      },
      {
        name: 'Crop board levy',
        recipient: 'beneficiary',
        beneficiaryId: ids.board,
        payer: 'buyer',
        basis: 'percent_of_gross',
        rate: '1.5',
        order: 2,
      },
      {
        name: 'Union levy',
        recipient: 'beneficiary',
        beneficiaryId: ids.union,
        payer: 'farmer',
        basis: 'per_kg',
        rate: '25',
        order: 3,
      },
      { name: 'AMCOS levy', recipient: 'amcos', payer: 'farmer', basis: 'per_kg', rate: '20', order: 4 },
      { name: 'Transport', recipient: 'transporter', payer: 'farmer', basis: 'per_kg', rate: '40', order: 5 },
      {
        name: 'Warehouse charges',
        recipient: 'beneficiary',
        beneficiaryId: ids.board,
        payer: 'buyer',
        basis: 'per_bag',
        rate: '1200',
        order: 6,
      },
    ];
    for (const body of rules) expect((await rule(body)).status).toBe(201);
    const underGrade = cashew.grades.find((g) => g.code === 'UG')?.id;
    expect(
      (
        await rule({
          name: 'Under grade handling',
          recipient: 'amcos',
          payer: 'farmer',
          basis: 'fixed',
          rate: '5000',
          gradeId: underGrade,
          order: 7,
        })
      ).status,
    ).toBe(201);

    const preview = await t.request<{ data: Record<string, unknown> }>(
      'POST',
      `/settings/collection/season-crops/${seasonCropId}/deduction-preview`,
      {
        token: admin.access,
        body: { kg: '1000', pricePerKg: '2000', bags: 12 },
      },
    );
    // 1,000 x 2,000 = 2,000,000; farmer: cess 60,000 + union 25,000 + AMCOS 20,000 + transport 40,000 = 145,000
    // buyer: board 1.5% = 30,000 + warehouse 12 x 1,200 = 14,400 = 44,400
    expect(preview.body.data).toMatchObject({
      gross: '2000000.00',
      farmerDeductions: '145000.00',
      farmerNet: '1855000.00',
      buyerDeductions: '44400.00',
      buyerTotal: '2044400.00',
    });
    const ug = await t.request<{ data: { farmerDeductions: string } }>(
      'POST',
      `/settings/collection/season-crops/${seasonCropId}/deduction-preview`,
      {
        token: admin.access,
        body: { kg: '1000', pricePerKg: '2000', bags: 12, gradeId: underGrade },
      },
    );
    expect(ug.body.data.farmerDeductions).toBe('150000.00');
    const list = await t.request<{ data: { name: string }[] }>(
      'GET',
      `/settings/collection/season-crops/${seasonCropId}/deduction-rules?payer=buyer`,
      {
        token: admin.access,
      },
    );
    expect(list.body.data.map((r) => r.name)).toEqual(['Crop board levy', 'Warehouse charges']);
  });

  it('refuses inconsistent rules with clear messages', async () => {
    const post = (body: Record<string, unknown>) =>
      t.request('POST', `/settings/collection/season-crops/${seasonCropId}/deduction-rules`, {
        token: admin.access,
        body,
      });
    const base = { name: 'Levy', recipient: 'amcos', payer: 'farmer', basis: 'per_kg', rate: '10' };
    const cases: [Record<string, unknown>, string][] = [
      [{ recipient: 'beneficiary' }, 'Choose the beneficiary who receives this deduction'],
      [{ basis: 'percent_of_gross', rate: '120' }, 'A percentage cannot be above 100'],
      [{ minimum: '500', maximum: '100' }, 'The maximum cannot be below the minimum'],
      [{ validFrom: '2027-01-01', validTo: '2026-01-01' }, 'The rule must end after it starts'],
      [{ payer: 'auctioneer' }, 'Choose who pays: farmer or buyer'],
      [{ gradeId: '0190a4c2-0000-7000-8000-000000000000' }, 'The chosen grade does not exist'],
    ];
    for (const [extra, message] of cases) {
      const r = await post({ ...base, ...extra });
      expect(r.status, message).toBe(400);
      expect(r.body.message).toBe(message);
    }
  });

  it('edits and removes a rule, each change in its history', async () => {
    const created = await t.request<{ data: { id: string } }>(
      'POST',
      `/settings/collection/season-crops/${seasonCropId}/deduction-rules`,
      {
        token: admin.access,
        body: { name: 'Bag fee', recipient: 'amcos', payer: 'farmer', basis: 'per_bag', rate: '500' },
      },
    );
    const id = created.body.data.id;
    const moved = await t.request('PATCH', `/settings/collection/deduction-rules/${id}`, {
      token: admin.access,
      body: { recipient: 'beneficiary', beneficiaryId: ids.union },
    });
    expect(moved.body).toMatchObject({ data: { recipient: 'beneficiary', beneficiaryName: 'TANECU' } });
    const back = await t.request('PATCH', `/settings/collection/deduction-rules/${id}`, {
      token: admin.access,
      body: { recipient: 'amcos' },
    });
    expect(back.body).toMatchObject({ data: { recipient: 'amcos', beneficiaryId: null } });
    expect(
      (await t.request('DELETE', `/settings/collection/deduction-rules/${id}`, { token: admin.access }))
        .status,
    ).toBe(200);
    const history = await t.request<{ data: { action: string }[] }>('GET', `/audit/deduction_rule/${id}`, {
      token: admin.access,
    });
    expect(history.body.data.map((e) => e.action)).toEqual(['created', 'updated', 'updated', 'deleted']);
  });
});

describe('the union’s own income (#16)', () => {
  it('is the default for the union itself (kind union), and only for it; said otherwise, it is not', async () => {
    const create = (body: Record<string, unknown>) =>
      t.request<{ data: { id: string; unionIncome: boolean } }>(
        'POST',
        '/settings/collection/beneficiaries',
        {
          token: admin.access,
          body: { name: `Beneficiary ${uniq()}`, ...body },
        },
      );
    expect((await create({ kind: 'union' })).body.data.unionIncome).toBe(true);
    expect((await create({ kind: 'union', unionIncome: false })).body.data.unionIncome).toBe(false);
    expect((await create({ kind: 'crop_board' })).body.data.unionIncome).toBe(false);
    // Made the union's own later, with nothing said about its income: its income.
    const other = await create({ kind: 'other' });
    const moved = await t.request<{ data: { unionIncome: boolean } }>(
      'PATCH',
      `/settings/collection/beneficiaries/${other.body.data.id}`,
      { token: admin.access, body: { kind: 'union' } },
    );
    expect(moved.body.data.unionIncome).toBe(true);
  });

  it('marks a beneficiary as the union’s income, keeps it on partial updates, and clears it', async () => {
    const made = await t.request<{ data: { id: string; unionIncome: boolean } }>(
      'POST',
      '/settings/collection/beneficiaries',
      { token: admin.access, body: { name: `Union commission ${uniq()}`, kind: 'union', unionIncome: true } },
    );
    expect(made.status).toBe(201);
    expect(made.body.data.unionIncome).toBe(true);
    const id = made.body.data.id;
    // A change of another field leaves the setting alone.
    const renamed = await t.request<{ data: { unionIncome: boolean } }>(
      'PATCH',
      `/settings/collection/beneficiaries/${id}`,
      { token: admin.access, body: { accountNo: '0150-1234' } },
    );
    expect(renamed.body.data.unionIncome).toBe(true);
    const cleared = await t.request<{ data: { unionIncome: boolean } }>(
      'PATCH',
      `/settings/collection/beneficiaries/${id}`,
      { token: admin.access, body: { unionIncome: false } },
    );
    expect(cleared.body.data.unionIncome).toBe(false);
    const plain = await t.request<{ data: { unionIncome: boolean } }>(
      'POST',
      '/settings/collection/beneficiaries',
      {
        token: admin.access,
        body: { name: `Levy ${uniq()}`, kind: 'other' },
      },
    );
    expect(plain.body.data.unionIncome).toBe(false);
    const bad = await t.request('PATCH', `/settings/collection/beneficiaries/${id}`, {
      token: admin.access,
      body: { unionIncome: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(
      (
        await t.request('PATCH', `/settings/collection/beneficiaries/${id}`, {
          token: clerk.access,
          body: { unionIncome: true },
        })
      ).status,
    ).toBe(403);
  });
});
