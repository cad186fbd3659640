import {
  type DevicePack,
  type InboxCounts,
  type OfflineReceipt,
  type OfflineReceiptInput,
  type SyncReply,
  syncReply,
  type WeighingDevice,
} from '@ushirika/contracts';
import { formatReceiptNo, todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeFarmer, type Society, startNorthAndSouth } from '../../../../test/crop-flow.ts';
import { type Session, useStarted } from '../../../../test/harness.ts';
import type { Listed } from '../../../../test/master-data.ts';
import { queryRows } from '../../../db/rows.ts';

const ctx = useStarted(startNorthAndSouth);

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A ULID-shaped client id (what the device makes with `ulid`). */
const clientId = () => Array.from({ length: 26 }, () => CROCKFORD[Math.floor(Math.random() * 32)]).join('');

async function register(s: Session, label = 'Scale phone') {
  const r = await ctx.t.request<{ message: string; data: WeighingDevice }>('POST', '/collections/devices', {
    token: s.access,
    body: { label },
  });
  expect(r.status).toBe(201);
  return r.body.data;
}

const farmerOf = (s: Society, i = 0) => {
  const f = s.farmers[i];
  if (!f) throw new Error('no farmer');
  return f;
};

/** A receipt as the device weighs it: 2 bags, 162.5 gross, 2.5 tare, net 160, number `n` of its blocks. */
function receipt(
  device: WeighingDevice,
  n: number,
  farmer: { id: string; farmerNo: string },
  overrides: Partial<OfflineReceiptInput> = {},
): OfflineReceiptInput {
  const year = device.blocks[0]?.year ?? 0;
  return {
    clientId: clientId(),
    receiptNo: formatReceiptNo(device.amcosCode, device.code, year, n),
    seasonCropId: ctx.cashew.seasonCrop.id,
    farmerId: farmer.id,
    farmerNo: farmer.farmerNo,
    gradeId: ctx.cashew.grades[0]?.id ?? '',
    collectedOn: todayInTanzania(),
    bags: 2,
    grossKg: '162.500',
    tareKg: '2.500',
    netKg: '160.000',
    moisture: '8.50',
    capturedAt: new Date().toISOString(),
    ...overrides,
  };
}

async function sync(s: Session, device: WeighingDevice, receipts: OfflineReceiptInput[], extra = {}) {
  return ctx.t.request<SyncReply>('POST', `/collections/devices/${device.id}/sync`, {
    token: s.access,
    body: { waiting: 0, receipts, ...extra },
  });
}

async function syncOk(s: Session, device: WeighingDevice, receipts: OfflineReceiptInput[], extra = {}) {
  const r = await sync(s, device, receipts, extra);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return syncReply.parse(r.body).data;
}

const counted = z.object({ n: z.number() });
const collectionsNumbered = async (receiptNo: string) =>
  (
    await queryRows(
      ctx.t.db,
      counted,
      sql`select count(*)::int as n from collections where receipt_no = ${receiptNo}`,
    )
  )[0]?.n;
const smsFor = async (receiptNo: string) =>
  (
    await queryRows(
      ctx.t.db,
      counted,
      sql`select count(*)::int as n from sms_outbox where body like ${`%${receiptNo}%`}`,
    )
  )[0]?.n;

