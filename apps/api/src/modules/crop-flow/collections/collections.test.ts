import { type Collection, type StockReply, stockReply, stockRow } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  makeFarmer,
  makeSociety,
  openSeasonWithCashew,
  recordCollectionOk,
  recordCollectionVia,
  type Society,
  startNorthAndSouth,
  weighing,
} from '../../../../test/crop-flow.ts';
import { sessionAs, useStarted } from '../../../../test/harness.ts';
import type { Listed } from '../../../../test/master-data.ts';
import { queryRows } from '../../../db/rows.ts';
import { smsOutbox } from '../../../platform/schema.ts';
import { deliverDueSms } from '../../../platform/sms-outbox.ts';
import { fitsOneSms } from '../../../platform/sms-texts.ts';
import { DEFAULT_CROPS } from '../../seasons/default-crops.ts';

const ctx = useStarted(startNorthAndSouth);

const silent = { info() {}, warn() {} };

const farmer = (s: Society, i = 0) => {
  const f = s.farmers[i];
  if (!f) throw new Error('no farmer');
  return f;
};
const standard = () => ctx.cashew.grades.find((g) => g.code === 'STD') ?? ctx.cashew.grades[0];
const under = () => ctx.cashew.grades.find((g) => g !== standard());
const get = <T>(path: string, token: string) => ctx.t.request<T>('GET', path, { token });

/** The stock reply, written by the database as JSON text: exactly the contract's shape, nothing more. */
const exactStock = stockReply
  .extend({ data: z.array(stockRow.strict()), totals: stockReply.shape.totals.strict() })
  .strict();

async function stockOf(token: string, query = '') {
  const r = await get<StockReply>(`/collections/stock${query}`, token);
  expect(r.status).toBe(200);
  expect(exactStock.parse(r.body)).toEqual(r.body);
  return r.body;
}

