import type {
  Collection,
  collectionSelection,
  DeliveryNoteDetail,
  IssueLotLine,
  LotDetail,
  Transporter,
  Warehouse,
} from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import type { z } from 'zod';
import {
  type Cashew,
  makeSociety,
  openSeasonWithCashew,
  recordCollectionOk,
  type Society,
  weighing,
} from './crop-flow.ts';
import { type Reply, type Session, sessionAs, startTestApp, type TestApp } from './harness.ts';
import { uniq } from './master-data.ts';

/**
 * Delivery-note and lot helpers on top of the crop-flow fixture (`crop-flow.ts`). Everything goes
 * through the HTTP API the web app uses. Stable exports (auctions and settlement tests import them):
 *
 * - `makeTransporter(t, admin, {rateBasis?, rate?})`: an active transporter with one vehicle
 *   (default per_kg at 50.00 TZS/kg).
 * - `makeWarehouse(t, admin)`: an active warehouse.
 * - `createNoteVia / dispatchVia / receiveVia / issueLotsVia`: the raw replies (check the status).
 * - `collectWeighings(t, world, kgs)`: weighings of these net kg (or [kg, grade index]) for the
 *   world's farmers in order, recorded by its clerk.
 * - `noteBody(world, selection)`: a create body for the world's society, transporter and warehouse.
 * - `lotsInStore(t, admin, {kgs?, lots?, receivedKg?})`: the whole flow in one call: an open cashew
 *   season, an AMCOS with one farmer per weighing in `kgs` (net kg each, grade Standard), one
 *   delivery note of them, dispatched, received (default: exactly the dispatched kg) and issued as
 *   lots (`lots`: net kg of each lot; default one lot of everything). Answers the world, the note,
 *   the collections and the lots (with their farmers' collections).
 */

/** A selection as the web sends it (an optional grade may be left out). */
export type CollectionSelection = z.input<typeof collectionSelection>;

export type CropWorld = {
  cashew: Cashew;
  society: Society;
  transporter: Transporter;
  warehouse: Warehouse;
};

