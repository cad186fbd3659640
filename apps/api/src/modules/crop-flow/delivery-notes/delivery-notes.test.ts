import type { DeliveryNote, DeliveryNoteDetail, PendingCollection } from '@ushirika/contracts';
import { sum } from '@ushirika/domain';
import { describe, expect, it } from 'vitest';
import {
  type CropWorld,
  collectWeighings,
  createNoteVia,
  dispatchVia,
  makeTransporter,
  noteBody,
  receiveVia,
  startTwoCropWorlds,
} from '../../../../test/crop-flow-lots.ts';
import { useStarted } from '../../../../test/harness.ts';
import type { Listed } from '../../../../test/master-data.ts';
import { documentDefinition, printedDefinition } from '../../../platform/document-pdf.ts';
import { codeLabel, withLanguage } from '../../../platform/labels.ts';
import { cropDocument, deliveryNoteDocument } from './pdf.ts';

/** `ctx.manager`, an AMCOS Manager of the world's society: managers read histories, clerks do not. */
const ctx = useStarted(startTwoCropWorlds);

const base = '/collections/delivery-notes';
const clerk = () => ctx.world.society.clerk.access;

const collect = (w: CropWorld, kgs: (string | [string, number])[]) => collectWeighings(ctx.t, w, kgs);

const pendingOf = async (w: CropWorld, token = w.society.clerk.access) =>
  (
    await ctx.t.request<{ data: PendingCollection[] }>(
      'GET',
      `${base}/pending?season_crop_id=${w.cashew.seasonCrop.id}`,
      { token },
    )
  ).body.data;

async function draftOf(w: CropWorld, collections: { id: string }[]): Promise<DeliveryNoteDetail> {
  const r = await createNoteVia(
    ctx.t,
    w.society.clerk.access,
    noteBody(w, { mode: 'explicit', collectionIds: collections.map((c) => c.id) }),
  );
  expect(r.status).toBe(201);
  return r.body.data;
}

const statusesOf = async (id: string) =>
  (await ctx.t.request<{ data: DeliveryNoteDetail }>('GET', `${base}/${id}`, { token: ctx.admin.access }))
    .body.data;