describe('registering a weighing device', () => {
  it('gives each device of a society its own code and a first block of numbers for the open season', async () => {
    const first = await register(ctx.north.clerk, 'Scale 1');
    const second = await register(ctx.north.manager, 'Scale 2');
    expect(first.code).not.toBe(second.code);
    expect([first.code, second.code].sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^D\d{2}$/)]),
    );
    expect(first).toMatchObject({
      amcosId: ctx.north.amcos.id,
      status: 'active',
      label: 'Scale 1',
      waitingReported: 0,
    });
    expect(first.blocks).toEqual([
      {
        seasonId: ctx.cashew.seasonId,
        seasonName: ctx.cashew.seasonName,
        year: Number(ctx.cashew.seasonName.slice(0, 4)),
        firstNo: 1,
        lastNo: 500,
      },
    ]);
  });

  it('is a society user’s act: union staff are refused, a blank name is a 400', async () => {
    const union = await ctx.t.request('POST', '/collections/devices', {
      token: ctx.admin.access,
      body: { label: 'HQ' },
    });
    expect(union.status).toBe(403);
    const blank = await ctx.t.request<{ message: string }>('POST', '/collections/devices', {
      token: ctx.north.clerk.access,
      body: { label: ' ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toMatch(/Name this device/);
  });
});

describe('the pack a device keeps', () => {
  it("holds the society's active farmers only, the open season's crops and the limits", async () => {
    const sleeper = await makeFarmer(ctx.t, ctx.admin, ctx.north.amcos.id);
    await ctx.t.request('PATCH', `/collections/farmers/${sleeper.id}`, {
      token: ctx.admin.access,
      body: { status: 'inactive' },
    });
    const r = await ctx.t.request<{ data: DevicePack }>('GET', '/collections/device-pack', {
      token: ctx.north.clerk.access,
    });
    expect(r.status).toBe(200);
    const ids = r.body.data.farmers.map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining(ctx.north.farmers.map((f) => f.id)));
    expect(ids).not.toContain(sleeper.id);
    expect(ids).not.toContain(farmerOf(ctx.south).id);
    expect(r.body.data.amcos).toEqual(ctx.north.amcos);
    expect(r.body.data.seasonCrops.map((s) => s.id)).toContain(ctx.cashew.seasonCrop.id);
    expect(r.body.data.crops.find((c) => c.id === ctx.cashew.cropId)?.grades.length).toBeGreaterThan(0);
    expect((await ctx.t.request('GET', '/collections/device-pack', { token: ctx.admin.access })).status).toBe(
      403,
    );
  });
});

describe('syncing receipts weighed offline', () => {
  it('stores each receipt once with the device number and figures, one SMS each; a resend changes nothing', async () => {
    const device = await register(ctx.north.clerk, 'Sync phone');
    const batch = [1, 2, 3].map((n) => receipt(device, n, farmerOf(ctx.north, n - 1)));
    const first = await syncOk(ctx.north.clerk, device, batch, { waiting: 4 });
    expect(first.results.map((r) => r.outcome)).toEqual(['stored', 'stored', 'stored']);
    for (const r of batch) {
      expect(await collectionsNumbered(r.receiptNo)).toBe(1);
      expect(await smsFor(r.receiptNo)).toBe(1);
    }
    const [stored] = await queryRows(
      ctx.t.db,
      z.object({ gross: z.string(), tare: z.string(), net: z.string(), amcos: z.string() }),
      sql`select gross_kg::text as gross, tare_kg::text as tare, net_kg::text as net, amcos_id::text as amcos
        from collections where receipt_no = ${batch[0]?.receiptNo}`,
    );
    expect(stored).toEqual({ gross: '162.500', tare: '2.500', net: '160.000', amcos: ctx.north.amcos.id });
    expect(first.device).toMatchObject({ waitingReported: 4, storedCount: 3, flaggedCount: 0 });
    expect(first.device.lastSyncAt).not.toBeNull();

    // A lost reply: the device sends the same batch again, and twice at once (two tabs).
    const again = await Promise.all([
      syncOk(ctx.north.clerk, device, batch),
      syncOk(ctx.north.clerk, device, batch),
    ]);
    for (const reply of again)
      expect(reply.results.map((r) => r.outcome)).toEqual(Array(3).fill('already_stored'));
    for (const r of batch) {
      expect(await collectionsNumbered(r.receiptNo)).toBe(1);
      expect(await smsFor(r.receiptNo)).toBe(1);
    }
  });

  it('flags what no longer holds, stores nothing of it and says why', async () => {
    const device = await register(ctx.north.clerk, 'Flag phone');
    const sleeper = await makeFarmer(ctx.t, ctx.admin, ctx.north.amcos.id);
    await ctx.t.request('PATCH', `/collections/farmers/${sleeper.id}`, {
      token: ctx.admin.access,
      body: { status: 'inactive' },
    });
    const cases = [
      receipt(device, 1, sleeper),
      receipt(device, 2, farmerOf(ctx.south)),
      receipt(device, 600, farmerOf(ctx.north)),
      receipt(device, 3, farmerOf(ctx.north), { netKg: '160.001' }),
      receipt(device, 4, farmerOf(ctx.north), { moisture: '12.00' }),
    ];
    const reply = await syncOk(ctx.north.clerk, device, cases);
    expect(reply.results.map((r) => [r.outcome, r.reasonCode])).toEqual([
      ['flagged', 'farmer_inactive'],
      ['flagged', 'farmer_moved'],
      ['flagged', 'number_not_issued'],
      ['flagged', 'net_differs'],
      ['flagged', 'moisture_too_high'],
    ]);
    for (const r of cases) {
      expect(await collectionsNumbered(r.receiptNo)).toBe(0);
      expect(await smsFor(r.receiptNo)).toBe(0);
    }
    expect(reply.device.flaggedCount).toBe(5);
  });

  it('gives a device low on numbers its next block, and refuses a malformed request whole', async () => {
    const device = await register(ctx.north.clerk, 'Busy phone');
    const reply = await syncOk(ctx.north.clerk, device, [], {
      nextNumbers: [{ seasonId: ctx.cashew.seasonId, next: 450 }],
    });
    expect(reply.device.blocks.map((b) => [b.firstNo, b.lastNo])).toEqual([
      [1, 500],
      [501, 1000],
    ]);
    const quiet = await syncOk(ctx.north.clerk, device, [], {
      nextNumbers: [{ seasonId: ctx.cashew.seasonId, next: 460 }],
    });
    expect(quiet.device.blocks).toHaveLength(2);
    const bad = await sync(ctx.north.clerk, device, [
      { ...receipt(device, 5, farmerOf(ctx.north)), clientId: 'not-a-ulid' },
    ]);
    expect(bad.status).toBe(400);
    expect(await collectionsNumbered(receipt(device, 5, farmerOf(ctx.north)).receiptNo)).toBe(0);
  });
});