async function ok<T>(reply: Promise<Reply<T>>, what: string): Promise<T> {
  const r = await reply;
  if (r.status >= 300) throw new Error(`${what} failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export async function makeTransporter(
  t: TestApp,
  admin: Session,
  options: { rateBasis?: 'per_kg' | 'per_trip'; rate?: string } = {},
): Promise<Transporter> {
  const plate = `T ${String(Math.floor(Math.random() * 900) + 100)} ${uniq()
    .replace(/[^A-Z]/g, 'X')
    .slice(0, 3)}`;
  const body = {
    name: `Haulage ${uniq()}`,
    rateBasis: options.rateBasis ?? 'per_kg',
    rate: options.rate ?? '50.00',
    vehicles: [{ plateNo: plate, description: 'Scania 10 t' }],
  };
  return (
    await ok(
      t.request<{ data: Transporter }>('POST', '/settings/collection/transporters', {
        token: admin.access,
        body,
      }),
      'create transporter',
    )
  ).data;
}

export async function makeWarehouse(t: TestApp, admin: Session): Promise<Warehouse> {
  const body = {
    name: `Warehouse ${uniq()}`,
    operator: 'Mtwara Warehouses Ltd',
    licenceNo: `WRRB/${uniq()}`,
  };
  return (
    await ok(
      t.request<{ data: Warehouse }>('POST', '/settings/collection/warehouses', {
        token: admin.access,
        body,
      }),
      'create warehouse',
    )
  ).data;
}

export function noteBody(
  world: CropWorld,
  selection: CollectionSelection,
  overrides: Record<string, unknown> = {},
) {
  return {
    seasonCropId: world.cashew.seasonCrop.id,
    warehouseId: world.warehouse.id,
    transporterId: world.transporter.id,
    vehicleId: world.transporter.vehicles[0]?.id ?? null,
    driverName: 'Juma Dereva',
    driverPhone: '0754123456',
    selection,
    ...overrides,
  };
}

export type NoteReply = Reply<{
  message: string;
  data: DeliveryNoteDetail;
  errors?: Record<string, string[]>;
}>;

export const createNoteVia = (t: TestApp, token: string, body: unknown): Promise<NoteReply> =>
  t.request('POST', '/collections/delivery-notes', { token, body });
export const dispatchVia = (t: TestApp, token: string, id: string): Promise<NoteReply> =>
  t.request('PATCH', `/collections/delivery-notes/${id}/dispatch`, { token });
export const receiveVia = (
  t: TestApp,
  token: string,
  id: string,
  body: { receivedBags: number; receivedKg: string; remarks?: string; confirm_over?: boolean },
): Promise<NoteReply> => t.request('PATCH', `/collections/delivery-notes/${id}/receive`, { token, body });
export const issueLotsVia = (
  t: TestApp,
  token: string,
  body: { deliveryNoteIds: string[]; gradeId: string; lots: Partial<IssueLotLine>[] },
): Promise<Reply<{ message: string; data: LotDetail[]; errors?: Record<string, string[]> }>> =>
  t.request('POST', '/collections/lots', { token, body });

/** The season, an AMCOS with `farmers` farmers and its clerk, a transporter and a warehouse. */
export async function makeCropWorld(
  t: TestApp,
  admin: Session,
  options: { farmers?: number; rateBasis?: 'per_kg' | 'per_trip'; rate?: string } = {},
): Promise<CropWorld> {
  const cashew = await openSeasonWithCashew(t, admin);
  const society = await makeSociety(t, admin, { farmers: options.farmers ?? 2 });
  const transporter = await makeTransporter(t, admin, options);
  const warehouse = await makeWarehouse(t, admin);
  return { cashew, society, transporter, warehouse };
}

/**
 * The delivery-note and lot tests' start: an app, an Administrator and a Crop Officer, a world of
 * four farmers, another society's world of one, and an AMCOS Manager of the first society.
 */
export async function startTwoCropWorlds() {
  const t = await startTestApp();
  const admin = await sessionAs(t, 'Administrator');
  const officer = await sessionAs(t, 'Crop Officer');
  const world = await makeCropWorld(t, admin, { farmers: 4 });
  const other = await makeCropWorld(t, admin, { farmers: 1 });
  const manager = await sessionAs(t, 'AMCOS Manager', { amcosId: world.society.amcos.id });
  return { t, admin, officer, world, other, manager };
}

/** Net kg `kg` as a weighing: gross = kg + 2.000 tare. */
export function weighingOf(world: CropWorld, farmerIndex: number, kg: string, gradeIndex = 0) {
  const farmer = world.society.farmers[farmerIndex % world.society.farmers.length];
  const grade = world.cashew.grades[gradeIndex];
  if (!farmer || !grade) throw new Error('No such farmer or grade');
  const gross = dec(kg).plus(2).toFixed(3);
  return weighing(world.cashew, farmer, { grossKg: gross, tareKg: '2.000', gradeId: grade.id, bags: 2 });
}

/** Records weighings of the given net kg (grade index optional) for the world's farmers, in order. */
export async function collectWeighings(
  t: TestApp,
  world: CropWorld,
  kgs: (string | [string, number])[],
): Promise<Collection[]> {
  const out: Collection[] = [];
  for (const [i, k] of kgs.entries()) {
    const [kg, grade] = Array.isArray(k) ? k : [k, 0];
    out.push(await recordCollectionOk(t, world.society.clerk.access, weighingOf(world, i, kg, grade)));
  }
  return out;
}

export async function lotsInStore(
  t: TestApp,
  admin: Session,
  options: { kgs?: string[]; lots?: string[]; receivedKg?: string } = {},
): Promise<{ world: CropWorld; note: DeliveryNoteDetail; collections: Collection[]; lots: LotDetail[] }> {
  const kgs = options.kgs ?? ['400.000', '250.000', '350.000'];
  const world = await makeCropWorld(t, admin, { farmers: kgs.length });
  const collections = await collectWeighings(t, world, kgs);
  const created = await ok(
    createNoteVia(
      t,
      world.society.clerk.access,
      noteBody(world, { mode: 'explicit', collectionIds: collections.map((c) => c.id) }),
    ),
    'create delivery note',
  );
  const dispatched = await ok(dispatchVia(t, world.society.clerk.access, created.data.id), 'dispatch');
  const receivedKg = options.receivedKg ?? dispatched.data.netKg;
  await ok(
    receiveVia(t, admin.access, created.data.id, {
      receivedBags: dispatched.data.bags,
      receivedKg,
      confirm_over: true,
    }),
    'receive',
  );
  const gradeId = world.cashew.grades[0]?.id ?? '';
  const lotKgs = options.lots ?? [receivedKg];
  const bagsEach = Math.max(1, Math.floor(dispatched.data.bags / lotKgs.length));
  const issued = await ok(
    issueLotsVia(t, admin.access, {
      deliveryNoteIds: [created.data.id],
      gradeId,
      lots: lotKgs.map((netKg, i) => ({ bags: bagsEach, netKg, certificateNo: `QC-${i + 1}-${uniq()}` })),
    }),
    'issue lots',
  );
  const note = await ok(
    t.request<{ data: DeliveryNoteDetail }>('GET', `/collections/delivery-notes/${created.data.id}`, {
      token: admin.access,
    }),
    'read note',
  );
  return { world, note: note.data, collections, lots: issued.data };
}
