import type { FarmerDetail, LotDetail, Origin } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CropWorld,
  collectWeighings,
  createNoteVia,
  dispatchVia,
  issueLotsVia,
  makeCropWorld,
  noteBody,
  receiveVia,
} from '../../../../test/crop-flow-lots.ts';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { makeBuyer, one, tag } from '../../../../test/sales-lots.ts';
import { loadDemoFarmBoundaries } from '../../../seed/demo-farm-boundaries.ts';
import { amcos } from '../../amcos/schema.ts';
import { councils, districts, regions } from '../../cooperative/schema.ts';
import { salesInvoiceLines, salesInvoices } from '../../sales/invoices/schema.ts';
import { releaseNoteLots, releaseNotes } from '../../sales/release-notes/schema.ts';
import { geolocationFile } from './geolocation-file.ts';

/**
 * The issue's hand-made case (#33): a lot from 12 farmers' receipts, the 12 farmers owning 15 farms
 * (one a self-intersecting polygon, one a 6 ha point), and a 13th farmer of the same society with a
 * farm who delivered nothing into the lot. Polygons are lat/lng rectangles whose area on the sphere
 * is worked out by hand: R² x Δλ x |sin φ2 - sin φ1|, R = 6,371,008.8 m (Turf's mean radius).
 */

type Position = [number, number];
type FarmPlan = {
  farmer: number;
  name: string;
  acres: string;
  ring?: Position[];
  point?: Position;
  handHa?: number;
};

const R = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;
const handHa = (south: number, dLat: number, dLng: number) =>
  (R * R * rad(dLng) * Math.abs(Math.sin(rad(south + dLat)) - Math.sin(rad(south)))) / 10_000;
const six = (n: number) => Number(n.toFixed(6));
const rectangle = (south: number, west: number, dLat: number, dLng: number): Position[] =>
  (
    [
      [west, south],
      [west + dLng, south],
      [west + dLng, south + dLat],
      [west, south + dLat],
      [west, south],
    ] as Position[]
  ).map(([lng, lat]) => [six(lng), six(lat)]);
/** A rectangle plot declared at its hand-computed size (acres to 2 places). */
function polygonFarm(farmer: number, name: string, k: number): FarmPlan {
  const south = -10.3 + k * 0.01;
  const dLat = 0.001 * (1 + (k % 3));
  const dLng = 0.0015;
  const ha = handHa(south, dLat, dLng);
  return {
    farmer,
    name,
    acres: (ha / 0.40468564224).toFixed(2),
    ring: rectangle(south, 40.1 + k * 0.01, dLat, dLng),
    handHa: ha,
  };
}
const pointFarm = (farmer: number, name: string, k: number, acres = '2.50'): FarmPlan => ({
  farmer,
  name,
  acres,
  point: [six(40.2 + k * 0.01), six(-10.25 - k * 0.01)],
});
const BOW_TIE: Position[] = [
  [40.05, -10.3],
  [40.052, -10.298],
  [40.052, -10.3],
  [40.05, -10.298],
  [40.05, -10.3],
];

const PLAN: FarmPlan[] = [
  { farmer: 0, name: 'Shamba la Bow', acres: '1.00', ring: BOW_TIE },
  polygonFarm(0, 'Shamba la Juu', 0),
  pointFarm(1, 'Shamba Kubwa', 1, '14.83'), // 6.0015 ha as a point: blocking
  polygonFarm(1, 'Shamba la Mto', 1),
  polygonFarm(2, 'Shamba A', 2),
  pointFarm(2, 'Shamba B', 2, '3.00'),
  ...[3, 4, 5, 6, 7, 8, 9, 10, 11].map((f) =>
    f % 2 === 1 ? polygonFarm(f, `Shamba ${f}`, f) : pointFarm(f, `Shamba ${f}`, f),
  ),
];

