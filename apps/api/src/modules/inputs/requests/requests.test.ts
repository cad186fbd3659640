import type { InputRequestDetail, InputRequestSuggestion } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { type Listed, upload } from '../../../../test/master-data.ts';
import { queryRows } from '../../../db/rows.ts';
import { type InputsWorld, makeInputsWorld } from '../testing.ts';

let t: TestApp;
let w: InputsWorld;
const path = '/collections/farmer-requests';
type Saved = { message: string; data: InputRequestDetail };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const count = async () =>
  (
    await queryRows(
      t.db,
      z.object({ n: z.number() }),
      sql`select (select count(*) from input_requests)::int + (select count(*) from input_request_lines)::int as n`,
    )
  )[0]?.n;

const itemCode = async (itemId: string) =>
  (await queryRows(t.db, z.object({ code: z.string() }), sql`select code from items where id = ${itemId}`))[0]
    ?.code;

beforeAll(async () => {
  t = await startTestApp();
  w = await makeInputsWorld(t, 5);
});
afterAll(() => t?.close());

describe('season input prices', () => {
  it('every society reads them; only the union sets them', async () => {
    const r = await t.request<{ data: { itemId: string; creditLimit: string; limitBasis: string }[] }>(
      'GET',
      `/settings/collection/input-prices?season_id=${w.seasonId}`,
      { token: w.clerk.access },
    );
    expect(r.status).toBe(200);
    expect(r.body.data.map((p) => [p.limitBasis, p.creditLimit]).sort()).toEqual([
      ['fixed', '100000.00'],
      ['per_acre', '150000.00'],
    ]);
    const body = {
      seasonId: w.seasonId,
      itemId: w.sulphurId,
      creditPrice: '1',
      cashPrice: '1',
      limitBasis: 'fixed',
      creditLimit: '1',
    };
    expect(
      (await t.request('POST', '/settings/collection/input-prices', { token: w.manager.access, body }))
        .status,
    ).toBe(403);
    const bad = await t.request('POST', '/settings/collection/input-prices', {
      token: w.officer.access,
      body: { ...body, programmeShare: '500' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      errors: { subsidisedPrice: [expect.stringContaining('subsidised price')] },
    });
  });
});

describe('farmer requests: BOQ suggestion and credit limit', () => {
  it('suggests the BOQ x acres: 2 acres -> 4 bags of sulphur (260,000) and 3 litres (72,000)', async () => {
    const farmer = w.farmers[0];
    const r = await t.request<{ data: InputRequestSuggestion }>(
      'GET',
      `${path}/suggestion?farmer_id=${farmer?.id}&season_crop_id=${w.seasonCropId}`,
      { token: w.clerk.access },
    );
    expect(r.status).toBe(200);
    expect(r.body.data.acres).toBe('2.00');
    expect(
      r.body.data.lines.map((l) => [l.itemId, l.quantity, l.creditValue, l.creditLimit, l.overLimit]),
    ).toEqual([
      // 2 bags/acre x 2 acres = 4 x 65,000; limit 150,000 x 2 acres
      [w.sulphurId, '4.000', '260000.00', '300000.00', false],
      // 1.5 l/acre x 2 = 3 x 24,000; fixed limit 100,000
      [w.pesticideId, '3.000', '72000.00', '100000.00', false],
    ]);
  });

  it('records the request priced at the credit prices: 260,000 + 72,000 = 332,000', async () => {
    const r = await t.request<Saved>('POST', path, {
      token: w.clerk.access,
      body: {
        farmerId: w.farmers[0]?.id,
        seasonCropId: w.seasonCropId,
        lines: [
          { itemId: w.sulphurId, quantity: '4' },
          { itemId: w.pesticideId, quantity: '3' },
        ],
      },
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      status: 'pending',
      creditValue: '332000.00',
      overLimit: false,
      acres: '2.00',
    });
    expect(r.body.data.requestNo).toMatch(/^FR-\d{4}-\d{6}$/);
    expect(r.body.data.lines.map((l) => l.suggestedQuantity)).toEqual(['4.000', '3.000']);
  });

  it('refuses going over the limit without an override reason, and writes nothing', async () => {
    const before = await count();
    // 260,000 already asked + 1 x 65,000 = 325,000 > 300,000
    const r = await t.request('POST', path, {
      token: w.clerk.access,
      body: {
        farmerId: w.farmers[0]?.id,
        seasonCropId: w.seasonCropId,
        lines: [{ itemId: w.sulphurId, quantity: '1' }],
      },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      errors: { overrideReason: [expect.stringContaining('325000.00 asked against 300000.00')] },
    });
    expect(await count()).toBe(before);
    const ok = await t.request<Saved>('POST', path, {
      token: w.clerk.access,
      body: {
        farmerId: w.farmers[0]?.id,
        seasonCropId: w.seasonCropId,
        lines: [{ itemId: w.sulphurId, quantity: '1' }],
        overrideReason: 'Second farm being registered',
      },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ overLimit: true, overrideReason: 'Second farm being registered' });
    expect(ok.body.data.lines[0]).toMatchObject({ usedElsewhere: '260000.00', overLimit: true });
  });

  it('refuses a farmer of another society, an item without a price and a closed season', async () => {
    const before = await count();
    const other = await t.request('POST', path, {
      token: w.clerk.access,
      body: {
        farmerId: w.otherFarmerId,
        seasonCropId: w.seasonCropId,
        lines: [{ itemId: w.sulphurId, quantity: '1' }],
      },
    });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ message: 'This farmer belongs to another society' });
    await t.db.execute(sql`update seasons set status = 'closed' where id = ${w.seasonId}`);
    const closed = await t.request('POST', path, {
      token: w.clerk.access,
      body: {
        farmerId: w.farmers[1]?.id,
        seasonCropId: w.seasonCropId,
        lines: [{ itemId: w.sulphurId, quantity: '1' }],
      },
    });
    await t.db.execute(sql`update seasons set status = 'planned' where id = ${w.seasonId}`);
    expect(closed.status).toBe(400);
    expect(closed.body).toMatchObject({ message: expect.stringMatching(/^Season .* is closed$/) });
    expect(await count()).toBe(before);
  });
});