describe('a batch of receipts (one request, chunks of 100 in a transaction each)', () => {
  it('stores 250 receipts once each; a forged one is rejected with its reason and the good ones kept; a resend and two tabs change nothing', async () => {
    const device = await register(ctx.north.clerk, 'Batch phone');
    const batch = Array.from({ length: 250 }, (_, i) => receipt(device, i + 1, farmerOf(ctx.north, i % 3)));
    // Number 120 names a farmer the server never had: a forged or corrupt receipt.
    const forgedAt = 119;
    const forged = receipt(device, forgedAt + 1, { id: crypto.randomUUID(), farmerNo: 'X-1' });
    batch[forgedAt] = forged;
    // The same receipt twice in one request (chunk 1), and a second receipt reusing number 5 (chunk 3).
    const [fifth] = batch.slice(4, 5);
    if (!fifth) throw new Error('no receipt 5');
    const sent = [...batch, fifth, { ...receipt(device, 5, farmerOf(ctx.north)) }];
    const first = await syncOk(ctx.north.clerk, device, sent);
    const outcomes = first.results.map((r) => r.outcome);
    expect(first.results.map((r) => r.clientId)).toEqual(sent.map((r) => r.clientId));
    expect(outcomes.filter((o) => o === 'stored')).toHaveLength(249);
    expect(first.results[forgedAt]).toMatchObject({
      outcome: 'rejected',
      reasonCode: null,
      reason: `Receipt ${forged.receiptNo} names a farmer, season crop or grade the server does not know`,
    });
    expect(first.results[250]).toMatchObject({ outcome: 'already_stored', reasonCode: null });
    expect(first.results[251]).toMatchObject({ outcome: 'flagged', reasonCode: 'number_taken' });
    const [counts] = await queryRows(
      ctx.t.db,
      z.object({ total: z.number(), numbers: z.number(), sms: z.number() }),
      sql`select count(*)::int as total, count(distinct receipt_no)::int as numbers,
          (select count(*)::int from sms_outbox where body like ${`%${device.amcosCode}-${device.code}-%`}) as sms
        from collections where receipt_no like ${`${device.amcosCode}-${device.code}-%`}`,
    );
    expect(counts).toEqual({ total: 249, numbers: 249, sms: 249 });

    // A lost reply, then two tabs at once: the same request again stores nothing new.
    const again = await Promise.all([
      syncOk(ctx.north.clerk, device, sent),
      syncOk(ctx.north.clerk, device, sent),
    ]);
    for (const reply of again) {
      expect(reply.results.filter((r) => r.outcome === 'already_stored')).toHaveLength(251);
      expect(reply.results[forgedAt]?.outcome).toBe('rejected');
    }
    const [after] = await queryRows(
      ctx.t.db,
      counted,
      sql`select count(*)::int as n from collections where receipt_no like ${`${device.amcosCode}-${device.code}-%`}`,
    );
    expect(after?.n).toBe(249);
    expect(again[0]?.device).toMatchObject({ storedCount: 249, flaggedCount: 1 });
  });

  it('rejects a receipt another device sent, without holding back the rest of its batch', async () => {
    const one = await register(ctx.north.clerk, 'First of two');
    const two = await register(ctx.north.clerk, 'Second of two');
    const mine = receipt(one, 1, farmerOf(ctx.north));
    await syncOk(ctx.north.clerk, one, [mine]);
    const other = receipt(two, 1, farmerOf(ctx.north));
    const reply = await syncOk(ctx.north.clerk, two, [{ ...mine }, other]);
    expect(reply.results.map((r) => r.outcome)).toEqual(['rejected', 'stored']);
    expect(reply.results[0]?.reason).toBe(`Receipt ${mine.receiptNo} was sent by another device`);
    expect(await collectionsNumbered(mine.receiptNo)).toBe(1);
    expect(await collectionsNumbered(other.receiptNo)).toBe(1);
  });
});