let t: TestApp;
let admin: Session;
let world: CropWorld;
let other: CropWorld;
let manager: Session;
let outsider: Session;
let lot: LotDetail;
let otherLot: LotDetail;
let farmIds: Map<string, string>; // plan name -> farm id
let idleFarmId: string;
let invoiceId: string;
let releaseNoteId: string;

async function addFarm(farmer: FarmerDetail, plan: FarmPlan): Promise<string> {
  const r = await t.request<{ data: FarmerDetail }>('POST', `/collections/farmers/${farmer.id}/farms`, {
    token: admin.access,
    body: {
      name: plan.name,
      acres: plan.acres,
      cropId: world.cashew.cropId,
      location: plan.point ? { lng: plan.point[0], lat: plan.point[1] } : null,
      boundary: plan.ring ? { type: 'Polygon', coordinates: [plan.ring] } : null,
    },
  });
  expect(r.status).toBe(201);
  return one(r.body.data.farms.filter((f) => f.name === plan.name)).id;
}

/** One received note of these weighings, issued as one lot. */
async function lotOf(w: CropWorld, kgs: string[]): Promise<LotDetail> {
  const cs = await collectWeighings(t, w, kgs);
  const created = await createNoteVia(
    t,
    w.society.clerk.access,
    noteBody(w, { mode: 'explicit', collectionIds: cs.map((c) => c.id) }),
  );
  const sent = await dispatchVia(t, w.society.clerk.access, created.body.data.id);
  await receiveVia(t, admin.access, created.body.data.id, {
    receivedBags: sent.body.data.bags,
    receivedKg: sent.body.data.netKg,
  });
  const issued = await issueLotsVia(t, admin.access, {
    deliveryNoteIds: [created.body.data.id],
    gradeId: w.cashew.grades[0]?.id ?? '',
    lots: [{ bags: sent.body.data.bags, netKg: sent.body.data.netKg }],
  });
  expect(issued.status).toBe(201);
  return one(issued.body.data);
}

/** The society's place: village and ward on the AMCOS, the district through its council. */
async function placeSociety(amcosId: string, suffix: string) {
  const region = one(
    await t.db
      .insert(regions)
      .values({ name: `Mtwara ${suffix}`, code: `M${suffix}` })
      .returning(),
  );
  const district = one(
    await t.db
      .insert(districts)
      .values({ regionId: region.id, name: `Mtwara Vijijini ${suffix}` })
      .returning(),
  );
  const council = one(
    await t.db
      .insert(councils)
      .values({ districtId: district.id, name: `Mtwara DC ${suffix}`, kind: 'district' })
      .returning(),
  );
  await t.db
    .update(amcos)
    .set({ village: 'Naliendele', ward: 'Mikindani', councilId: council.id })
    .where(eq(amcos.id, amcosId));
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await sessionAs(t, 'Administrator');
  world = await makeCropWorld(t, admin, { farmers: 13 });
  other = await makeCropWorld(t, admin, { farmers: 1 });
  manager = await sessionAs(t, 'AMCOS Manager', { amcosId: world.society.amcos.id });
  outsider = await sessionAs(t, 'AMCOS Manager', { amcosId: other.society.amcos.id });
  const suffix = tag();
  await placeSociety(world.society.amcos.id, suffix);
  farmIds = new Map();
  for (const plan of PLAN)
    farmIds.set(plan.name, await addFarm(world.society.farmers[plan.farmer] as FarmerDetail, plan));
  idleFarmId = await addFarm(
    world.society.farmers[12] as FarmerDetail,
    polygonFarm(12, 'Shamba la Mgeni', 12),
  );
  lot = await lotOf(
    world,
    Array.from({ length: 12 }, (_, i) => `${100 + i * 10}.000`),
  );
  const otherFarmer = other.society.farmers[0] as FarmerDetail;
  await t.request('POST', `/collections/farmers/${otherFarmer.id}/farms`, {
    token: admin.access,
    body: { name: 'Shamba la Jirani', acres: '1.50', cropId: null, location: { lat: -10.5, lng: 39.9 } },
  });
  otherLot = await lotOf(other, ['200.000']);
  // An invoice and a release note over both lots, written as the sales tests write theirs.
  const buyer = await makeBuyer(t.db);
  const invoice = one(
    await t.db
      .insert(salesInvoices)
      .values({
        invoiceNo: `INV-${suffix}`,
        buyerId: buyer.id,
        invoiceDate: '2026-11-01',
        dueDate: '2026-11-15',
        subtotal: '100.00',
        total: '100.00',
      })
      .returning(),
  );
  invoiceId = invoice.id;
  await t.db.insert(salesInvoiceLines).values([
    { invoiceId, lineNo: 1, lotId: lot.id, description: lot.lotNo, amount: '60.00' },
    { invoiceId, lineNo: 2, lotId: otherLot.id, description: otherLot.lotNo, amount: '40.00' },
  ]);
  const note = one(
    await t.db
      .insert(releaseNotes)
      .values({
        releaseNo: `RN-${suffix}`,
        buyerId: buyer.id,
        warehouseId: world.warehouse.id,
        releaseDate: '2026-11-20',
      })
      .returning(),
  );
  releaseNoteId = note.id;
  await t.db.insert(releaseNoteLots).values([
    { releaseNoteId, lotId: lot.id, invoiceId },
    { releaseNoteId, lotId: otherLot.id, invoiceId },
  ]);
}, 120_000);
afterAll(() => t.close());