describe('recording a collection', () => {
  it('records a weighing with a gap-free receipt number, the net, an audit event and an SMS in the outbox', async () => {
    const f = farmer(ctx.north);
    const r = await recordCollectionVia(ctx.t, ctx.north.clerk.access, weighing(ctx.cashew, f));
    expect(r.status).toBe(201);
    const c = r.body.data;
    const year = todayInTanzania().slice(0, 4);
    expect(c.receiptNo).toBe(`RC-${ctx.north.amcos.code}-${year}-000001`);
    expect(r.body.message).toBe(`Collection ${c.receiptNo} recorded successfully`);
    expect(c).toMatchObject({
      amcosId: ctx.north.amcos.id,
      farmerId: f.id,
      farmerNo: f.farmerNo,
      bags: 2,
      grossKg: '162.500',
      tareKg: '2.500',
      netKg: '160.000',
      moisture: '8.50',
      moistureFlagged: false,
      status: 'recorded',
      collectedOn: todayInTanzania(),
    });
    const second = await recordCollectionOk(
      ctx.t,
      ctx.north.clerk.access,
      weighing(ctx.cashew, farmer(ctx.north, 1)),
    );
    expect(second.receiptNo).toBe(`RC-${ctx.north.amcos.code}-${year}-000002`);
    const southFirst = await recordCollectionOk(
      ctx.t,
      ctx.south.clerk.access,
      weighing(ctx.cashew, farmer(ctx.south)),
    );
    expect(southFirst.receiptNo).toBe(`RC-${ctx.south.amcos.code}-${year}-000001`);

    const history = await get<{ data: { action: string }[] }>(
      `/audit/collection/${c.id}`,
      ctx.north.manager.access,
    );
    expect(history.body.data.map((h) => h.action)).toEqual(['recorded']);
    expect((await get(`/audit/collection/${c.id}`, ctx.south.manager.access)).status).toBe(403);

    const queued = await ctx.t.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.recipient, f.phone ?? ''));
    expect(queued).toHaveLength(1);
    // Written with the collection; the app's worker may already have sent it.
    expect(['pending', 'sent']).toContain(queued[0]?.status);
    expect(queued[0]?.body).toBe(
      // The crop by its Swahili name, as the SMS is Swahili (#20); the society first, the glossary's
      // words (magunia, stakabadhi), one SMS (#35).
      `${ctx.north.amcos.name}: Tumepokea kg 160 (2 magunia) za ${DEFAULT_CROPS[0].nameSw} daraja ${c.gradeCode}, tarehe ${c.collectedOn.split('-').reverse().join('/')}. Stakabadhi: ${c.receiptNo}`,
    );
    expect(fitsOneSms(queued[0]?.body ?? '')).toBe(true);
  });

  it('a union user records through the farmer: the AMCOS is the farmer’s', async () => {
    const c = await recordCollectionOk(
      ctx.t,
      ctx.admin.access,
      weighing(ctx.cashew, farmer(ctx.south), { bags: 1 }),
    );
    expect(c.amcosId).toBe(ctx.south.amcos.id);
  });

  it('refuses an unknown farmer, another society’s farmer and an inactive farmer', async () => {
    const unknown = await recordCollectionVia(
      ctx.t,
      ctx.north.clerk.access,
      weighing(ctx.cashew, { farmerNo: 'NOPE-00001' }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.farmerNo).toEqual(['There is no farmer with number NOPE-00001']);

    const other = await recordCollectionVia(
      ctx.t,
      ctx.north.clerk.access,
      weighing(ctx.cashew, farmer(ctx.south)),
    );
    expect(other.status).toBe(403);
    expect(other.body.errors?.farmerNo).toEqual([
      `Farmer ${farmer(ctx.south).farmerNo} belongs to another society`,
    ]);

    const sleeper = await makeFarmer(ctx.t, ctx.admin, ctx.north.amcos.id);
    await ctx.t.request('PATCH', `/collections/farmers/${sleeper.id}`, {
      token: ctx.admin.access,
      body: { status: 'inactive' },
    });
    const inactive = await recordCollectionVia(ctx.t, ctx.north.clerk.access, weighing(ctx.cashew, sleeper));
    expect(inactive.status).toBe(400);
    expect(inactive.body.errors?.farmerNo?.[0]).toMatch(/is inactive$/);
  });

  it('refuses tare >= gross, a grade of another crop, a future date and a date outside the season', async () => {
    const f = farmer(ctx.north);
    const heavyTare = await recordCollectionVia(
      ctx.t,
      ctx.north.clerk.access,
      weighing(ctx.cashew, f, { grossKg: '50', tareKg: '50' }),
    );
    expect(heavyTare.status).toBe(400);
    expect(heavyTare.body.errors?.tareKg).toEqual(['The tare must be less than the gross weight']);

    const crops = await get<Listed<{ code: string; grades: { id: string }[] }>>(
      '/settings/collection/crops',
      ctx.admin.access,
    );
    const sesameGrade = crops.body.data.find((c) => c.code === 'SESAME')?.grades[0]?.id ?? '';
    const wrongGrade = await recordCollectionVia(
      ctx.t,
      ctx.north.clerk.access,
      weighing(ctx.cashew, f, { gradeId: sesameGrade }),
    );
    expect(wrongGrade.status).toBe(400);
    expect(wrongGrade.body.errors?.gradeId?.[0]).toMatch(/is not a grade of Cashew nuts$/);

    const future = await recordCollectionVia(
      ctx.t,
      ctx.north.clerk.access,
      weighing(ctx.cashew, f, { collectedOn: '2099-01-01' }),
    );
    expect(future.body.errors?.collectedOn).toEqual(['The collection date cannot be in the future']);
    const before = await recordCollectionVia(
      ctx.t,
      ctx.north.clerk.access,
      weighing(ctx.cashew, f, { collectedOn: '2001-01-01' }),
    );
    expect(before.status).toBe(400);
    expect(before.body.errors?.collectedOn?.[0]).toMatch(/^The date must be within season/);
  });

  it('moisture over the maximum: refused under "refuse", accepted and flagged under "flag"', async () => {
    const f = farmer(ctx.north, 2);
    const wet = weighing(ctx.cashew, f, { moisture: '10.01' });
    const refused = await recordCollectionVia(ctx.t, ctx.north.clerk.access, wet);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.moisture).toEqual([
      'Moisture 10.01% is above the maximum of 10% for Cashew nuts: the crop must be dried first',
    ]);
    const atMax = await recordCollectionOk(
      ctx.t,
      ctx.north.clerk.access,
      weighing(ctx.cashew, f, { moisture: '10.00' }),
    );
    expect(atMax.moistureFlagged).toBe(false);

    await openSeasonWithCashew(ctx.t, ctx.admin, { moisturePolicy: 'flag' });
    const flagged = await recordCollectionOk(ctx.t, ctx.north.clerk.access, wet);
    expect(flagged.moistureFlagged).toBe(true);
    await openSeasonWithCashew(ctx.t, ctx.admin, { moisturePolicy: 'refuse' });
  });

  it('refuses a planned or closed season and an inactive season crop', async () => {
    const f = farmer(ctx.north);
    await ctx.t.request('PATCH', `/settings/collection/season-crops/${ctx.cashew.seasonCrop.id}`, {
      token: ctx.admin.access,
      body: { status: 'inactive' },
    });
    const inactive = await recordCollectionVia(ctx.t, ctx.north.clerk.access, weighing(ctx.cashew, f));
    expect(inactive.status).toBe(400);
    expect(inactive.body.errors?.seasonCropId?.[0]).toMatch(/^Cashew nuts is not active in season/);
    await ctx.t.request('PATCH', `/settings/collection/season-crops/${ctx.cashew.seasonCrop.id}`, {
      token: ctx.admin.access,
      body: { status: 'active' },
    });

    // A planned season: a second season with cashew, never opened.
    const planned = await ctx.t.request<{ data: { id: string } }>('POST', '/settings/collection/seasons', {
      token: ctx.admin.access,
      body: { name: '2040/2041', startDate: '2040-10-01', endDate: '2041-09-30' },
    });
    const plannedCrop = await ctx.t.request<{ data: { id: string } }>(
      'POST',
      '/settings/collection/season-crops',
      {
        token: ctx.admin.access,
        body: {
          seasonId: planned.body.data.id,
          cropId: ctx.cashew.cropId,
          indicativePrice: '1',
          standardBagKg: '80',
          maxMoisture: '10',
        },
      },
    );
    const notOpen = await recordCollectionVia(
      ctx.t,
      ctx.north.clerk.access,
      weighing(ctx.cashew, f, { seasonCropId: plannedCrop.body.data.id }),
    );
    expect(notOpen.status).toBe(400);
    expect(notOpen.body.errors?.seasonCropId).toEqual([
      'Season 2040/2041 is planned: collections are taken in an open season only',
    ]);
  });
});