describe('tenancy', () => {
  it("never lets one society sync, see or decide another's device and receipts", async () => {
    const device = await register(ctx.north.clerk, 'Tenancy phone');
    const [flagged] = (await syncOk(ctx.north.clerk, device, [receipt(device, 1, farmerOf(ctx.south))]))
      .results;
    expect(flagged?.reasonCode).toBe('farmer_moved');
    // A South clerk sending through North's device, even with South's own farmer: refused.
    expect((await sync(ctx.south.clerk, device, [receipt(device, 2, farmerOf(ctx.south))])).status).toBe(403);
    expect((await sync(ctx.admin, device, [])).status).toBe(403);
    expect(
      (await ctx.t.request('GET', `/collections/devices/${device.id}`, { token: ctx.south.clerk.access }))
        .status,
    ).toBe(403);
    expect(
      (
        await ctx.t.request('PATCH', `/collections/devices/${device.id}/retire`, {
          token: ctx.south.manager.access,
          body: { reason: 'x' },
        })
      ).status,
    ).toBe(403);
    const southList = await ctx.t.request<Listed<WeighingDevice>>('GET', '/collections/devices', {
      token: ctx.south.clerk.access,
    });
    expect(southList.body.data.every((d) => d.amcosId === ctx.south.amcos.id)).toBe(true);
    expect(
      (
        await ctx.t.request('GET', `/collections/devices?amcos_id=${ctx.north.amcos.id}`, {
          token: ctx.south.clerk.access,
        })
      ).status,
    ).toBe(403);
    const receipts = await ctx.t.request<Listed<OfflineReceipt>>('GET', '/collections/offline-receipts', {
      token: ctx.south.manager.access,
    });
    expect(receipts.body.data.every((r) => r.amcosId === ctx.south.amcos.id)).toBe(true);
    const [kept] = await queryRows(
      ctx.t.db,
      z.object({ id: z.string() }),
      sql`select id::text from offline_receipts where client_id = ${flagged?.clientId ?? ''}`,
    );
    const id = kept?.id ?? '';
    expect(
      (await ctx.t.request('GET', `/collections/offline-receipts/${id}`, { token: ctx.south.manager.access }))
        .status,
    ).toBe(403);
    for (const action of ['approve', 'void']) {
      const r = await ctx.t.request('PATCH', `/collections/offline-receipts/${id}/${action}`, {
        token: ctx.south.manager.access,
        body: { reason: 'not ours' },
      });
      expect(r.status).toBe(403);
    }
    // The union sees every society's devices.
    const union = await ctx.t.request<Listed<WeighingDevice>>(
      'GET',
      `/collections/devices?amcos_id=${ctx.north.amcos.id}`,
      {
        token: ctx.admin.access,
      },
    );
    expect(union.body.data.map((d) => d.id)).toContain(device.id);
    expect((await ctx.t.request('GET', '/collections/devices')).status).toBe(401);
  });
});