describe('creating a delivery note', () => {
  it('puts explicitly chosen pending collections on a draft with exact totals; they leave the stock', async () => {
    const cs = await collect(ctx.world, ['400.000', '250.500', '349.500']);
    const before = await pendingOf(ctx.world);
    const r = await createNoteVia(
      ctx.t,
      clerk(),
      noteBody(ctx.world, { mode: 'explicit', collectionIds: [cs[0]?.id ?? '', cs[2]?.id ?? ''] }),
    );
    expect(r.status).toBe(201);
    const note = r.body.data;
    expect(note).toMatchObject({
      status: 'draft',
      amcosId: ctx.world.society.amcos.id,
      bags: 4,
      netKg: '749.500',
      vehiclePlate: ctx.world.transporter.vehicles[0]?.plateNo,
      driverPhone: '255754123456',
      transportCharge: null,
    });
    expect(note.dnNo).toMatch(/^DN-\d{4}-\d{6}$/);
    expect(note.collections.map((c) => c.status)).toEqual(['in_delivery', 'in_delivery']);
    expect(note.grades).toEqual([
      expect.objectContaining({ collections: 2, bags: 4, netKg: '749.500', inLotKg: '0.000' }),
    ]);
    const after = await pendingOf(ctx.world);
    expect(before.length - after.length).toBe(2);
    expect(after.map((p) => p.id)).toContain(cs[1]?.id);
    // Tidy up: the next tests start from an empty stock (the rest stays on a draft).
    await ctx.t.request('PATCH', `${base}/${note.id}/cancel`, { token: clerk(), body: { reason: 'test' } });
    await draftOf(ctx.world, await pendingOf(ctx.world));
    expect(await pendingOf(ctx.world)).toEqual([]);
  });

  it('chooses every pending collection of a grade, or the oldest up to a kg target', async () => {
    const [a, b, c, d] = await collect(ctx.world, ['100.000', ['80.000', 1], '120.000', '90.000']);
    const stock = await pendingOf(ctx.world);
    const byGrade = await createNoteVia(
      ctx.t,
      clerk(),
      noteBody(ctx.world, { mode: 'grade', gradeId: ctx.world.cashew.grades[1]?.id ?? '' }),
    );
    expect(byGrade.status).toBe(201);
    expect(byGrade.body.data.collections.map((x) => x.id)).toEqual([b?.id]);
    expect(byGrade.body.data.netKg).toBe('80.000');
    // Oldest first while within 250 kg: 100 + 120 = 220 (the next 90 would pass 250).
    const byTarget = await createNoteVia(
      ctx.t,
      clerk(),
      noteBody(ctx.world, { mode: 'target', targetKg: '250', gradeId: ctx.world.cashew.grades[0]?.id }),
    );
    expect(byTarget.status).toBe(201);
    expect(byTarget.body.data.collections.map((x) => x.id)).toEqual([a?.id, c?.id]);
    expect(byTarget.body.data.netKg).toBe('220.000');
    expect(stock.length - (await pendingOf(ctx.world)).length).toBe(3);
    expect((await pendingOf(ctx.world)).map((p) => p.id)).toEqual([d?.id]);
    for (const n of [byGrade, byTarget]) {
      await ctx.t.request('PATCH', `${base}/${n.body.data.id}/cancel`, {
        token: clerk(),
        body: { reason: 'redo' },
      });
    }
    expect((await pendingOf(ctx.world)).length).toBe(stock.length);
  });

  it('refuses a target above the pending stock, foreign collections, and collections already on a note', async () => {
    const stockKg = sum((await pendingOf(ctx.world)).map((p) => p.netKg));
    const over = await createNoteVia(
      ctx.t,
      clerk(),
      noteBody(ctx.world, { mode: 'target', targetKg: '99999' }),
    );
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(
      `The target of 99999.000 kg is more than the society's pending stock of ${stockKg.toFixed(3)} kg`,
    );
    const [foreign] = await collect(ctx.other, ['50.000']);
    const mine = await createNoteVia(
      ctx.t,
      clerk(),
      noteBody(ctx.world, { mode: 'explicit', collectionIds: [foreign?.id ?? ''] }),
    );
    expect(mine.status).toBe(403);
    const byUnion = await createNoteVia(
      ctx.t,
      ctx.officer.access,
      noteBody(
        ctx.world,
        { mode: 'explicit', collectionIds: [foreign?.id ?? ''] },
        { amcosId: ctx.world.society.amcos.id },
      ),
    );
    expect(byUnion.status).toBe(400);
    expect(byUnion.body.message).toBe(
      `Collection ${foreign?.receiptNo} belongs to another society than the delivery note's`,
    );
    const forOther = await createNoteVia(
      ctx.t,
      clerk(),
      noteBody(
        ctx.world,
        { mode: 'explicit', collectionIds: [foreign?.id ?? ''] },
        { amcosId: ctx.other.society.amcos.id },
      ),
    );
    expect(forOther.status).toBe(403);
    const [x] = await collect(ctx.world, ['60.000']);
    const first = await draftOf(ctx.world, [{ id: x?.id ?? '' }]);
    const again = await createNoteVia(
      ctx.t,
      clerk(),
      noteBody(ctx.world, { mode: 'explicit', collectionIds: [x?.id ?? ''] }),
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Collection ${x?.receiptNo} is already on a delivery note`);
    const noAmcos = await createNoteVia(
      ctx.t,
      ctx.officer.access,
      noteBody(ctx.world, { mode: 'target', targetKg: '10' }),
    );
    expect(noAmcos.status).toBe(400);
    expect(noAmcos.body.errors?.amcosId).toEqual(['Choose the AMCOS']);
    const otherTruck = await makeTransporter(ctx.t, ctx.admin);
    const wrongVehicle = await createNoteVia(
      ctx.t,
      clerk(),
      noteBody(
        ctx.world,
        { mode: 'grade', gradeId: ctx.world.cashew.grades[0]?.id ?? '' },
        { vehicleId: otherTruck.vehicles[0]?.id ?? null },
      ),
    );
    expect(wrongVehicle.status).toBe(400);
    expect(wrongVehicle.body.errors?.vehicleId).toEqual(['This vehicle is not one of the transporter’s']);
    await ctx.t.request('PATCH', `${base}/${first.id}/cancel`, { token: clerk(), body: { reason: 'x' } });
  });
});

describe('form options', () => {
  it('gives an AMCOS clerk the active transporters with their vehicles and the active warehouses', async () => {
    const r = await ctx.t.request<{
      data: { transporters: { id: string; vehicles: { id: string }[] }[]; warehouses: { id: string }[] };
    }>('GET', `${base}/options`, { token: clerk() });
    expect(r.status).toBe(200);
    const mine = r.body.data.transporters.find((x) => x.id === ctx.world.transporter.id);
    expect(mine?.vehicles.map((v) => v.id)).toEqual(ctx.world.transporter.vehicles.map((v) => v.id));
    expect(r.body.data.warehouses.map((w) => w.id)).toContain(ctx.world.warehouse.id);
  });
});

describe('a draft', () => {
  it('takes collections added and removed, with a typed plate; cancelling returns them to the stock', async () => {
    const [a, b] = await collect(ctx.world, ['70.000', '30.250']);
    const r = await createNoteVia(
      ctx.t,
      clerk(),
      noteBody(
        ctx.world,
        { mode: 'explicit', collectionIds: [a?.id ?? ''] },
        { vehicleId: null, vehiclePlate: 't 999  xyz' },
      ),
    );
    expect(r.status).toBe(201);
    expect(r.body.data.vehiclePlate).toBe('T 999 XYZ');
    const id = r.body.data.id;
    const added = await ctx.t.request<{ data: DeliveryNoteDetail }>('POST', `${base}/${id}/collections`, {
      token: clerk(),
      body: { selection: { mode: 'explicit', collectionIds: [b?.id] } },
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ bags: 4, netKg: '100.250' });
    const removed = await ctx.t.request<{ data: DeliveryNoteDetail }>(
      'PATCH',
      `${base}/${id}/remove-collections`,
      {
        token: clerk(),
        body: { collectionIds: [a?.id] },
      },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ bags: 2, netKg: '30.250' });
    expect((await pendingOf(ctx.world)).map((p) => p.id)).toContain(a?.id);
    const cancelled = await ctx.t.request<{ data: DeliveryNoteDetail }>('PATCH', `${base}/${id}/cancel`, {
      token: clerk(),
      body: { reason: 'Truck broke down' },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Truck broke down',
      bags: 0,
    });
    expect(cancelled.body.data.collections).toEqual([]);
    expect((await pendingOf(ctx.world)).map((p) => p.id)).toEqual(expect.arrayContaining([a?.id, b?.id]));
    const afterCancel = await ctx.t.request('PATCH', `${base}/${id}/dispatch`, { token: clerk() });
    expect(afterCancel.status).toBe(409);
  });
});

describe('dispatch and receipt', () => {
  let note: DeliveryNoteDetail;

  it('dispatches once, fixing the transport charge at rate x net kg', async () => {
    note = await draftOf(ctx.world, await collect(ctx.world, ['400.000', '250.000', '350.000']));
    const empty = await draftOf(ctx.world, await collect(ctx.world, ['10.000']));
    await ctx.t.request('PATCH', `${base}/${empty.id}/remove-collections`, {
      token: clerk(),
      body: { collectionIds: empty.collections.map((c) => c.id) },
    });
    const nothing = await dispatchVia(ctx.t, clerk(), empty.id);
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe('Put at least one collection on the delivery note first');
    const early = await receiveVia(ctx.t, ctx.officer.access, note.id, {
      receivedBags: 6,
      receivedKg: '1000',
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(`Delivery note ${note.dnNo} is still a draft: it cannot be received`);
    const r = await dispatchVia(ctx.t, clerk(), note.id);
    expect(r.status).toBe(200);
    // 1,000 kg x 50.00 TZS/kg = 50,000.00
    expect(r.body.data).toMatchObject({
      status: 'dispatched',
      netKg: '1000.000',
      bags: 6,
      transportCharge: '50000.00',
    });
    expect(r.body.data.collections.every((c) => c.status === 'in_delivery')).toBe(true);
    const twice = await dispatchVia(ctx.t, clerk(), note.id);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(
      `Delivery note ${note.dnNo} is already dispatched: it cannot be dispatched`,
    );
    const noChange = await ctx.t.request('POST', `${base}/${note.id}/collections`, {
      token: clerk(),
      body: { selection: { mode: 'grade', gradeId: ctx.world.cashew.grades[0]?.id } },
    });
    expect(noChange.status).toBe(409);
    const noCancel = await ctx.t.request('PATCH', `${base}/${note.id}/cancel`, {
      token: clerk(),
      body: { reason: 'x' },
    });
    expect(noCancel.status).toBe(409);
  });

  it('lets only one of two simultaneous dispatches through', async () => {
    const n = await draftOf(ctx.world, await collect(ctx.world, ['55.000']));
    const replies = await Promise.all([dispatchVia(ctx.t, clerk(), n.id), dispatchVia(ctx.t, clerk(), n.id)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const history = await ctx.t.request<{ data: { action: string }[] }>(
      'GET',
      `/audit/delivery_note/${n.id}`,
      {
        token: ctx.manager.access,
      },
    );
    expect(history.body.data.map((h) => h.action)).toEqual(['created', 'dispatched']);
  });

  it('charges a per-trip transporter its flat rate', async () => {
    const trip = await makeTransporter(ctx.t, ctx.admin, { rateBasis: 'per_trip', rate: '350000.00' });
    const cs = await collect(ctx.world, ['123.456']);
    const r = await createNoteVia(
      ctx.t,
      clerk(),
      noteBody(
        ctx.world,
        { mode: 'explicit', collectionIds: cs.map((c) => c.id) },
        { transporterId: trip.id, vehicleId: trip.vehicles[0]?.id },
      ),
    );
    const d = await dispatchVia(ctx.t, clerk(), r.body.data.id);
    expect(d.body.data.transportCharge).toBe('350000.00');
  });

  it('is received by union staff only; more than dispatched needs confirmation; the variance is kept', async () => {
    const byClerk = await receiveVia(ctx.t, clerk(), note.id, { receivedBags: 6, receivedKg: '995' });
    expect(byClerk.status).toBe(403);
    const over = await receiveVia(ctx.t, ctx.officer.access, note.id, {
      receivedBags: 6,
      receivedKg: '1000.5',
    });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(
      'The warehouse received more than was dispatched (1000.5 kg and 6 bags received, 1000.000 kg and 6 bags dispatched): check the weighing, or confirm to record it',
    );
    expect(over.body.errors?.receivedKg).toEqual(['More than the 1000.000 kg dispatched']);
    const empty = await receiveVia(ctx.t, ctx.officer.access, note.id, {
      receivedBags: 6,
      receivedKg: '0.000',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.receivedKg).toEqual(['Enter the kg received']);
    const moreBags = await receiveVia(ctx.t, ctx.officer.access, note.id, {
      receivedBags: 7,
      receivedKg: '990',
    });
    expect(moreBags.status).toBe(400);
    expect(moreBags.body.errors?.receivedBags).toEqual(['More than the 6 bags dispatched']);
    const r = await receiveVia(ctx.t, ctx.officer.access, note.id, {
      receivedBags: 6,
      receivedKg: '994.750',
      remarks: 'One bag torn',
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      status: 'received',
      receivedBags: 6,
      receivedKg: '994.750',
      varianceKg: '-5.250',
      receiveRemarks: 'One bag torn',
    });
    const twice = await receiveVia(ctx.t, ctx.officer.access, note.id, {
      receivedBags: 6,
      receivedKg: '994.750',
    });
    expect(twice.status).toBe(409);
  });

  it('records an over-delivery when confirmed, with a positive variance', async () => {
    const n = await draftOf(ctx.world, await collect(ctx.world, ['100.000']));
    await dispatchVia(ctx.t, clerk(), n.id);
    const r = await receiveVia(ctx.t, ctx.officer.access, n.id, {
      receivedBags: 2,
      receivedKg: '100.400',
      confirm_over: true,
    });
    expect(r.status).toBe(200);
    expect(r.body.data.varianceKg).toBe('0.400');
  });

  it('prints the note as a PDF and keeps its history', async () => {
    const pdf = await ctx.t.request('GET', `${base}/${note.id}/pdf`, { token: clerk(), lang: 'sw' });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode(pdf.raw.slice(0, 5))).toBe('%PDF-');
    // The browser tab shows the PDF's title: the note's number, not a random id (#20).
    const raw = new TextDecoder('latin1').decode(pdf.raw);
    expect(raw).toContain('/DisplayDocTitle true');
    expect(raw).toMatch(/\/Title (\d+) 0 R/);
    const titleRef = /\/Title (\d+) 0 R/.exec(raw)?.[1];
    expect(raw).toContain(`\n${titleRef} 0 obj\n(${note.dnNo})`);
    // What it prints: the status as the screen's badge says it, the charge and kilograms grouped,
    // dates by the reader's language rule.
    const detail = await ctx.t.request<{ data: DeliveryNoteDetail }>('GET', `${base}/${note.id}`, {
      token: clerk(),
    });
    const texts = (lang: 'en' | 'sw') =>
      JSON.stringify(
        withLanguage(lang, () =>
          printedDefinition(
            note.dnNo,
            documentDefinition(undefined, cropDocument(deliveryNoteDocument(detail.body.data))),
            lang,
          ),
        ),
      );
    const sw = texts('sw');
    expect(sw).toContain(codeLabel('sw', 'dnMd.status', 'received'));
    expect(codeLabel('sw', 'dnMd.status', 'received')).not.toBe('received');
    expect(sw).not.toContain('"received"');
    expect(sw).toContain('"50,000.00"');
    expect(sw).not.toContain('50000.00');
    expect(sw).toContain('"1,000.000"');
    const [y, m, d] = (detail.body.data.collections[0]?.collectedOn ?? '').split('-');
    expect(sw).toContain(`"${d}/${m}/${y}"`);
    expect(texts('en')).toContain(`"${m}/${d}/${y}"`);
    expect(texts('en')).toContain('"Received"');
    const history = await ctx.t.request<{ data: { action: string }[] }>(
      'GET',
      `/audit/delivery_note/${note.id}`,
      { token: ctx.manager.access },
    );
    expect(history.status).toBe(200);
    expect(history.body.data.map((h) => h.action)).toEqual(['created', 'dispatched', 'received']);
    const state = await statusesOf(note.id);
    expect(state.status).toBe('received');
  });
});

describe('tenancy', () => {
  it('confines every delivery-note endpoint to the AMCOS user’s own society', async () => {
    const theirs = await draftOf(ctx.other, await collect(ctx.other, ['40.000']));
    const token = clerk();
    const id = theirs.id;
    const calls: [string, string, unknown?][] = [
      ['GET', `${base}/${id}`],
      ['GET', `${base}/${id}/pdf`],
      [
        'POST',
        `${base}/${id}/collections`,
        { selection: { mode: 'grade', gradeId: ctx.world.cashew.grades[0]?.id } },
      ],
      ['PATCH', `${base}/${id}/remove-collections`, { collectionIds: theirs.collections.map((c) => c.id) }],
      ['PATCH', `${base}/${id}/cancel`, { reason: 'not mine' }],
      ['PATCH', `${base}/${id}/dispatch`],
      [
        'GET',
        `${base}/pending?season_crop_id=${ctx.world.cashew.seasonCrop.id}&amcos_id=${ctx.other.society.amcos.id}`,
      ],
    ];
    for (const [method, path, body] of calls) {
      const r = await ctx.t.request(method, path, { token, ...(body === undefined ? {} : { body }) });
      expect([path, r.status]).toEqual([path, 403]);
    }
    const history = await ctx.t.request('GET', `/audit/delivery_note/${id}`, { token: ctx.manager.access });
    expect(history.status).toBe(403);
    const list = await ctx.t.request<Listed<DeliveryNote>>('GET', `${base}?per_page=200`, { token });
    expect(list.body.data.length).toBeGreaterThan(0);
    expect(list.body.data.every((n) => n.amcosId === ctx.world.society.amcos.id)).toBe(true);
    const filtered = await ctx.t.request<Listed<DeliveryNote>>(
      'GET',
      `${base}?amcos_id=${ctx.other.society.amcos.id}`,
      { token },
    );
    expect(filtered.body.data).toEqual([]);
    const csv = await ctx.t.request('GET', `${base}?format=csv`, { token });
    expect(new TextDecoder().decode(csv.raw)).not.toContain(ctx.other.society.amcos.name);
    const union = await ctx.t.request<Listed<DeliveryNote>>(
      'GET',
      `${base}?amcos_id=${ctx.other.society.amcos.id}`,
      {
        token: ctx.officer.access,
      },
    );
    expect(union.body.data.map((n) => n.id)).toEqual([id]);
    // The other society's own clerk can still work on it: it was never touched.
    expect((await dispatchVia(ctx.t, ctx.other.society.clerk.access, id)).status).toBe(200);
    const receive = await receiveVia(ctx.t, clerk(), id, { receivedBags: 2, receivedKg: '40' });
    expect(receive.status).toBe(403);
  });
});