describe('two-level approval', () => {
  let id: string;
  beforeAll(async () => {
    const r = await t.request<Saved>('POST', path, {
      token: w.clerk.access,
      body: {
        farmerId: w.farmers[1]?.id,
        seasonCropId: w.seasonCropId,
        lines: [{ itemId: w.sulphurId, quantity: '2' }],
      },
    });
    id = r.body.data.id;
  });

  it('the clerk cannot approve; the union waits for the AMCOS manager; then manager, then officer', async () => {
    expect((await t.request('PATCH', `${path}/${id}/approve`, { token: w.clerk.access })).status).toBe(403);
    const early = await t.request('PATCH', `${path}/${id}/approve`, { token: w.officer.access });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ message: 'The AMCOS manager approves this request first' });
    const first = await t.request<Saved>('PATCH', `${path}/${id}/approve`, { token: w.manager.access });
    expect(first.status).toBe(200);
    expect(first.body.data.status).toBe('amcos_approved');
    expect((await t.request('PATCH', `${path}/${id}/approve`, { token: w.manager.access })).status).toBe(403);
    // Two crop officers at once: one wins, the other gets a 409.
    const both = await Promise.all(
      [w.officer, w.officer2].map((s) => t.request('PATCH', `${path}/${id}/approve`, { token: s.access })),
    );
    expect(both.map((b) => b.status).sort()).toEqual([200, 409]);
    const detail = await t.request<{ data: InputRequestDetail }>('GET', `${path}/${id}`, {
      token: w.clerk.access,
    });
    expect(detail.body.data.status).toBe('approved');
  });

  it('nobody approves a request they recorded (maker != checker at the union level too)', async () => {
    const made = await t.request<Saved>('POST', path, {
      token: w.officer.access,
      body: {
        farmerId: w.farmers[2]?.id,
        seasonCropId: w.seasonCropId,
        lines: [{ itemId: w.pesticideId, quantity: '1' }],
      },
    });
    expect(made.status).toBe(201);
    await t.request('PATCH', `${path}/${made.body.data.id}/approve`, { token: w.manager.access });
    const self = await t.request('PATCH', `${path}/${made.body.data.id}/approve`, {
      token: w.officer.access,
    });
    expect(self.status).toBe(403);
    expect(self.body).toMatchObject({ message: 'You recorded this request: another user approves it' });
  });

  it('another society sees none of it and cannot act on it', async () => {
    expect((await t.request('GET', `${path}/${id}`, { token: w.otherClerk.access })).status).toBe(403);
    expect(
      (
        await t.request('PATCH', `${path}/${id}/reject`, {
          token: w.otherClerk.access,
          body: { reason: 'x' },
        })
      ).status,
    ).toBe(403);
    expect((await t.request('PATCH', `${path}/${id}/approve`, { token: w.otherClerk.access })).status).toBe(
      403,
    );
    const suggestion = await t.request(
      'GET',
      `${path}/suggestion?farmer_id=${w.farmers[0]?.id}&season_crop_id=${w.seasonCropId}`,
      { token: w.otherClerk.access },
    );
    expect(suggestion.status).toBe(400);
    expect(suggestion.body).toMatchObject({ message: 'This farmer belongs to another society' });
    const sulphur = await itemCode(w.sulphurId);
    const sheet = `farmer_no,item_code,quantity\r\n${w.farmers[4]?.farmerNo},${sulphur},1\r\n`;
    const imported = await upload<{ created: number; skipped: { errors: string[] }[] }>(
      t,
      `${path}/import?season_crop_id=${w.seasonCropId}`,
      { name: 'other.csv', type: 'text/csv', bytes: sheet },
      w.otherClerk.access,
    );
    expect(imported.body).toMatchObject({
      created: 0,
      skipped: [{ errors: ['This farmer belongs to another society'] }],
    });
    const list = await t.request<Listed<{ amcosId: string }>>('GET', `${path}?amcos_id=${w.amcosId}`, {
      token: w.otherClerk.access,
    });
    expect(list.body.data).toEqual([]);
    const mine = await t.request<Listed<{ amcosId: string }>>('GET', path, { token: w.clerk.access });
    expect(mine.body.meta.total).toBeGreaterThan(0);
    expect(new Set(mine.body.data.map((r) => r.amcosId))).toEqual(new Set([w.amcosId]));
    expect(
      (
        await t.request('PATCH', `${path}/bulk-approve`, {
          token: w.otherClerk.access,
          body: { status: 'pending', amcos_id: w.amcosId },
        })
      ).body,
    ).toMatchObject({ approved: 0 });
  });

  it('rejects with a reason at the caller level', async () => {
    const made = await t.request<Saved>('POST', path, {
      token: w.clerk.access,
      body: {
        farmerId: w.farmers[3]?.id,
        seasonCropId: w.seasonCropId,
        lines: [{ itemId: w.pesticideId, quantity: '1' }],
      },
    });
    const r = await t.request<Saved>('PATCH', `${path}/${made.body.data.id}/reject`, {
      token: w.manager.access,
      body: { reason: 'Farm not visited yet' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'rejected', rejectReason: 'Farm not visited yet' });
  });
});