describe('the manager reviews what was flagged', () => {
  it('approves a deactivated farmer’s receipt into its collection and SMS, voids another, once each', async () => {
    const device = await register(ctx.north.clerk, 'Review phone');
    const sleeper = await makeFarmer(ctx.t, ctx.admin, ctx.north.amcos.id);
    await ctx.t.request('PATCH', `/collections/farmers/${sleeper.id}`, {
      token: ctx.admin.access,
      body: { status: 'inactive' },
    });
    const approveMe = receipt(device, 1, sleeper);
    const voidMe = receipt(device, 2, sleeper);
    await syncOk(ctx.north.clerk, device, [approveMe, voidMe]);
    const counts = await ctx.t.request<{ data: InboxCounts }>('GET', '/inbox/counts', {
      token: ctx.north.manager.access,
    });
    expect(counts.body.data.sources.offline_receipts).toBeGreaterThanOrEqual(2);
    const list = await ctx.t.request<Listed<OfflineReceipt>>(
      'GET',
      `/collections/offline-receipts?device_id=${device.id}&status=needs_review`,
      { token: ctx.north.manager.access },
    );
    const byNo = new Map(list.body.data.map((r) => [r.receiptNo, r]));
    const a = byNo.get(approveMe.receiptNo);
    const v = byNo.get(voidMe.receiptNo);
    if (!a || !v) throw new Error('flagged receipts missing');
    expect(a).toMatchObject({ reasonCode: 'farmer_inactive', netKg: '160.000', status: 'needs_review' });

    const byClerk = await ctx.t.request('PATCH', `/collections/offline-receipts/${a.id}/approve`, {
      token: ctx.north.clerk.access,
      body: { reason: 'ok' },
    });
    expect(byClerk.status).toBe(403);
    const noReason = await ctx.t.request('PATCH', `/collections/offline-receipts/${a.id}/approve`, {
      token: ctx.north.manager.access,
      body: { reason: '' },
    });
    expect(noReason.status).toBe(400);
    const approved = await ctx.t.request<{ message: string; data: OfflineReceipt }>(
      'PATCH',
      `/collections/offline-receipts/${a.id}/approve`,
      { token: ctx.north.manager.access, body: { reason: 'Farmer reactivation pending; crop received' } },
    );
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe(`Receipt ${a.receiptNo} approved and stored`);
    expect(approved.body.data).toMatchObject({
      status: 'approved',
      reviewReason: 'Farmer reactivation pending; crop received',
    });
    expect(await collectionsNumbered(a.receiptNo)).toBe(1);
    expect(await smsFor(a.receiptNo)).toBe(1);
    const twice = await ctx.t.request('PATCH', `/collections/offline-receipts/${a.id}/approve`, {
      token: ctx.north.manager.access,
      body: { reason: 'again' },
    });
    expect(twice.status).toBe(409);

    const voided = await ctx.t.request<{ data: OfflineReceipt }>(
      'PATCH',
      `/collections/offline-receipts/${v.id}/void`,
      {
        token: ctx.north.manager.access,
        body: { reason: 'Weighed twice' },
      },
    );
    expect(voided.status).toBe(200);
    expect(voided.body.data.status).toBe('voided');
    expect(await collectionsNumbered(v.receiptNo)).toBe(0);
    expect(await smsFor(v.receiptNo)).toBe(0);
    // The device resending them later changes nothing.
    const resend = await syncOk(ctx.north.clerk, device, [approveMe, voidMe]);
    expect(resend.results.map((r) => r.outcome)).toEqual(['already_stored', 'already_stored']);
    expect(await collectionsNumbered(a.receiptNo)).toBe(1);
  });

  it('refuses to approve what no approval mends: a net that is not gross minus tare', async () => {
    const device = await register(ctx.north.clerk, 'Net phone');
    const bad = receipt(device, 1, farmerOf(ctx.north), { netKg: '150.000' });
    await syncOk(ctx.north.clerk, device, [bad]);
    const [kept] = await queryRows(
      ctx.t.db,
      z.object({ id: z.string() }),
      sql`select id::text from offline_receipts where client_id = ${bad.clientId}`,
    );
    const r = await ctx.t.request<{ message: string }>(
      'PATCH',
      `/collections/offline-receipts/${kept?.id}/approve`,
      {
        token: ctx.north.manager.access,
        body: { reason: 'ok' },
      },
    );
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('The net is not gross minus tare: this receipt can only be voided');
  });
});

