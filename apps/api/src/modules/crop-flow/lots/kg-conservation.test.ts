import { stockReply } from '@ushirika/contracts';
import { dec, splitExact } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type CropWorld, makeCropWorld } from '../../../../test/crop-flow-lots.ts';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { AppError } from '../../../platform/errors.ts';
import { cancelCollection } from '../collections/cancel-collection.ts';
import { recordCollection } from '../collections/record-collection.ts';
import { amcosStock } from '../collections/stock.ts';
import { updateCollection } from '../collections/update-collection.ts';
import { addDeliveryNoteCollections } from '../delivery-notes/add-delivery-note-collections.ts';
import { cancelDeliveryNote } from '../delivery-notes/cancel-delivery-note.ts';
import { createDeliveryNote } from '../delivery-notes/create-delivery-note.ts';
import { dispatchDeliveryNote } from '../delivery-notes/dispatch-delivery-note.ts';
import { receiveDeliveryNote } from '../delivery-notes/receive-delivery-note.ts';
import { removeDeliveryNoteCollections } from '../delivery-notes/remove-delivery-note-collections.ts';
import { issueLots } from './issue-lots.ts';
import { listAwaitingLots } from './queries.ts';

/**
 * Kg conservation over random sequences of crop-flow actions (weigh, make/change/cancel/dispatch/
 * receive notes, issue lots), refused actions included: for every society and season crop,
 * farmers' collected kg = AMCOS stock + kg on delivery notes not yet in lots + collected kg in
 * lots; every lot's collected kg is the sum of its collections (and of its sources); every note's
 * totals are the sums of its collections; statuses and links agree. The kept stock totals
 * (`collection_stock`, `transit_stock`) equal the collections regrouped, and the stock screen's
 * answer equals them (#38).
 */

let t: TestApp;
let admin: Session;
let world: CropWorld;
let clerk: Actor;
let union: Actor;