describe('editing and cancelling', () => {
  let c: Collection;
  beforeAll(async () => {
    c = await recordCollectionOk(
      ctx.t,
      ctx.north.clerk.access,
      weighing(ctx.cashew, farmer(ctx.north), { bags: 3 }),
    );
  });

  it('edits a recorded collection with the same rules, and keeps the history', async () => {
    const bad = await ctx.t.request('PATCH', `/collections/receipts/${c.id}`, {
      token: ctx.north.clerk.access,
      body: { tareKg: '200' },
    });
    expect(bad.status).toBe(400);
    const wet = await ctx.t.request('PATCH', `/collections/receipts/${c.id}`, {
      token: ctx.north.clerk.access,
      body: { moisture: '12' },
    });
    expect(wet.status).toBe(400);
    const r = await ctx.t.request<{ message: string; data: Collection }>(
      'PATCH',
      `/collections/receipts/${c.id}`,
      {
        token: ctx.north.clerk.access,
        body: { grossKg: '240.25', tareKg: '3.75', gradeId: under()?.id },
      },
    );
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Collection updated successfully');
    expect(r.body.data).toMatchObject({
      netKg: '236.500',
      grossKg: '240.250',
      bags: 3,
      gradeId: under()?.id,
    });
    const history = await get<{ data: { action: string }[] }>(
      `/audit/collection/${c.id}`,
      ctx.north.manager.access,
    );
    expect(history.body.data.map((h) => h.action)).toEqual(['recorded', 'updated']);
  });

  it('another society cannot read, edit, cancel or print it (403)', async () => {
    const token = ctx.south.clerk.access;
    expect((await get(`/collections/receipts/${c.id}`, token)).status).toBe(403);
    expect((await get(`/collections/receipts/${c.id}/receipt`, token)).status).toBe(403);
    expect(
      (await ctx.t.request('PATCH', `/collections/receipts/${c.id}`, { token, body: { bags: 1 } })).status,
    ).toBe(403);
    expect(
      (await ctx.t.request('PATCH', `/collections/receipts/${c.id}/cancel`, { token, body: { reason: 'x' } }))
        .status,
    ).toBe(403);
  });

  it('prints the receipt as A5 and as an 80 mm roll', async () => {
    for (const q of ['', '?format=80mm']) {
      const r = await get(`/collections/receipts/${c.id}/receipt${q}`, ctx.north.clerk.access);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/pdf');
      expect(new TextDecoder().decode(r.raw.slice(0, 5))).toBe('%PDF-');
    }
  });

  it('cancels with a reason, once; a cancelled collection cannot be edited or cancelled again', async () => {
    const noReason = await ctx.t.request('PATCH', `/collections/receipts/${c.id}/cancel`, {
      token: ctx.north.clerk.access,
      body: { reason: ' ' },
    });
    expect(noReason.status).toBe(400);
    const [first, second] = await Promise.all(
      [1, 2].map(() =>
        ctx.t.request<{ data: Collection }>('PATCH', `/collections/receipts/${c.id}/cancel`, {
          token: ctx.north.clerk.access,
          body: { reason: 'Weighed on the wrong scale' },
        }),
      ),
    );
    expect([first?.status, second?.status].sort()).toEqual([200, 409]);
    const done = await get<{ data: Collection }>(`/collections/receipts/${c.id}`, ctx.north.clerk.access);
    expect(done.body.data).toMatchObject({ status: 'cancelled', cancelReason: 'Weighed on the wrong scale' });
    const edit = await ctx.t.request('PATCH', `/collections/receipts/${c.id}`, {
      token: ctx.north.clerk.access,
      body: { bags: 1 },
    });
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({
      message: `Collection ${c.receiptNo} cannot be edited: it is cancelled`,
    });
  });

  it('a collection on a delivery note can no longer be edited or cancelled', async () => {
    const onNote = await recordCollectionOk(
      ctx.t,
      ctx.north.clerk.access,
      weighing(ctx.cashew, farmer(ctx.north, 1)),
    );
    await ctx.t.db.execute(sql`update collections set status = 'in_delivery' where id = ${onNote.id}`);
    const edit = await ctx.t.request('PATCH', `/collections/receipts/${onNote.id}`, {
      token: ctx.north.clerk.access,
      body: { bags: 1 },
    });
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({
      message: `Collection ${onNote.receiptNo} cannot be edited: it is in delivery`,
    });
    const cancel = await ctx.t.request('PATCH', `/collections/receipts/${onNote.id}/cancel`, {
      token: ctx.north.clerk.access,
      body: { reason: 'late' },
    });
    expect(cancel.status).toBe(409);
  });
});