const originOf = (path: string, token = admin.access) =>
  t.request<{ data: Origin }>('GET', `${path}/origin`, { token });
const text = (raw: ArrayBuffer) => new TextDecoder().decode(raw);

describe("a lot's origin", () => {
  it('lists the note and vehicle, the 12 receipts, and exactly the 15 farms of the farmers who delivered', async () => {
    const r = await originOf(`/collections/lots/${lot.id}`);
    expect(r.status).toBe(200);
    const o = r.body.data;
    expect(o.lots.map((l) => l.lotNo)).toEqual([lot.lotNo]);
    expect(o.deliveryNotes).toHaveLength(1);
    expect(o.deliveryNotes[0]?.vehiclePlate).toBe(world.transporter.vehicles[0]?.plateNo);
    expect(o.collections).toHaveLength(12);
    expect(o.collections.every((c) => c.gradeName === world.cashew.grades[0]?.name && c.collectedOn)).toBe(
      true,
    );
    // 100 + 110 + ... + 210 = 1,860 kg
    expect(o.summary).toEqual({
      farmers: 12,
      farms: 15,
      collections: 12,
      collectedKg: '1860.000',
      blocking: 2,
      warnings: 0,
    });
    expect(new Set(o.farms.map((f) => f.id))).toEqual(new Set(farmIds.values()));
    expect(o.farms.some((f) => f.id === idleFarmId)).toBe(false);
  });

  it('flags the self-intersecting polygon and the 6 ha point, and nothing else', async () => {
    const o = (await originOf(`/collections/lots/${lot.id}`)).body.data;
    const flagged = o.farms
      .filter((f) => f.issues.length > 0)
      .map((f) => [f.farmName, f.issues.map((i) => [i.code, i.blocking])]);
    expect(flagged.sort()).toEqual([
      ['Shamba Kubwa', [['point_over_limit', true]]],
      ['Shamba la Bow', [['self_intersection', true]]],
    ]);
  });

  it('measures each polygon within 1 % of the hand computation and gives each farm its place', async () => {
    const o = (await originOf(`/collections/lots/${lot.id}`)).body.data;
    const byName = new Map(o.farms.map((f) => [f.farmName, f]));
    const polygons = PLAN.filter((p) => p.handHa);
    expect(polygons).toHaveLength(8);
    for (const plan of polygons) {
      const farm = byName.get(plan.name);
      expect(farm?.geometry).toBe('polygon');
      expect(Math.abs(Number(farm?.measuredHa) / (plan.handHa ?? 1) - 1)).toBeLessThan(0.01);
    }
    expect(byName.get('Shamba Kubwa')).toMatchObject({
      geometry: 'point',
      declaredHa: '6.0015',
      measuredHa: null,
    });
    expect(byName.get('Shamba 4')).toMatchObject({ village: 'Naliendele', ward: 'Mikindani' });
    expect(byName.get('Shamba 4')?.district).toMatch(/^Mtwara Vijijini /);
  });

  it('refuses the geolocation file while the two block it; the draft has exactly the 15 farms, longitude first, 6 decimals', async () => {
    const refused = await t.request<{ message: string }>(
      'GET',
      `/collections/lots/${lot.id}/origin/geojson`,
      { token: admin.access },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^2 farm\(s\) block the geolocation file/);
    const draft = await t.request<{
      type: string;
      features: {
        id: string;
        geometry: { type: string; coordinates: unknown } | null;
        properties: Record<string, unknown>;
      }[];
    }>('GET', `/collections/lots/${lot.id}/origin/geojson?draft=true`, { token: admin.access });
    expect(draft.status).toBe(200);
    expect(draft.headers.get('content-type')).toMatch(/^application\/geo\+json/);
    expect(draft.body.type).toBe('FeatureCollection');
    expect(new Set(draft.body.features.map((f) => f.id))).toEqual(new Set(farmIds.values()));
    const shamba4 = draft.body.features.find((f) => f.id === farmIds.get('Shamba 4'));
    expect(shamba4?.geometry).toEqual({ type: 'Point', coordinates: [40.24, -10.29] });
    expect(shamba4?.properties).toEqual({
      ProducerCountry: 'TZ',
      ProducerName: expect.stringMatching(/^Asha Mkulima /),
      ProductionPlace: expect.stringMatching(/^Naliendele, Mikindani, Mtwara Vijijini /),
      Area: 1.0117, // 2.50 acres
    });
    const raw = text(draft.raw);
    expect(raw).toContain('"coordinates":[40.240000,-10.290000]');
    // Past the areas, every figure in the file is a coordinate written with 6 decimals or more.
    const figures = raw.replace(/"Area":[\d.]+/g, '').match(/-?\d+\.\d+/g) ?? [];
    expect(figures.length).toBeGreaterThan(60);
    expect(figures.filter((n) => (n.split('.')[1]?.length ?? 0) < 6)).toEqual([]);
  });

  it('exports the file once the two farms are corrected, and the CSV has the same rows', async () => {
    const [bow, big] = world.society.farmers as [FarmerDetail, FarmerDetail];
    const fixed = polygonFarm(0, 'Shamba la Bow', 20);
    expect(
      (
        await t.request('PATCH', `/collections/farmers/${bow.id}/farms/${farmIds.get('Shamba la Bow')}`, {
          token: admin.access,
          body: { acres: fixed.acres, boundary: { type: 'Polygon', coordinates: [fixed.ring] } },
        })
      ).status,
    ).toBe(200);
    const big4 = polygonFarm(1, 'Shamba Kubwa', 21);
    expect(
      (
        await t.request('PATCH', `/collections/farmers/${big.id}/farms/${farmIds.get('Shamba Kubwa')}`, {
          token: admin.access,
          body: { boundary: { type: 'Polygon', coordinates: [big4.ring] } },
        })
      ).status,
    ).toBe(200);
    const file = await t.request<{ features: { id: string }[] }>(
      'GET',
      `/collections/lots/${lot.id}/origin/geojson`,
      { token: admin.access },
    );
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="GEOLOCATION_${lot.whrNo}.geojson"`,
    );
    expect(file.body.features).toHaveLength(15);
    // Kubwa's polygon is far smaller than its declared 6 ha: listed, not blocking.
    const o = (await originOf(`/collections/lots/${lot.id}`)).body.data;
    expect(o.summary).toMatchObject({ blocking: 0, warnings: 1 });
    const csv = await t.request('GET', `/collections/lots/${lot.id}/origin/csv`, { token: admin.access });
    expect(csv.status).toBe(200);
    const lines = text(csv.raw).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'ProducerCountry,ProducerName,FarmerNo,FarmName,ProductionPlace,Area,DeclaredArea,GeometryType,Longitude,Latitude,Geometry,Issues',
    );
    expect(lines).toHaveLength(16);
    expect(lines.find((l) => l.includes(',Shamba 4,'))).toMatch(
      /,1\.0117,1\.0117,Point,40\.240000,-10\.290000,POINT\(40\.240000 -10\.290000\),$/,
    );
  });

  it('refuses a file over the size limit, saying what to do', () => {
    expect(() => geolocationFile([], { draft: false, limit: 10 })).toThrow(
      /over the 0\.\d+ MB the EU information system accepts: make one file per lot/,
    );
  });
});

describe('tenancy and the invoice and release note origins', () => {
  it("shows an AMCOS user their own society's lot and refuses another society's, on every endpoint", async () => {
    const own = await originOf(`/collections/lots/${lot.id}`, manager.access);
    expect(own.status).toBe(200);
    expect(own.body.data.farms).toHaveLength(15);
    for (const suffix of ['', '/geojson?draft=true', '/csv']) {
      const r = await t.request('GET', `/collections/lots/${lot.id}/origin${suffix}`, {
        token: outsider.access,
      });
      expect(r.status).toBe(403);
    }
    expect(
      (await originOf(`/collections/lots/${otherLot.id}`, outsider.access)).body.data.farms,
    ).toHaveLength(1);
    expect((await originOf('/collections/lots/0190a0a0-0000-7000-8000-000000000000')).status).toBe(404);
  });

  it('gives union staff an invoice or release note with all its lots, and refuses AMCOS users', async () => {
    for (const base of [`/sales/invoices/${invoiceId}`, `/sales/release-notes/${releaseNoteId}`]) {
      const r = await originOf(base);
      expect(r.status).toBe(200);
      expect(r.body.data.lots.map((l) => l.id).sort()).toEqual([lot.id, otherLot.id].sort());
      expect(r.body.data.summary).toMatchObject({ farmers: 13, farms: 16, collections: 13 });
      for (const suffix of ['', '/geojson', '/csv']) {
        expect((await t.request('GET', `${base}/origin${suffix}`, { token: manager.access })).status).toBe(
          403,
        );
      }
      const file = await t.request<{ features: unknown[] }>('GET', `${base}/origin/geojson`, {
        token: admin.access,
      });
      expect(file.status).toBe(200);
      expect(file.body.features).toHaveLength(16);
    }
    expect((await originOf('/sales/invoices/0190a0a0-0000-7000-8000-000000000000')).status).toBe(404);
  });
});

describe('the demo (#33)', () => {
  it("draws a boundary of each point farm's declared size around its point for the first lot's farmers; a second run changes nothing", async () => {
    expect(await loadDemoFarmBoundaries(t.db, admin.userId)).toEqual({ lotNo: lot.lotNo, farms: 5 });
    const o = (await originOf(`/collections/lots/${lot.id}`)).body.data;
    expect(o.farms.every((f) => f.geometry === 'polygon')).toBe(true);
    // Squares of the declared area: measured within 1 % of declared, so only Kubwa's gap is listed.
    for (const f of o.farms.filter((x) => x.issues.length === 0)) {
      expect(Math.abs(Number(f.measuredHa) / Number(f.declaredHa) - 1)).toBeLessThan(0.01);
    }
    expect(o.summary).toMatchObject({ blocking: 0, warnings: 1 });
    expect(await loadDemoFarmBoundaries(t.db, admin.userId)).toEqual({ lotNo: lot.lotNo, farms: 0 });
  });
});