describe('bulk approve and import', () => {
  it('approves a filtered list in one go at each level, leaving the caller own and over-limit ones', async () => {
    const pending = async () =>
      (
        await t.request<Listed<unknown>>('GET', `${path}?status=pending&amcos_id=${w.amcosId}`, {
          token: w.officer.access,
        })
      ).body.meta.total;
    const before = await pending();
    const r = await t.request('PATCH', `${path}/bulk-approve`, {
      token: w.manager.access,
      body: { status: 'pending', amcos_id: w.amcosId },
    });
    expect(r.status).toBe(200);
    // One pending request is over the limit (left out), the rest are approved.
    expect(r.body).toMatchObject({ approved: before - 1, skippedOwn: 0 });
    expect(await pending()).toBe(1);
    const waiting = (
      await t.request<Listed<unknown>>('GET', `${path}?status=amcos_approved&amcos_id=${w.amcosId}`, {
        token: w.officer.access,
      })
    ).body.meta.total;
    // Those just approved and the one a crop officer recorded, approved by the manager earlier.
    expect(waiting).toBe(before);
    const union = await t.request('PATCH', `${path}/bulk-approve`, {
      token: w.officer2.access,
      body: { status: 'amcos_approved', amcos_id: w.amcosId, includeOverLimit: true },
    });
    expect(union.body).toMatchObject({ approved: waiting });
    const wrong = await t.request('PATCH', `${path}/bulk-approve`, {
      token: w.officer.access,
      body: { status: 'pending' },
    });
    expect(wrong.status).toBe(400);
  });

  it('imports one request per farmer; a farmer with a bad row is skipped whole and nothing of it written', async () => {
    const [a, b] = [w.farmers[3], w.farmers[4]];
    const sulphur = await itemCode(w.sulphurId);
    const csv = [
      'farmer_no,item_code,quantity,override_reason',
      `${a?.farmerNo},${sulphur},1,`,
      `${b?.farmerNo},${sulphur},1,`,
      `${b?.farmerNo},NOPE,2,`,
      'NOBODY-1,x,1.2345,',
    ].join('\r\n');
    const before = await count();
    const r = await upload<{ created: number; skipped: { row: number; errors: string[] }[] }>(
      t,
      `${path}/import?season_crop_id=${w.seasonCropId}`,
      { name: 'requests.csv', type: 'text/csv', bytes: csv },
      w.clerk.access,
    );
    expect(r.status).toBe(200);
    expect(r.body.created).toBe(1);
    expect(r.body.skipped.map((s) => s.row)).toEqual([3, 4, 5]);
    expect(r.body.skipped[1]?.errors).toEqual(['item_code: no item NOPE']);
    expect(r.body.skipped[2]?.errors).toEqual([
      'farmer_no: no farmer NOBODY-1',
      'item_code: no item x',
      'quantity: enter a quantity with at most 3 decimals',
    ]);
    expect(await count()).toBe((before ?? 0) + 2);
    const template = await t.request('GET', `${path}/import/template?format=csv`, { token: w.clerk.access });
    expect(new TextDecoder().decode(template.raw).split('\r\n')[0]).toBe(
      'farmer_no,item_code,quantity,override_reason',
    );
  });

  it('imports an xlsx sheet the same way (numbers as numbers), and offers the xlsx template', async () => {
    const [a, b] = [w.farmers[4], w.farmers[3]];
    const pesticide = await itemCode(w.pesticideId);
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('Requests');
    ws.addRow(['farmer_no', 'item_code', 'quantity', 'override_reason']);
    // Farmer 5: 2 litres of pesticide (a number cell), 2 x 24,000 = 48,000 under the 100,000 limit.
    ws.addRow([a?.farmerNo, pesticide, 2, '']);
    // Farmer 4: a good row and a bad one (4 decimals): the farmer is skipped whole.
    ws.addRow([b?.farmerNo, pesticide, '1', '']);
    ws.addRow([b?.farmerNo, pesticide, '1.2345', '']);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    const before = await count();
    const requestsOf = async (farmerId: string | undefined) =>
      queryRows(
        t.db,
        z.object({ quantity: z.string(), status: z.string() }),
        sql`select l.quantity::text as quantity, r.status from input_requests r
            join input_request_lines l on l.request_id = r.id
            where r.farmer_id = ${farmerId} and l.item_id = ${w.pesticideId}`,
      );
    const bBefore = await requestsOf(b?.id);
    const r = await upload<{ created: number; skipped: { row: number; errors: string[] }[] }>(
      t,
      `${path}/import?season_crop_id=${w.seasonCropId}`,
      { name: 'requests.xlsx', type: XLSX, bytes },
      w.clerk.access,
    );
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      message: '1 request imported, 2 rows skipped',
      created: 1,
      skipped: [
        { row: 3, errors: ['another row of this farmer is wrong'] },
        { row: 4, errors: ['quantity: enter a quantity with at most 3 decimals'] },
      ],
    });
    // One request and its line written, for farmer 5 only.
    expect(await count()).toBe((before ?? 0) + 2);
    expect(await requestsOf(a?.id)).toEqual([{ quantity: '2.000', status: 'pending' }]);
    expect(await requestsOf(b?.id)).toEqual(bBefore);

    const template = await t.request('GET', `${path}/import/template`, { token: w.clerk.access });
    expect(template.status).toBe(200);
    expect(template.headers.get('content-type')).toContain(XLSX);
    expect(template.headers.get('content-disposition')).toContain('farmer-requests-template.xlsx');
    const sheet = new ExcelJS.Workbook();
    await sheet.xlsx.load(template.raw);
    const rowOf = (n: number) => ((sheet.worksheets[0]?.getRow(n).values ?? []) as string[]).slice(1);
    expect(rowOf(1)).toEqual(['farmer_no', 'item_code', 'quantity', 'override_reason']);
    expect(rowOf(2).slice(0, 3)).toEqual(['NAN02-00001', 'SULPHUR', '4']);
  });
});
