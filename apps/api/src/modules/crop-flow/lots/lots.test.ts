import type { AwaitingLotRow, DeliveryNoteDetail, Lot, LotDetail } from '@ushirika/contracts';
import { yearInTanzania } from '@ushirika/domain';
import { describe, expect, it } from 'vitest';
import {
  type CropWorld,
  collectWeighings,
  createNoteVia,
  dispatchVia,
  issueLotsVia,
  lotsInStore,
  makeWarehouse,
  noteBody,
  receiveVia,
  startTwoCropWorlds,
} from '../../../../test/crop-flow-lots.ts';
import { useStarted } from '../../../../test/harness.ts';
import type { Listed } from '../../../../test/master-data.ts';

const ctx = useStarted(startTwoCropWorlds);

const standard = () => ctx.world.cashew.grades[0]?.id ?? '';
const under = () => ctx.world.cashew.grades[1]?.id ?? '';

const collect = (w: CropWorld, kgs: (string | [string, number])[]) => collectWeighings(ctx.t, w, kgs);

/** A note of these weighings, dispatched by the clerk and received by the officer (`receivedKg`, or as dispatched). */
async function receivedNote(
  w: CropWorld,
  kgs: (string | [string, number])[],
  receivedKg?: string,
  overrides: Record<string, unknown> = {},
): Promise<DeliveryNoteDetail> {
  const cs = await collect(w, kgs);
  const created = await createNoteVia(
    ctx.t,
    w.society.clerk.access,
    noteBody(w, { mode: 'explicit', collectionIds: cs.map((c) => c.id) }, overrides),
  );
  expect(created.status).toBe(201);
  const sent = await dispatchVia(ctx.t, w.society.clerk.access, created.body.data.id);
  const r = await receiveVia(ctx.t, ctx.officer.access, created.body.data.id, {
    receivedBags: sent.body.data.bags,
    receivedKg: receivedKg ?? sent.body.data.netKg,
  });
  expect(r.status).toBe(200);
  return r.body.data;
}

const noteById = async (id: string) =>
  (
    await ctx.t.request<{ data: DeliveryNoteDetail }>('GET', `/collections/delivery-notes/${id}`, {
      token: ctx.admin.access,
    })
  ).body.data;

