import { dec, splitExact, sum, todayInTanzania, toMoney } from '@ushirika/domain';
import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { countRow, queryRows } from '../db/rows.ts';
import { collections, deliveryNotes, lotSources, lots } from '../modules/crop-flow/schema.ts';
import { seasons } from '../modules/seasons/schema.ts';
import { transporters } from '../modules/transporters/schema.ts';
import { warehouses } from '../modules/warehouses/schema.ts';
import { documentSequences } from '../platform/schema.ts';

/**
 * The demo season's crop flow, written in bulk (one transaction, batched inserts) rather than one
 * request per weighing: every active demo farmer delivers 8 to 22 times since the season opened;
 * each society's older collections travel on delivery notes of about 10 t (the last one still on
 * the road, the one before received and waiting for lots, the rest received with one lot per
 * grade in store). The last few days' collections stay at the AMCOS as stock. Receipt, DN, WHR and
 * lot numbers continue the same gap-free counters the app uses, so the next real document takes
 * the next number. Skipped when the season already has collections.
 */

const NOTE_KG = dec(10_000);
const DRIVERS = ['Juma Salum', 'Hamisi Bakari', 'Rashidi Omari', 'Saidi Mrisho', 'Iddi Faraji'];

function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return { int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)), next };
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const at = (day: string, hour: number, seconds = 0) =>
  new Date(Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00+03:00`) + seconds * 1000);

type Crop = {
  seasonCropId: string;
  code: string;
  grades: { id: string; code: string }[];
  warehouseId: string;
};
type Row = typeof collections.$inferInsert & { id: string; netKg: string; bags: number; gradeId: string };

/** Reserves `count` numbers of a counter and answers the first; keeps the counter at the last one used. */
async function reserve(tx: Tx, type: string, year: number, count: number): Promise<number> {
  const [row] = await tx
    .insert(documentSequences)
    .values({ type, year, lastValue: count })
    .onConflictDoUpdate({
      target: [documentSequences.type, documentSequences.year],
      set: { lastValue: sql`${documentSequences.lastValue} + ${count}` },
    })
    .returning({ value: documentSequences.lastValue });
  if (!row) throw new Error('Sequence did not answer');
  return row.value - count + 1;
}

async function insertBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export type DemoCropFlow = { collections: number; notes: number; lots: number; skipped: boolean };

export async function loadDemoCropFlow(db: Db, actorId: string): Promise<DemoCropFlow> {
  const [season] = await db
    .select({ id: seasons.id, start: seasons.startDate, end: seasons.endDate })
    .from(seasons)
    .where(eq(seasons.name, '2026/2027'));
  if (!season) return { collections: 0, notes: 0, lots: 0, skipped: true };
  const [existing] = await queryRows(
    db,
    countRow,
    sql`select count(*)::int as n from collections c join season_crops sc on sc.id = c.season_crop_id
        where sc.season_id = ${season.id}`,
  );
  if ((existing?.n ?? 0) > 0) return { collections: existing?.n ?? 0, notes: 0, lots: 0, skipped: true };

  const today = todayInTanzania();
  const last = today < season.end ? today : season.end;
  const days: string[] = [];
  for (let d = season.start; d <= last; d = addDays(d, 1)) days.push(d);
  if (days.length < 10) return { collections: 0, notes: 0, lots: 0, skipped: true };

  const cropRows = await queryRows(
    db,
    z.object({ season_crop_id: z.string(), code: z.string(), grade_id: z.string(), grade_code: z.string() }),
    sql`select sc.id as season_crop_id, c.code, g.id as grade_id, g.code as grade_code
        from season_crops sc join crops c on c.id = sc.crop_id join grades g on g.crop_id = c.id
        where sc.season_id = ${season.id} and sc.status = 'active' order by c.code, g.code`,
  );
  const [port] = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(eq(warehouses.name, 'Mtwara Port Warehouse'));
  const [inland] = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(eq(warehouses.name, 'Mkuranga Warehouse'));
  const crops = new Map<string, Crop>();
  for (const r of cropRows) {
    const crop = crops.get(r.code) ?? {
      seasonCropId: r.season_crop_id,
      code: r.code,
      grades: [],
      warehouseId: (r.code === 'SESAME' ? inland?.id : port?.id) ?? '',
    };
    crop.grades.push({ id: r.grade_id, code: r.grade_code });
    crops.set(r.code, crop);
  }
  const [carrier] = await db
    .select({ id: transporters.id, rate: transporters.rate, rateBasis: transporters.rateBasis })
    .from(transporters)
    .where(and(eq(transporters.name, 'Mtwara Haulage Ltd'), eq(transporters.active, true)));
  const trucks = carrier
    ? await queryRows(
        db,
        z.object({ id: z.string(), plate_no: z.string() }),
        sql`select id, plate_no from vehicles where transporter_id = ${carrier.id} order by plate_no`,
      )
    : [];
  if (!carrier || trucks.length === 0 || !port || !inland || !crops.has('CASHEW')) {
    return { collections: 0, notes: 0, lots: 0, skipped: true };
  }
  const farmers = await queryRows(
    db,
    z.object({ id: z.string(), amcos_id: z.string(), code: z.string(), crop: z.string().nullable() }),
    sql`select f.id, f.amcos_id, a.code,
          (select c.code from farms fm join crops c on c.id = fm.crop_id where fm.farmer_id = f.id order by fm.created_at limit 1) as crop
        from farmers f join amcos a on a.id = f.amcos_id
        where f.status = 'active' and a.status = 'active' order by a.code, f.farmer_no`,
  );

  const rnd = generator(20261001);
  // Weighings per society, in the order the clerks recorded them.
  const bySociety = new Map<string, Row[]>();
  for (const f of farmers) {
    const crop = crops.get(f.crop ?? 'CASHEW') ?? crops.get('CASHEW');
    if (!crop) continue;
    const list = bySociety.get(f.amcos_id) ?? [];
    const visits = rnd.int(8, 22);
    for (let v = 0; v < visits; v++) {
      const bags = rnd.int(1, 6);
      const grade = crop.grades.length > 1 && rnd.next() < 0.12 ? crop.grades[1] : crop.grades[0];
      const net = dec(bags * rnd.int(58_000, 82_000)).div(1000);
      const tare = dec(bags * 500).div(1000);
      const moisture = crop.code === 'SESAME' ? rnd.int(550, 790) : rnd.int(650, 980);
      list.push({
        id: '',
        receiptNo: f.code,
        collectedOn: days[rnd.int(0, days.length - 1)] ?? last,
        seasonCropId: crop.seasonCropId,
        amcosId: f.amcos_id,
        farmerId: f.id,
        gradeId: grade?.id ?? '',
        bags,
        grossKg: net.plus(tare).toFixed(3),
        tareKg: tare.toFixed(3),
        netKg: net.toFixed(3),
        moisture: dec(moisture).div(100).toFixed(2),
        createdBy: actorId,
      });
    }
    bySociety.set(f.amcos_id, list);
  }

  return db.transaction(async (tx) => {
    const allRows: Row[] = [];
    const notes: (typeof deliveryNotes.$inferInsert)[] = [];
    const lotRows: (typeof lots.$inferInsert)[] = [];
    const sourceRows: (typeof lotSources.$inferInsert)[] = [];
    const stockFrom = addDays(last, -4);
    const plan: {
      rows: Row[];
      crop: Crop;
      amcosId: string;
      status: 'dispatched' | 'received' | 'receipted';
    }[] = [];

    for (const [amcosId, list] of bySociety) {
      list.sort((a, b) => (a.collectedOn < b.collectedOn ? -1 : a.collectedOn > b.collectedOn ? 1 : 0));
      // Receipt numbers: the society's own counter per year, in the order of the weighings.
      const perYear = new Map<number, Row[]>();
      for (const r of list) {
        const y = Number(r.collectedOn.slice(0, 4));
        const rows = perYear.get(y) ?? [];
        rows.push(r);
        perYear.set(y, rows);
      }
      for (const [year, rows] of perYear) {
        const code = rows[0]?.receiptNo ?? '';
        const first = await reserve(tx, `RC-${code}`, year, rows.length);
        rows.forEach((r, i) => {
          r.id = uuidv7();
          r.receiptNo = `RC-${code}-${year}-${String(first + i).padStart(6, '0')}`;
          r.createdAt = at(r.collectedOn, 8, i % 36_000);
          r.updatedAt = r.createdAt;
        });
      }
      allRows.push(...list);
      for (const crop of crops.values()) {
        const older = list.filter((r) => r.seasonCropId === crop.seasonCropId && r.collectedOn < stockFrom);
        const chunks: Row[][] = [];
        let chunk: Row[] = [];
        let kg = dec(0);
        for (const r of older) {
          chunk.push(r);
          kg = kg.plus(r.netKg);
          if (kg.greaterThanOrEqualTo(NOTE_KG)) {
            chunks.push(chunk);
            chunk = [];
            kg = dec(0);
          }
        }
        if (chunk.length > 0) chunks.push(chunk);
        chunks.forEach((rows, i) => {
          const fromEnd = chunks.length - 1 - i;
          plan.push({
            rows,
            crop,
            amcosId,
            status: fromEnd === 0 ? 'dispatched' : fromEnd === 1 ? 'received' : 'receipted',
          });
        });
      }
    }

    const year = Number(last.slice(0, 4));
    let dnNo = await reserve(tx, 'DN', year, plan.length);
    const lotCount = plan
      .filter((p) => p.status === 'receipted')
      .reduce((n, p) => n + new Set(p.rows.map((r) => r.gradeId)).size, 0);
    let whrNo = lotCount > 0 ? await reserve(tx, 'WHR', year, lotCount) : 0;
    const lotNos = new Map<string, number>();
    for (const crop of crops.values()) {
      const count = plan
        .filter((p) => p.crop === crop && p.status === 'receipted')
        .reduce((n, p) => n + new Set(p.rows.map((r) => r.gradeId)).size, 0);
      if (count > 0) lotNos.set(crop.warehouseId, await reserve(tx, `LOT:${crop.warehouseId}`, year, count));
    }
    let certificate = 1;
    plan.sort((a, b) => ((a.rows.at(-1)?.collectedOn ?? '') < (b.rows.at(-1)?.collectedOn ?? '') ? -1 : 1));
    for (const [n, p] of plan.entries()) {
      const lastDay = p.rows.at(-1)?.collectedOn ?? last;
      const dispatchedAt = at(addDays(lastDay, 1), 9, n);
      const receivedAt = at(addDays(lastDay, 2), 11, n);
      const id = uuidv7();
      const netKg = sum(p.rows.map((r) => r.netKg));
      const bags = p.rows.reduce((b, r) => b + r.bags, 0);
      const received =
        p.status === 'dispatched'
          ? null
          : netKg.times(rnd.int(9_960, 10_000)).div(10_000).toDecimalPlaces(3, 1);
      const truck = trucks[n % trucks.length];
      notes.push({
        id,
        dnNo: `DN-${year}-${String(dnNo++).padStart(6, '0')}`,
        amcosId: p.amcosId,
        seasonCropId: p.crop.seasonCropId,
        warehouseId: p.crop.warehouseId,
        transporterId: carrier.id,
        vehicleId: truck?.id ?? null,
        vehiclePlate: truck?.plate_no ?? 'T 000 AAA',
        driverName: DRIVERS[n % DRIVERS.length] ?? 'Dereva',
        driverPhone: `25571300${String(1000 + (n % 9000)).padStart(4, '0')}`,
        status: p.status,
        bags,
        netKg: netKg.toFixed(3),
        transportCharge:
          carrier.rateBasis === 'per_kg' ? toMoney(dec(carrier.rate).times(netKg)) : toMoney(carrier.rate),
        dispatchedAt,
        dispatchedBy: actorId,
        receivedBags: received ? bags : null,
        receivedKg: received ? received.toFixed(3) : null,
        varianceKg: received ? received.minus(netKg).toFixed(3) : null,
        receivedAt: received ? receivedAt : null,
        receivedBy: received ? actorId : null,
        createdBy: actorId,
        createdAt: at(lastDay, 16, n),
        updatedAt: received ? receivedAt : dispatchedAt,
      });
      for (const r of p.rows) {
        r.deliveryNoteId = id;
        r.status = 'in_delivery';
      }
      if (p.status !== 'receipted' || !received) continue;
      // One lot per grade; the received weight is split over the grades by farmers' kg.
      const gradeIds = [...new Set(p.rows.map((r) => r.gradeId))].sort();
      const shares = splitExact(
        received,
        gradeIds.map((g) => sum(p.rows.filter((r) => r.gradeId === g).map((r) => r.netKg))),
        3,
      );
      gradeIds.forEach((gradeId, g) => {
        const members = p.rows.filter((r) => r.gradeId === gradeId);
        const lotId = uuidv7();
        const lotNo = lotNos.get(p.crop.warehouseId) ?? 1;
        lotNos.set(p.crop.warehouseId, lotNo + 1);
        const collected = sum(members.map((r) => r.netKg)).toFixed(3);
        const lotBags = members.reduce((b, r) => b + r.bags, 0);
        const netShare = (shares[g] ?? dec(0)).toFixed(3);
        const cashew = p.crop.code === 'CASHEW';
        lotRows.push({
          id: lotId,
          whrNo: `WHR-${year}-${String(whrNo++).padStart(6, '0')}`,
          lotNo: `LOT-${year}-${String(lotNo).padStart(4, '0')}`,
          warehouseId: p.crop.warehouseId,
          amcosId: p.amcosId,
          seasonCropId: p.crop.seasonCropId,
          gradeId,
          bags: lotBags,
          netKg: netShare,
          collectedKg: collected,
          status: 'in_store',
          certificateNo: `QC/${year}/${String(certificate++).padStart(5, '0')}`,
          moisture: dec(rnd.int(700, 950)).div(100).toFixed(2),
          outturn: cashew ? dec(rnd.int(4_600, 5_300)).div(100).toFixed(2) : null,
          nutCount: cashew ? rnd.int(175, 215) : null,
          issuedAt: at(addDays(lastDay, 3), 10, n),
          issuedBy: actorId,
        });
        sourceRows.push({
          lotId,
          deliveryNoteId: id,
          bags: lotBags,
          netKg: netShare,
          collectedKg: collected,
        });
        for (const r of members) {
          r.lotId = lotId;
          r.status = 'in_lot';
        }
      });
    }

    await insertBatches(notes, 500, (b) => tx.insert(deliveryNotes).values(b));
    await insertBatches(lotRows, 500, (b) => tx.insert(lots).values(b));
    await insertBatches(sourceRows, 1000, (b) => tx.insert(lotSources).values(b));
    await insertBatches(allRows, 2000, (b) => tx.insert(collections).values(b));
    return { collections: allRows.length, notes: notes.length, lots: lotRows.length, skipped: false };
  });
}