describe('retiring a lost device', () => {
  it('voids its unused numbers: what it still sends is kept for review, and it gets no new block', async () => {
    const device = await register(ctx.north.clerk, 'Lost phone');
    const clerkTry = await ctx.t.request('PATCH', `/collections/devices/${device.id}/retire`, {
      token: ctx.north.clerk.access,
      body: { reason: 'Lost' },
    });
    expect(clerkTry.status).toBe(403);
    const retired = await ctx.t.request<{ message: string; data: WeighingDevice }>(
      'PATCH',
      `/collections/devices/${device.id}/retire`,
      { token: ctx.north.manager.access, body: { reason: 'Lost at the buying post' } },
    );
    expect(retired.status).toBe(200);
    expect(retired.body.data).toMatchObject({ status: 'retired', retireReason: 'Lost at the buying post' });
    const late = receipt(device, 1, farmerOf(ctx.north));
    const reply = await syncOk(ctx.north.clerk, device, [late], {
      nextNumbers: [{ seasonId: ctx.cashew.seasonId, next: 480 }],
    });
    expect(reply.results[0]).toMatchObject({ outcome: 'flagged', reasonCode: 'device_retired' });
    expect(reply.device.blocks).toHaveLength(1);
    expect(await collectionsNumbered(late.receiptNo)).toBe(0);
    const again = await ctx.t.request('PATCH', `/collections/devices/${device.id}/retire`, {
      token: ctx.north.manager.access,
      body: { reason: 'Lost' },
    });
    expect(again.status).toBe(409);
  });
});

describe('weighing limits', () => {
  it('flags a receipt above the society limits; only the manager sets them', async () => {
    expect(
      (
        await ctx.t.request('PUT', '/collections/weighing-limits', {
          token: ctx.north.clerk.access,
          body: { maxKgPerBag: '50', maxNetKg: null },
        })
      ).status,
    ).toBe(403);
    const saved = await ctx.t.request<{ data: { maxKgPerBag: string | null } }>(
      'PUT',
      '/collections/weighing-limits',
      {
        token: ctx.south.manager.access,
        body: { maxKgPerBag: '50.000', maxNetKg: null },
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data.maxKgPerBag).toBe('50.000');
    const device = await register(ctx.south.clerk, 'Limit phone');
    const reply = await syncOk(ctx.south.clerk, device, [receipt(device, 1, farmerOf(ctx.south))]);
    expect(reply.results[0]).toMatchObject({ outcome: 'flagged', reasonCode: 'outside_limits' });
    const pack = await ctx.t.request<{ data: DevicePack }>('GET', '/collections/device-pack', {
      token: ctx.south.clerk.access,
    });
    expect(pack.body.data.limits).toEqual({ maxKgPerBag: '50.000', maxNetKg: null });
  });

  it("shows each society's user their own society's limits only; union staff hold none", async () => {
    const set = await ctx.t.request('PUT', '/collections/weighing-limits', {
      token: ctx.north.manager.access,
      body: { maxKgPerBag: '85.5', maxNetKg: '2000' },
    });
    expect(set.status).toBe(200);
    const read = (s: Session) =>
      ctx.t.request<{ data: { maxKgPerBag: string | null; maxNetKg: string | null } }>(
        'GET',
        '/collections/weighing-limits',
        { token: s.access },
      );
    expect((await read(ctx.north.clerk)).body.data).toEqual({ maxKgPerBag: '85.500', maxNetKg: '2000.000' });
    // South's manager set South's own earlier: North's change never reaches it.
    expect((await read(ctx.south.clerk)).body.data).toEqual({ maxKgPerBag: '50.000', maxNetKg: null });
    expect((await read(ctx.admin)).status).toBe(403);
    const union = await ctx.t.request('PUT', '/collections/weighing-limits', {
      token: ctx.admin.access,
      body: { maxKgPerBag: '1', maxNetKg: null },
    });
    expect(union.status).toBe(403);
  });

  it('refuses a zero or malformed limit and keeps the old ones', async () => {
    for (const body of [
      { maxKgPerBag: '0', maxNetKg: null },
      { maxKgPerBag: null, maxNetKg: '0.000' },
      { maxKgPerBag: '-5', maxNetKg: null },
      { maxKgPerBag: 'lots', maxNetKg: null },
    ]) {
      const r = await ctx.t.request('PUT', '/collections/weighing-limits', {
        token: ctx.north.manager.access,
        body,
      });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    const kept = await ctx.t.request<{ data: unknown }>('GET', '/collections/weighing-limits', {
      token: ctx.north.manager.access,
    });
    expect(kept.body.data).toEqual({ maxKgPerBag: '85.500', maxNetKg: '2000.000' });
    const cleared = await ctx.t.request<{ data: unknown }>('PUT', '/collections/weighing-limits', {
      token: ctx.north.manager.access,
      body: { maxKgPerBag: null, maxNetKg: null },
    });
    expect(cleared.body.data).toEqual({ maxKgPerBag: null, maxNetKg: null });
  });
});