describe('lists, exports and stock are confined to the society', () => {
  it('lists and searches; an AMCOS user sees only their own, even asking for another AMCOS', async () => {
    const mine = await get<Listed<Collection>>('/collections/receipts?per_page=200', ctx.north.clerk.access);
    expect(mine.status).toBe(200);
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.every((c) => c.amcosId === ctx.north.amcos.id)).toBe(true);
    expect(mine.body.meta.total).toBe(mine.body.data.length);

    const asked = await get(`/collections/receipts?amcos_id=${ctx.south.amcos.id}`, ctx.north.clerk.access);
    expect(asked.status).toBe(403);

    const union = await get<Listed<Collection>>(
      `/collections/receipts?amcos_id=${ctx.south.amcos.id}&per_page=200`,
      ctx.admin.access,
    );
    expect(union.body.data.length).toBe(2);
    expect(union.body.data.every((c) => c.amcosId === ctx.south.amcos.id)).toBe(true);

    const byReceipt = await get<Listed<Collection>>(
      `/collections/receipts?search=${encodeURIComponent(`RC-${ctx.north.amcos.code}`)}`,
      ctx.admin.access,
    );
    expect(byReceipt.body.data.every((c) => c.amcosId === ctx.north.amcos.id)).toBe(true);
    expect(byReceipt.body.meta.total).toBe(mine.body.meta.total);

    const southNo = farmer(ctx.south).farmerNo;
    const otherFarmer = await get<Listed<Collection>>(
      `/collections/receipts?search=${southNo}`,
      ctx.north.clerk.access,
    );
    expect(otherFarmer.body.data).toEqual([]);

    const cancelled = await get<Listed<Collection>>(
      '/collections/receipts?status=cancelled',
      ctx.north.clerk.access,
    );
    expect(cancelled.body.data.map((c) => c.status)).toEqual(['cancelled']);
    const ranged = await get<Listed<Collection>>(
      '/collections/receipts?from=2001-01-01&to=2001-12-31',
      ctx.admin.access,
    );
    expect(ranged.body.meta.total).toBe(0);
  });

  it('exports csv and xlsx with the caller’s rows only', async () => {
    const csv = await get('/collections/receipts?format=csv', ctx.north.clerk.access);
    expect(csv.status).toBe(200);
    const text = new TextDecoder().decode(csv.raw);
    expect(text.split('\r\n')[0]).toMatch(/^Receipt no,Date,AMCOS,Farmer no/);
    expect(text).toContain(`RC-${ctx.north.amcos.code}`);
    expect(text).not.toContain(`RC-${ctx.south.amcos.code}`);
    const xlsx = await get('/collections/receipts?format=xlsx', ctx.north.clerk.access);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
  });

  it('stock = recorded collections per season crop and grade; cancelled and delivered kg leave it', async () => {
    const fresh = await makeSociety(ctx.t, ctx.admin, { farmers: 2, name: 'Stock' });
    const a = await recordCollectionOk(
      ctx.t,
      fresh.clerk.access,
      weighing(ctx.cashew, farmer(fresh), { bags: 2, grossKg: '100.5', tareKg: '1' }),
    );
    await recordCollectionOk(
      ctx.t,
      fresh.clerk.access,
      weighing(ctx.cashew, farmer(fresh, 1), { bags: 3, grossKg: '200.25', tareKg: '2.5' }),
    );
    const c = await recordCollectionOk(
      ctx.t,
      fresh.clerk.access,
      weighing(ctx.cashew, farmer(fresh, 1), { gradeId: under()?.id, bags: 1, grossKg: '40', tareKg: '0.5' }),
    );
    await ctx.t.request('PATCH', `/collections/receipts/${c.id}/cancel`, {
      token: fresh.clerk.access,
      body: { reason: 'test' },
    });
    let stock = await stockOf(fresh.clerk.access);
    expect(stock.data.map((r) => [r.gradeCode, r.stockCount, r.stockBags, r.stockKg, r.collectedKg])).toEqual(
      [[standard()?.code, 2, 5, '297.250', '297.250']],
    );
    expect(stock.totals).toEqual({
      stockBags: 5,
      stockKg: '297.250',
      inTransitKg: '0.000',
      collectedKg: '297.250',
    });

    // A collection leaves the stock when it goes onto a delivery note (status in_delivery).
    await ctx.t.db.execute(sql`update collections set status = 'in_delivery' where id = ${a.id}`);
    stock = await stockOf(fresh.clerk.access);
    expect(stock.data[0]).toMatchObject({
      stockBags: 3,
      stockKg: '197.750',
      deliveredKg: '99.500',
      collectedKg: '297.250',
    });

    // The stock is what the table holds, whoever changed it.
    const [truth] = await queryRows(
      ctx.t.db,
      z.object({ kg: z.string() }),
      sql`select coalesce(sum(net_kg), 0)::numeric(16,3)::text as kg from collections
          where amcos_id = ${fresh.amcos.id} and status = 'recorded'`,
    );
    expect(stock.totals.stockKg).toBe(truth?.kg);

    // AMCOS users: always their own; asking for another AMCOS is refused.
    expect((await get(`/collections/stock?amcos_id=${ctx.north.amcos.id}`, fresh.clerk.access)).status).toBe(
      403,
    );
    const union = await stockOf(ctx.admin.access);
    expect(new Set(union.data.map((r) => r.amcosId))).toEqual(
      new Set([ctx.north.amcos.id, ctx.south.amcos.id, fresh.amcos.id]),
    );
    const one = await stockOf(ctx.admin.access, `?amcos_id=${fresh.amcos.id}`);
    expect(one.totals.stockKg).toBe('197.750');
  });

  it('in transit: the kg of dispatched delivery notes not yet received, per grade', async () => {
    const society = await makeSociety(ctx.t, ctx.admin, { farmers: 1, name: 'Transit' });
    const a = await recordCollectionOk(
      ctx.t,
      society.clerk.access,
      weighing(ctx.cashew, farmer(society), { bags: 4, grossKg: '321', tareKg: '1' }),
    );
    const b = await recordCollectionOk(
      ctx.t,
      society.clerk.access,
      weighing(ctx.cashew, farmer(society), { bags: 1 }),
    );
    const [ids] = await queryRows(
      ctx.t.db,
      z.object({ warehouse: z.string(), transporter: z.string() }),
      sql`with w as (insert into warehouses (id, name, operator, licence_no)
            values (gen_random_uuid(), 'Transit store', 'Op', 'LIC-T1') returning id),
          tr as (insert into transporters (id, name, rate_basis, rate)
            values (gen_random_uuid(), 'Transit haulage', 'per_kg', 10) returning id)
          select w.id as warehouse, tr.id as transporter from w, tr`,
    );
    const dn = '018f0000-0000-7000-8000-00000000d001';
    await ctx.t.db.execute(sql`insert into delivery_notes (id, dn_no, amcos_id, season_crop_id, warehouse_id, transporter_id,
        vehicle_plate, driver_name, status, bags, net_kg)
      values (${dn}, 'DN-T-1', ${society.amcos.id}, ${ctx.cashew.seasonCrop.id}, ${ids?.warehouse}, ${ids?.transporter},
        'T 123 ABC', 'Driver', 'dispatched', 4, 320)`);
    await ctx.t.db.execute(
      sql`update collections set status = 'in_delivery', delivery_note_id = ${dn} where id = ${a.id}`,
    );
    const stock = await stockOf(society.clerk.access);
    expect(stock.data).toHaveLength(1);
    expect(stock.data[0]).toMatchObject({
      collectedKg: '480.000',
      deliveredKg: '320.000',
      inTransitBags: 4,
      inTransitKg: '320.000',
      stockBags: 1,
      stockKg: '160.000',
    });
    expect(stock.totals.inTransitKg).toBe('320.000');
    // Received at the warehouse: no longer in transit.
    await ctx.t.db.execute(sql`update delivery_notes set status = 'received' where id = ${dn}`);
    expect((await stockOf(society.clerk.access)).data[0]?.inTransitKg).toBe('0.000');
    expect(b.status).toBe('recorded');
  });

  it('needs collections permissions: a user without them gets 403', async () => {
    const accountant = await sessionAs(ctx.t, 'Accountant');
    const r = await ctx.t.request('POST', '/collections/receipts', {
      token: accountant.access,
      body: weighing(ctx.cashew, farmer(ctx.north)),
    });
    expect(r.status).toBe(403);
  });
});