describe('issuing warehouse receipts', () => {
  let twoLots: LotDetail[];
  let note: DeliveryNoteDetail;

  it('splits a received note into two lots, whole collections in receipt order, and receipts the note', async () => {
    // 300 + 200 + 250 + 250 = 1,000 kg dispatched; 990 kg received (variance -10).
    note = await receivedNote(ctx.world, ['300.000', '200.000', '250.000', '250.000'], '990.000');
    const r = await issueLotsVia(ctx.t, ctx.officer.access, {
      deliveryNoteIds: [note.id],
      gradeId: standard(),
      lots: [
        {
          bags: 4,
          netKg: '495.000',
          certificateNo: 'QC-001',
          moisture: '8.20',
          outturn: '48.50',
          nutCount: 190,
        },
        { bags: 4, netKg: '495.000', certificateNo: 'QC-002' },
      ],
    });
    expect(r.status).toBe(201);
    twoLots = r.body.data;
    // Lot 1's share of farmers' kg = 495 x 1000 / 990 = 500: the 300 and 200 kg collections.
    expect(twoLots.map((l) => [l.bags, l.netKg, l.collectedKg, l.status])).toEqual([
      [4, '495.000', '500.000', 'in_store'],
      [4, '495.000', '500.000', 'in_store'],
    ]);
    const [first, second] = twoLots;
    expect(first?.collections.map((c) => c.receiptNo)).toEqual(
      note.collections.slice(0, 2).map((c) => c.receiptNo),
    );
    expect(second?.collections.map((c) => c.receiptNo)).toEqual(
      note.collections.slice(2).map((c) => c.receiptNo),
    );
    expect(first).toMatchObject({
      certificateNo: 'QC-001',
      moisture: '8.20',
      outturn: '48.50',
      nutCount: 190,
      amcosId: ctx.world.society.amcos.id,
      warehouseId: ctx.world.warehouse.id,
      gradeId: standard(),
    });
    expect(first?.sources).toEqual([
      { deliveryNoteId: note.id, dnNo: note.dnNo, bags: 4, netKg: '495.000', collectedKg: '500.000' },
    ]);
    const year = yearInTanzania();
    const [n1, n2] = twoLots.map((l) => Number(l.whrNo.slice(-6)));
    expect(first?.whrNo).toMatch(new RegExp(`^WHR-${year}-\\d{6}$`));
    expect(n2).toBe((n1 ?? 0) + 1);
    expect(twoLots.map((l) => l.lotNo)).toEqual([`LOT-${year}-0001`, `LOT-${year}-0002`]);
    const after = await noteById(note.id);
    expect(after.status).toBe('receipted');
    expect(after.collections.every((c) => c.status === 'in_lot' && c.lotId !== null)).toBe(true);
    expect(after.grades[0]?.inLotKg).toBe('1000.000');
  });

  it('refuses lots of a note not received, receipted, of another grade, mixing societies, or heavier than what is left', async () => {
    const cs = await collect(ctx.world, ['100.000']);
    const sent = await createNoteVia(
      ctx.t,
      ctx.world.society.clerk.access,
      noteBody(ctx.world, { mode: 'explicit', collectionIds: cs.map((c) => c.id) }),
    );
    await dispatchVia(ctx.t, ctx.world.society.clerk.access, sent.body.data.id);
    const unreceived = await issueLotsVia(ctx.t, ctx.officer.access, {
      deliveryNoteIds: [sent.body.data.id],
      gradeId: standard(),
      lots: [{ bags: 2, netKg: '100' }],
    });
    expect(unreceived.status).toBe(409);
    expect(unreceived.body.message).toBe(
      `Delivery note ${sent.body.data.dnNo} has not been received at the warehouse (it is dispatched)`,
    );
    const done = await issueLotsVia(ctx.t, ctx.officer.access, {
      deliveryNoteIds: [note.id],
      gradeId: standard(),
      lots: [{ bags: 1, netKg: '1' }],
    });
    expect(done.status).toBe(409);
    expect(done.body.message).toBe(`Delivery note ${note.dnNo} is already all in lots`);

    const mine = await receivedNote(ctx.world, ['200.000', ['50.000', 1]]);
    const tooHeavy = await issueLotsVia(ctx.t, ctx.officer.access, {
      deliveryNoteIds: [mine.id],
      gradeId: standard(),
      lots: [{ bags: 2, netKg: '200.001' }],
    });
    // 250 kg received split by grade: Standard 200, Under grade 50; 200.001 is over the 200 left.
    expect(tooHeavy.status).toBe(400);
    expect(tooHeavy.body.message).toBe(
      'The lots weigh 200.001 kg but only 200.000 kg of this grade is left on the delivery notes',
    );
    const theirs = await receivedNote(ctx.other, ['80.000'], undefined, {
      warehouseId: ctx.world.warehouse.id,
    });
    const mixed = await issueLotsVia(ctx.t, ctx.officer.access, {
      deliveryNoteIds: [mine.id, theirs.id],
      gradeId: standard(),
      lots: [{ bags: 2, netKg: '100' }],
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe('A lot takes delivery notes of one AMCOS and one season crop only');
    const noGrade = await issueLotsVia(ctx.t, ctx.officer.access, {
      deliveryNoteIds: [theirs.id],
      gradeId: under(),
      lots: [{ bags: 2, netKg: '10' }],
    });
    expect(noGrade.status).toBe(400);
    expect(noGrade.body.message).toBe(
      `Delivery note ${theirs.dnNo} has no ${ctx.world.cashew.grades[1]?.name} collections left for lots`,
    );
    const byClerk = await issueLotsVia(ctx.t, ctx.world.society.clerk.access, {
      deliveryNoteIds: [mine.id],
      gradeId: standard(),
      lots: [{ bags: 2, netKg: '10' }],
    });
    expect(byClerk.status).toBe(403);
    // Nothing was written by the refusals.
    expect((await noteById(mine.id)).collections.every((c) => c.lotId === null)).toBe(true);
  });

  it('issues a grade part by part: the note stays received until every collection is in a lot', async () => {
    const n = await receivedNote(ctx.world, ['120.000', ['60.000', 1], '80.000'], '259.000');
    const awaiting = async () =>
      (
        await ctx.t.request<{ data: AwaitingLotRow[] }>('GET', '/collections/lots/awaiting', {
          token: ctx.officer.access,
        })
      ).body.data.filter((r) => r.deliveryNoteId === n.id);
    // 259 received split over Standard 200 / Under 60 (of 260): 199.231 and 59.769.
    expect((await awaiting()).map((r) => [r.gradeName, r.collections, r.collectedKg, r.warehouseKg])).toEqual(
      expect.arrayContaining([
        [ctx.world.cashew.grades[0]?.name, 2, '200.000', '199.231'],
        [ctx.world.cashew.grades[1]?.name, 1, '60.000', '59.769'],
      ]),
    );
    const std = await issueLotsVia(ctx.t, ctx.officer.access, {
      deliveryNoteIds: [n.id],
      gradeId: standard(),
      lots: [{ bags: 4, netKg: '199.231' }],
    });
    expect(std.status).toBe(201);
    expect(std.body.data[0]?.collectedKg).toBe('200.000');
    expect((await noteById(n.id)).status).toBe('received');
    const rest = await issueLotsVia(ctx.t, ctx.officer.access, {
      deliveryNoteIds: [n.id],
      gradeId: under(),
      lots: [{ bags: 2, netKg: '59.769' }],
    });
    expect(rest.status).toBe(201);
    expect((await noteById(n.id)).status).toBe('receipted');
    expect(await awaiting()).toEqual([]);
  });

  it('makes one lot of several notes of the same society, crop and grade', async () => {
    const a = await receivedNote(ctx.world, ['100.000']);
    const b = await receivedNote(ctx.world, ['150.000'], '149.000');
    const r = await issueLotsVia(ctx.t, ctx.officer.access, {
      deliveryNoteIds: [b.id, a.id],
      gradeId: standard(),
      lots: [{ bags: 4, netKg: '249.000' }],
    });
    expect(r.status).toBe(201);
    const lot = r.body.data[0];
    expect(lot).toMatchObject({ netKg: '249.000', collectedKg: '250.000' });
    // The warehouse kg is shared over the notes by their farmers' kg: 249 x 100/250 and 249 x 150/250.
    expect(lot?.sources.map((s) => [s.dnNo, s.collectedKg, s.netKg])).toEqual([
      [a.dnNo, '100.000', '99.600'],
      [b.dnNo, '150.000', '149.400'],
    ]);
    expect([(await noteById(a.id)).status, (await noteById(b.id)).status]).toEqual([
      'receipted',
      'receipted',
    ]);
  });

  it('refuses a note received at another warehouse in the same lot', async () => {
    const here = await receivedNote(ctx.world, ['10.000']);
    const store = await makeWarehouse(ctx.t, ctx.admin);
    const there = await receivedNote(ctx.world, ['10.000'], undefined, { warehouseId: store.id });
    const r = await issueLotsVia(ctx.t, ctx.officer.access, {
      deliveryNoteIds: [here.id, there.id],
      gradeId: standard(),
      lots: [{ bags: 2, netKg: '20' }],
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('A lot takes delivery notes received at one warehouse only');
  });

  it('lists, filters, exports and prints lots; the certificate can be corrected while in store', async () => {
    const list = await ctx.t.request<Listed<Lot>>(
      'GET',
      `/collections/lots?amcos_id=${ctx.world.society.amcos.id}&grade_id=${standard()}&status=in_store&per_page=100`,
      { token: ctx.officer.access },
    );
    expect(list.status).toBe(200);
    expect(list.body.data.map((l) => l.id)).toEqual(expect.arrayContaining(twoLots.map((l) => l.id)));
    expect(list.body.data.every((l) => l.gradeId === standard())).toBe(true);
    const xlsx = await ctx.t.request('GET', '/collections/lots?format=xlsx', { token: ctx.officer.access });
    expect(xlsx.status).toBe(200);
    const id = twoLots[1]?.id ?? '';
    const pdf = await ctx.t.request('GET', `/collections/lots/${id}/pdf`, {
      token: ctx.world.society.clerk.access,
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const cert = await ctx.t.request<{ data: LotDetail }>('PATCH', `/collections/lots/${id}/certificate`, {
      token: ctx.officer.access,
      body: { certificateNo: 'QC-002A', moisture: '7.90', outturn: '49.00', nutCount: 185 },
    });
    expect(cert.status).toBe(200);
    expect(cert.body.data).toMatchObject({
      certificateNo: 'QC-002A',
      moisture: '7.90',
      outturn: '49.00',
      nutCount: 185,
    });
    const history = await ctx.t.request<{ data: { action: string }[] }>('GET', `/audit/lot/${id}`, {
      token: ctx.manager.access,
    });
    expect(history.body.data.map((h) => h.action)).toEqual(['issued', 'certificate_updated']);
  });
});

describe('the lotsInStore fixture (used by the auction and settlement tests)', () => {
  it('puts a received note of three farmers into the asked lots in one call', async () => {
    const r = await lotsInStore(ctx.t, ctx.admin, {
      kgs: ['400.000', '250.000', '350.000'],
      lots: ['500.000', '500.000'],
    });
    expect(r.note.status).toBe('receipted');
    expect(r.lots.map((l) => [l.netKg, l.collectedKg, l.status])).toEqual([
      ['500.000', '400.000', 'in_store'],
      ['500.000', '600.000', 'in_store'],
    ]);
    expect(r.lots.flatMap((l) => l.collections.map((c) => c.id)).sort()).toEqual(
      r.collections.map((c) => c.id).sort(),
    );
  });
});

describe('tenancy', () => {
  it('shows an AMCOS user their own society’s lots read-only, and nothing of another society', async () => {
    const theirs = await receivedNote(ctx.other, ['90.000']);
    const issued = await issueLotsVia(ctx.t, ctx.officer.access, {
      deliveryNoteIds: [theirs.id],
      gradeId: ctx.other.cashew.grades[0]?.id ?? '',
      lots: [{ bags: 2, netKg: '90' }],
    });
    expect(issued.status).toBe(201);
    const lotId = issued.body.data[0]?.id ?? '';
    const token = ctx.world.society.clerk.access;
    for (const path of [
      `/collections/lots/${lotId}`,
      `/collections/lots/${lotId}/pdf`,
      `/audit/lot/${lotId}`,
    ]) {
      expect([path, (await ctx.t.request('GET', path, { token })).status]).toEqual([path, 403]);
    }
    const cert = await ctx.t.request('PATCH', `/collections/lots/${lotId}/certificate`, {
      token: ctx.other.society.clerk.access,
      body: { certificateNo: 'X' },
    });
    expect(cert.status).toBe(403);
    const mine = await ctx.t.request<Listed<Lot>>('GET', '/collections/lots?per_page=200', { token });
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.every((l) => l.amcosId === ctx.world.society.amcos.id)).toBe(true);
    const asked = await ctx.t.request<Listed<Lot>>(
      'GET',
      `/collections/lots?amcos_id=${ctx.other.society.amcos.id}`,
      { token },
    );
    expect(asked.body.data).toEqual([]);
    const csv = await ctx.t.request('GET', '/collections/lots?format=csv', { token });
    expect(new TextDecoder().decode(csv.raw)).not.toContain(ctx.other.society.amcos.name);
    const own = await ctx.t.request<{ data: LotDetail }>('GET', `/collections/lots/${lotId}`, {
      token: ctx.other.society.clerk.access,
    });
    expect(own.status).toBe(200);
    expect(own.body.data.collections).toHaveLength(1);
    const waiting = await receivedNote(ctx.other, ['30.000']);
    const queue = await ctx.t.request<{ data: AwaitingLotRow[] }>('GET', '/collections/lots/awaiting', {
      token,
    });
    expect(queue.body.data.some((r) => r.deliveryNoteId === waiting.id)).toBe(false);
  });
});