const kgArb = fc.integer({ min: 1_000, max: 400_000 }).map((g) => dec(g).div(1000).toFixed(3));
const action = fc.oneof(
  fc.record({ kind: fc.constant('weigh' as const), farmer: fc.nat(), grade: fc.nat(1), kg: kgArb }),
  fc.record({
    kind: fc.constant('note' as const),
    mode: fc.constantFrom('grade', 'target', 'explicit'),
    grade: fc.nat(1),
    kg: kgArb,
    pick: fc.nat(),
  }),
  fc.record({ kind: fc.constant('correct' as const), pick: fc.nat(), kg: kgArb }),
  fc.record({ kind: fc.constant('void' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('add' as const), note: fc.nat(), pick: fc.nat() }),
  fc.record({ kind: fc.constant('remove' as const), note: fc.nat(), pick: fc.nat() }),
  fc.record({ kind: fc.constant('cancel' as const), note: fc.nat() }),
  fc.record({ kind: fc.constant('dispatch' as const), note: fc.nat() }),
  fc.record({
    kind: fc.constant('receive' as const),
    note: fc.nat(),
    permille: fc.integer({ min: 950, max: 1_010 }),
  }),
  fc.record({
    kind: fc.constant('lots' as const),
    row: fc.nat(),
    count: fc.integer({ min: 1, max: 3 }),
    percent: fc.integer({ min: 10, max: 110 }),
  }),
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

/** Weigh, make a note of the grade, dispatch and receive it, ask a lot of more than it holds, then all of it. */
const wholeChain: Action[] = [
  { kind: 'weigh', farmer: 0, grade: 0, kg: '120.000' },
  { kind: 'note', mode: 'grade', grade: 0, kg: '120.000', pick: 0 },
  { kind: 'dispatch', note: 0 },
  { kind: 'receive', note: 0, permille: 1_000 },
  { kind: 'lots', row: 0, count: 1, percent: 110 },
  { kind: 'lots', row: 0, count: 1, percent: 100 },
];

const ids = async (q: ReturnType<typeof sql>) =>
  (await queryRows(t.db, z.object({ id: z.string() }), q)).map((r) => r.id);
const nth = <T>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);

async function pendingIds(): Promise<string[]> {
  return ids(sql`select id from collections where amcos_id = ${world.society.amcos.id} and status = 'recorded'
    order by collected_on, created_at, receipt_no`);
}
async function notesIn(status: string): Promise<string[]> {
  return ids(sql`select id from delivery_notes where amcos_id = ${world.society.amcos.id} and status = ${status}
    order by dn_no`);
}

async function run(a: Action): Promise<void> {
  const grade = (i: number) => world.cashew.grades[i]?.id ?? '';
  const header = {
    amcosId: null,
    seasonCropId: world.cashew.seasonCrop.id,
    warehouseId: world.warehouse.id,
    transporterId: world.transporter.id,
    vehicleId: null,
    vehiclePlate: 'T 100 ABC',
    driverName: 'Dereva',
    driverPhone: null,
  };
  switch (a.kind) {
    case 'weigh': {
      const farmer = nth(world.society.farmers, a.farmer);
      if (!farmer) return;
      await recordCollection(t.db, clerk, {
        farmerNo: farmer.farmerNo,
        seasonCropId: world.cashew.seasonCrop.id,
        gradeId: grade(a.grade),
        bags: 1,
        grossKg: dec(a.kg).plus('1.5').toFixed(3),
        tareKg: '1.500',
        moisture: '8.00',
      });
      return;
    }
    case 'note': {
      const pending = await pendingIds();
      const selection =
        a.mode === 'grade'
          ? { mode: 'grade' as const, gradeId: grade(a.grade) }
          : a.mode === 'target'
            ? { mode: 'target' as const, targetKg: a.kg, gradeId: null }
            : {
                mode: 'explicit' as const,
                collectionIds: pending.slice(0, 1 + (a.pick % Math.max(1, pending.length))),
              };
      if (selection.mode === 'explicit' && selection.collectionIds.length === 0) return;
      await createDeliveryNote(t.db, clerk, { body: { ...header, selection } });
      return;
    }
    case 'correct': {
      const id = nth(await pendingIds(), a.pick);
      if (id)
        await updateCollection(t.db, clerk, {
          id,
          body: {
            grossKg: dec(a.kg).plus('1.5').toFixed(3),
            tareKg: '1.500',
          },
        });
      return;
    }
    case 'void': {
      const id = nth(await pendingIds(), a.pick);
      if (id) await cancelCollection(t.db, clerk, { id, reason: 'property' });
      return;
    }
    case 'add': {
      const id = nth(await notesIn('draft'), a.note);
      const pick = nth(await pendingIds(), a.pick);
      if (!id || !pick) return;
      await addDeliveryNoteCollections(t.db, clerk, {
        id,
        selection: { mode: 'explicit', collectionIds: [pick] },
      });
      return;
    }
    case 'remove': {
      const id = nth(await notesIn('draft'), a.note);
      if (!id) return;
      const on = await ids(
        sql`select id from collections where delivery_note_id = ${id} order by receipt_no`,
      );
      const pick = nth(on, a.pick);
      if (pick) await removeDeliveryNoteCollections(t.db, clerk, { id, collectionIds: [pick] });
      return;
    }
    case 'cancel': {
      const id = nth(await notesIn('draft'), a.note);
      if (id) await cancelDeliveryNote(t.db, clerk, { id, reason: 'property' });
      return;
    }
    case 'dispatch': {
      const id = nth(await notesIn('draft'), a.note);
      if (id) await dispatchDeliveryNote(t.db, clerk, { id });
      return;
    }
    case 'receive': {
      const id = nth(await notesIn('dispatched'), a.note);
      if (!id) return;
      const [n] = await queryRows(
        t.db,
        z.object({ bags: z.number(), net_kg: z.string() }),
        sql`select bags, net_kg from delivery_notes where id = ${id}`,
      );
      if (!n) return;
      const receivedKg = dec(n.net_kg).times(a.permille).div(1000).toDecimalPlaces(3).toFixed(3);
      await receiveDeliveryNote(t.db, union, {
        id,
        body: { receivedBags: n.bags, receivedKg, remarks: null, confirm_over: a.permille > 1000 },
      });
      return;
    }
    case 'lots': {
      const row = nth(await listAwaitingLots(t.db, {}, world.society.amcos.id), a.row);
      if (!row) return;
      // Sometimes more than is left (refused), mostly a part or all of it.
      const total = dec(row.warehouseKg)
        .times(a.percent > 100 ? 101 : a.percent)
        .div(100);
      const kgs = splitExact(total, Array(a.count).fill(1), 3).filter((k) => k.greaterThan(0));
      if (kgs.length === 0) return;
      await issueLots(t.db, union, {
        deliveryNoteIds: [row.deliveryNoteId],
        gradeId: row.gradeId,
        lots: kgs.map((k) => ({
          bags: 1,
          netKg: k.toFixed(3),
          certificateNo: null,
          moisture: null,
          outturn: null,
          nutCount: null,
        })),
      });
      return;
    }
  }
}

async function assertConserved(): Promise<void> {
  const [balance] = await queryRows(
    t.db,
    z.object({ collected: z.string(), stock: z.string(), on_notes: z.string(), in_lots: z.string() }),
    sql`select
      (select coalesce(sum(net_kg), 0) from collections where status <> 'cancelled')::text as collected,
      (select coalesce(sum(net_kg), 0) from collections where status = 'recorded')::text as stock,
      (select coalesce(sum(c.net_kg), 0) from collections c join delivery_notes d on d.id = c.delivery_note_id
        where c.lot_id is null and d.status in ('draft', 'dispatched', 'received'))::text as on_notes,
      (select coalesce(sum(collected_kg), 0) from lots)::text as in_lots`,
  );
  if (!balance) throw new Error('no balance row');
  expect(dec(balance.stock).plus(balance.on_notes).plus(balance.in_lots).toFixed(3)).toBe(
    dec(balance.collected).toFixed(3),
  );
  const badLots = await queryRows(
    t.db,
    z.object({ id: z.string() }),
    sql`select l.id from lots l where l.collected_kg <> (select coalesce(sum(net_kg), 0) from collections where lot_id = l.id)
      or l.collected_kg <> (select coalesce(sum(collected_kg), 0) from lot_sources where lot_id = l.id)
      or l.net_kg <> (select coalesce(sum(net_kg), 0) from lot_sources where lot_id = l.id)
      or exists (select 1 from collections c where c.lot_id = l.id and (c.grade_id <> l.grade_id or c.amcos_id <> l.amcos_id))`,
  );
  expect(badLots).toEqual([]);
  const badNotes = await queryRows(
    t.db,
    z.object({ id: z.string() }),
    sql`select d.id from delivery_notes d where d.status <> 'cancelled' and (
        d.net_kg <> (select coalesce(sum(net_kg), 0) from collections where delivery_note_id = d.id)
        or d.bags <> (select coalesce(sum(bags), 0) from collections where delivery_note_id = d.id)
        or (d.status = 'receipted' and exists (select 1 from collections where delivery_note_id = d.id and lot_id is null))
        or (d.status = 'received' and not exists (select 1 from collections where delivery_note_id = d.id and lot_id is null)))
      or (d.status = 'cancelled' and exists (select 1 from collections where delivery_note_id = d.id))`,
  );
  expect(badNotes).toEqual([]);
  const badLinks = await queryRows(
    t.db,
    z.object({ id: z.string(), status: z.string() }),
    sql`select id, status from collections where
      (status = 'recorded' and (delivery_note_id is not null or lot_id is not null))
      or (status = 'in_delivery' and (delivery_note_id is null or lot_id is not null))
      or (status = 'in_lot' and (delivery_note_id is null or lot_id is null))`,
  );
  expect(badLinks).toEqual([]);
}

const bucket = z.object({ key: z.string(), collections: z.number(), bags: z.number(), kg: z.string() });
type Bucket = z.infer<typeof bucket>;
const bucketRows = (q: ReturnType<typeof sql>) => queryRows(t.db, bucket, q);

/**
 * The kept totals are the rows regrouped: `collection_stock` by AMCOS, season crop, grade and
 * status; `transit_stock` the in_delivery collections of dispatched notes; and the stock screen's
 * rows (collected, stock, in transit) the same figures.
 */
async function assertTotalsKept(): Promise<void> {
  const kept =
    await bucketRows(sql`select amcos_id || '|' || season_crop_id || '|' || grade_id || '|' || status as key,
      collections, bags::int as bags, net_kg::text as kg
    from collection_stock where collections <> 0 or bags <> 0 or net_kg <> 0 order by 1`);
  const regrouped =
    await bucketRows(sql`select amcos_id || '|' || season_crop_id || '|' || grade_id || '|' || status as key,
      count(*)::int as collections, sum(bags)::int as bags, sum(net_kg)::numeric(16,3)::text as kg
    from collections group by amcos_id, season_crop_id, grade_id, status order by 1`);
  expect(kept).toEqual(regrouped);
  const transit = await bucketRows(sql`select amcos_id || '|' || season_crop_id || '|' || grade_id as key,
      collections, bags::int as bags, net_kg::text as kg
    from transit_stock where collections <> 0 or bags <> 0 or net_kg <> 0 order by 1`);
  const onTheRoad =
    await bucketRows(sql`select c.amcos_id || '|' || c.season_crop_id || '|' || c.grade_id as key,
      count(*)::int as collections, sum(c.bags)::int as bags, sum(c.net_kg)::numeric(16,3)::text as kg
    from collections c join delivery_notes d on d.id = c.delivery_note_id
    where d.status = 'dispatched' and c.status = 'in_delivery' group by 1 order by 1`);
  expect(transit).toEqual(onTheRoad);
  const screen = stockReply.strict().parse(JSON.parse(await amcosStock(t.db, {}, world.society.amcos.id)));
  const byGrade = (rows: Bucket[], suffix = '') =>
    Object.fromEntries(rows.filter((r) => r.key.endsWith(suffix)).map((r) => [r.key.replace(suffix, ''), r]));
  const recorded = byGrade(regrouped, '|recorded');
  const road = byGrade(onTheRoad);
  for (const row of screen.data) {
    const key = `${row.amcosId}|${row.seasonCropId}|${row.gradeId}`;
    expect([key, row.stockKg, row.stockCount, row.inTransitKg, row.inTransitBags]).toEqual([
      key,
      recorded[key]?.kg ?? '0.000',
      recorded[key]?.collections ?? 0,
      road[key]?.kg ?? '0.000',
      road[key]?.bags ?? 0,
    ]);
  }
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await sessionAs(t, 'Administrator');
  world = await makeCropWorld(t, admin, { farmers: 3 });
  clerk = {
    userId: world.society.clerk.userId,
    sessionId: '',
    amcosId: world.society.amcos.id,
    permissions: new Set(),
  };
  union = { userId: admin.userId, sessionId: '', amcosId: null, permissions: new Set() };
});
afterAll(() => t.close());

describe('kg conservation', () => {
  it('holds after any sequence of weighings, delivery-note and lot actions', async () => {
    let refused = 0;
    let done = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 14 }), async (actions) => {
        for (const a of actions) {
          try {
            await run(a);
            done++;
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            refused++;
          }
        }
        await assertConserved();
        await assertTotalsKept();
      }),
      // Random sequences reach a lot only now and then: this one always does, and is refused once.
      { numRuns: 25, examples: [[wholeChain]] },
    );
    // The sequences exercised both paths.
    expect(done).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    const [counts] = await queryRows(
      t.db,
      z.object({ lots: z.number(), receipted: z.number() }),
      sql`select (select count(*) from lots)::int as lots,
        (select count(*) from delivery_notes where status = 'receipted')::int as receipted`,
    );
    expect(counts?.lots).toBeGreaterThan(0);
  }, 180_000);
});