describe('the SMS outbox', () => {
  it('the worker started with the app sends the farmer’s SMS and marks it sent', async () => {
    const f = await makeFarmer(ctx.t, ctx.admin, ctx.north.amcos.id);
    const c = await recordCollectionOk(ctx.t, ctx.north.clerk.access, weighing(ctx.cashew, f));
    const deadline = Date.now() + 8000;
    while (!ctx.t.sms.sent.some((m) => m.to === f.phone) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const sent = ctx.t.sms.sent.filter((m) => m.to === f.phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(`Stakabadhi: ${c.receiptNo}`);
    let row = (
      await ctx.t.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.recipient, f.phone ?? ''))
    )[0];
    for (let i = 0; i < 20 && row?.status !== 'sent'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      row = (
        await ctx.t.db
          .select()
          .from(smsOutbox)
          .where(eq(smsOutbox.recipient, f.phone ?? ''))
      )[0];
    }
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('a failing gateway never blocks a collection; the SMS is retried with backoff, then marked failed', async () => {
    const f = await makeFarmer(ctx.t, ctx.admin, ctx.north.amcos.id);
    const failing = {
      calls: 0,
      async send() {
        this.calls++;
        throw new Error('gateway down');
      },
    };
    const c = await recordCollectionOk(ctx.t, ctx.north.clerk.access, weighing(ctx.cashew, f));
    expect(c.status).toBe('recorded');
    const options = { intervalMs: 1000, batchSize: 500, maxAttempts: 3, backoffMs: 60_000 };
    const mine = async () =>
      (
        await ctx.t.db
          .select()
          .from(smsOutbox)
          .where(eq(smsOutbox.recipient, f.phone ?? ''))
      )[0];
    // The app's own worker may claim it first; either way, make it due and run rounds ourselves.
    for (let attempt = 1; attempt <= 3; attempt++) {
      await ctx.t.db.execute(
        sql`update sms_outbox set next_attempt_at = now() - interval '1 second' where recipient = ${f.phone} and status = 'pending'`,
      );
      await deliverDueSms(ctx.t.db, failing, silent, options);
    }
    const row = await mine();
    expect(row?.status).toBe('failed');
    expect(row?.lastError).toBe('gateway down');
    expect(row?.attempts).toBeGreaterThanOrEqual(3);
    // The collection is saved and untouched.
    const saved = await get<{ data: Collection }>(`/collections/receipts/${c.id}`, ctx.north.clerk.access);
    expect(saved.body.data.status).toBe('recorded');
  });

  it('backs off exponentially after each failure', async () => {
    const f = await makeFarmer(ctx.t, ctx.admin, ctx.south.amcos.id);
    await recordCollectionOk(ctx.t, ctx.south.clerk.access, weighing(ctx.cashew, f));
    await ctx.t.db.execute(
      sql`update sms_outbox set next_attempt_at = now() - interval '1 second', attempts = 1 where recipient = ${f.phone}`,
    );
    await deliverDueSms(
      ctx.t.db,
      {
        async send() {
          throw new Error('busy');
        },
      },
      silent,
      { intervalMs: 1000, batchSize: 500, maxAttempts: 6, backoffMs: 10_000 },
    );
    const [row] = await queryRows(
      ctx.t.db,
      z.object({ attempts: z.number(), wait: z.number(), status: z.string() }),
      sql`select attempts, status, extract(epoch from next_attempt_at - now())::float as wait from sms_outbox where recipient = ${f.phone}`,
    );
    // Second try failed: the third waits 2 x 10 s.
    expect(row?.attempts).toBe(2);
    expect(row?.status).toBe('pending');
    expect(row?.wait).toBeGreaterThan(18);
    expect(row?.wait).toBeLessThanOrEqual(20);
  });
});

describe('a closed season', () => {
  it('refuses collections once the season is closed', async () => {
    const f = farmer(ctx.north);
    await ctx.t.request('PATCH', `/settings/collection/seasons/${ctx.cashew.seasonId}`, {
      token: ctx.admin.access,
      body: { status: 'closed' },
    });
    const closed = await recordCollectionVia(ctx.t, ctx.north.clerk.access, weighing(ctx.cashew, f));
    expect(closed.status).toBe(400);
    expect(closed.body.errors?.seasonCropId).toEqual([
      `Season ${ctx.cashew.seasonName} is closed: collections are taken in an open season only`,
    ]);
  });
});
