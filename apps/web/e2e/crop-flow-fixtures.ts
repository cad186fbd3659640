import { randomInt } from 'node:crypto';
import { todayInTanzania } from '@ushirika/domain';
import type { Page } from 'playwright-core';
import { api, apiSignIn, createAmcos, createUser, type Listed, must } from './support.ts';

/**
 * Crop-flow records made over the API for the browser specs: the open season's cashew, societies
 * with a clerk, farmers and their weighed collections, and the delivery of those to a warehouse as
 * lots. Each call makes fresh records with unique names, so the spec files share one database.
 */

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/** Five random capital letters that keep names and numbers unique between records and runs. */
export const tag = () => Array.from({ length: 5 }, () => LETTERS[randomInt(LETTERS.length)]).join('');

/** A random 20-digit national id (NIDA number). */
export const nida = () => `19${digits(18)}`;

/** A random Tanzanian mobile number. */
export const phone = () => `2557${digits(8)}`;

/** Today as YYYY-MM-DD. */
export const today = todayInTanzania();

/** The open season's cashew: the season crop, its Standard grade and the label the screens show. */
export type SeasonCrop = { seasonCropId: string; gradeId: string; label: string };

type Season = { id: string; name: string; status: string };
type Crop = { id: string; code: string; name: string; grades: { id: string; code: string }[] };

/** The season holding today (October to September), made and opened when missing. */
async function openSeason(token: string): Promise<Season> {
  const year = Number(today.slice(0, 4));
  const first = Number(today.slice(5, 7)) >= 10 ? year : year - 1;
  const name = `${first}/${first + 1}`;
  const search = `/settings/collection/seasons?search=${encodeURIComponent(name)}`;
  const find = async () =>
    (await api<Listed<Season>>('GET', search, undefined, token)).body.data.find((s) => s.name === name);
  let season = await find();
  if (!season) {
    // Read back whoever made it: another spec file may have done so in the meantime.
    const dates = { startDate: `${first}-10-01`, endDate: `${first + 1}-09-30` };
    await api('POST', '/settings/collection/seasons', { name, ...dates }, token);
    season = await find();
  }
  if (!season) throw new Error(`no season ${name}`);
  if (season.status === 'planned')
    await must(api('PATCH', `/settings/collection/seasons/${season.id}`, { status: 'open' }, token), 'open');
  return season;
}

/** The cashew crop made with every new database. */
async function cashewCrop(token: string): Promise<Crop> {
  const crops = await api<Listed<Crop>>('GET', '/settings/collection/crops', undefined, token);
  const cashew = crops.body.data.find((c) => c.code === 'CASHEW');
  if (!cashew) throw new Error('no cashew crop');
  return cashew;
}

const CASHEW_TERMS = {
  indicativePrice: '2600',
  standardBagKg: '80',
  maxMoisture: '10',
  moisturePolicy: 'refuse',
};

/** The open season's cashew season crop (2,600/kg indicated, 80 kg bags, wetter than 10% refused). */
export async function cashewSeasonCrop(token: string): Promise<SeasonCrop> {
  const season = await openSeason(token);
  const cashew = await cashewCrop(token);
  const search = `/settings/collection/season-crops?season_id=${season.id}&crop_id=${cashew.id}`;
  const find = async () =>
    (await api<Listed<{ id: string }>>('GET', search, undefined, token)).body.data[0]?.id;
  let seasonCropId = await find();
  if (!seasonCropId) {
    const body = { seasonId: season.id, cropId: cashew.id, ...CASHEW_TERMS };
    // Read back whoever made it, as with the season.
    await api('POST', '/settings/collection/season-crops', body, token);
    seasonCropId = await find();
  }
  if (!seasonCropId) throw new Error('no cashew season crop');
  const standard = cashew.grades.find((g) => g.code === 'STD');
  if (!standard) throw new Error('no Standard grade of cashew');
  return { seasonCropId, gradeId: standard.id, label: `${season.name} · ${cashew.name}` };
}

/**
 * A planned season far ahead (a year from 2100 to 2899) with sesame at 2,000/kg, 80 kg bags and
 * at most 8% moisture; returns the year and the season crop's reply, for the spec to check.
 */
export async function futureSesameSeasonCrop(token: string) {
  const year = 2100 + randomInt(800);
  const dates = { startDate: `${year}-10-01`, endDate: `${year + 1}-09-30` };
  const seasonBody = { name: `${year}/${year + 1}`, ...dates };
  const season = await must(
    api<{ data: { id: string } }>('POST', '/settings/collection/seasons', seasonBody, token),
    'season',
  );
  const crops = await api<Listed<Crop>>('GET', '/settings/collection/crops', undefined, token);
  const sesame = crops.body.data.find((c) => c.code === 'SESAME');
  const terms = { indicativePrice: '2000', standardBagKg: '80', maxMoisture: '8' };
  const body = { seasonId: season.data.id, cropId: sesame?.id, ...terms };
  const seasonCrop = await api<{ data: { id: string } }>(
    'POST',
    '/settings/collection/season-crops',
    body,
    token,
  );
  return { year, seasonCrop };
}

/** A new society with an AMCOS clerk, and the clerk's token (signed in over the API). */
export async function amcosWithClerk(token: string, name: string) {
  const society = await createAmcos(token, name);
  const clerk = await createUser(token, 'AMCOS Clerk', society.id);
  return { society, clerk, clerkToken: await apiSignIn(clerk.email, clerk.password) };
}

/** The season and crop a season crop is of. */
export async function seasonAndCrop(token: string, crop: SeasonCrop) {
  const sc = await must(
    api<{ data: { seasonId: string; cropId: string } }>(
      'GET',
      `/settings/collection/season-crops/${crop.seasonCropId}`,
      undefined,
      token,
    ),
    'season crop',
  );
  return sc.data;
}

/** Types each value into the focused field and presses Enter after it, down a keyboard-only form. */
export async function typeEach(page: Page, values: string[]) {
  for (const value of values) {
    await page.keyboard.type(value);
    await page.keyboard.press('Enter');
  }
}

export type Farmer = { id: string; farmerNo: string; firstName: string; lastName: string };

/** A woman farmer of the society with a fresh national id (and a phone when given). */
export async function createFarmer(
  token: string,
  farmer: { amcosId: string; firstName: string; lastName: string; phone?: string },
): Promise<Farmer> {
  const body = { ...farmer, gender: 'Female', nationalId: nida() };
  return (await must(api<{ data: Farmer }>('POST', '/collections/farmers', body, token), 'farmer')).data;
}

/** What the scale records for one farmer: kg as decimal strings, moisture in per cent. */
export type Weighing = { farmerNo: string; bags: number; grossKg: string; tareKg: string; moisture: string };

/** Saves a collection of the season crop's Standard grade as the token's user; returns its id. */
export async function weighCollection(token: string, crop: SeasonCrop, weighing: Weighing): Promise<string> {
  const body = { ...weighing, seasonCropId: crop.seasonCropId, gradeId: crop.gradeId };
  return (
    await must(api<{ data: { id: string } }>('POST', '/collections/receipts', body, token), 'collection')
  ).data.id;
}

/**
 * A new society whose one farmer brings `count` collections of 1,000 kg net (12 bags, 8%
 * moisture), each weighed by the society's clerk; returns the clerk's token and the collections.
 */
export async function thousandKgCollections(
  token: string,
  crop: SeasonCrop,
  collected: { society: string; firstName: string; lastName: string; count: number },
) {
  const { society: name, firstName, lastName, count } = collected;
  const { society, clerkToken } = await amcosWithClerk(token, name);
  const { farmerNo } = await createFarmer(token, { amcosId: society.id, firstName, lastName });
  const weighing = { farmerNo, bags: 12, grossKg: '1012.000', tareKg: '12.000', moisture: '8.00' };
  const collectionIds: string[] = [];
  for (let i = 0; i < count; i++) collectionIds.push(await weighCollection(clerkToken, crop, weighing));
  return { clerkToken, collectionIds };
}

/** A transporter paid per kg with one vehicle; returns its id and the vehicle's. */
export async function createTransporter(
  token: string,
  transporter: { name: string; rate: string; plateNo: string },
) {
  const { name, rate, plateNo } = transporter;
  const made = await must(
    api<{ data: { id: string; vehicles: { id: string }[] } }>(
      'POST',
      '/settings/collection/transporters',
      { name, rateBasis: 'per_kg', rate, vehicles: [{ plateNo }] },
      token,
    ),
    'transporter',
  );
  const vehicle = made.data.vehicles[0];
  if (!vehicle) throw new Error('the transporter has no vehicle');
  return { id: made.data.id, vehicleId: vehicle.id };
}

/** A licensed warehouse run by the operator. */
export async function createWarehouse(token: string, warehouse: { name: string; operator: string }) {
  const body = { ...warehouse, licenceNo: `WRRB/${tag()}` };
  return (
    await must(
      api<{ data: { id: string } }>('POST', '/settings/collection/warehouses', body, token),
      'warehouse',
    )
  ).data;
}

/** Where the collections go and what the warehouse weighs in; `prefix` starts the new records' names. */
export type Delivery = {
  prefix: string;
  seasonCropId: string;
  collectionIds: string[];
  receivedBags: number;
  receivedKg: string;
};

/**
 * Puts the collections on one delivery note to a new warehouse (the clerk makes and dispatches it,
 * the union receives it); returns the note's id and the warehouse's name.
 */
export async function deliverToWarehouse(token: string, clerkToken: string, delivery: Delivery) {
  const { prefix, seasonCropId, collectionIds, receivedBags, receivedKg } = delivery;
  const plateNo = `T ${100 + randomInt(800)} ${tag().slice(0, 3)}`;
  const transporter = await createTransporter(token, {
    name: `${prefix} Haulage ${tag()}`,
    rate: '50.00',
    plateNo,
  });
  const warehouseName = `${prefix} Warehouse ${tag()}`;
  const warehouse = await createWarehouse(token, { name: warehouseName, operator: 'Mtwara Warehouses Ltd' });
  const note = await must(
    api<{ data: { id: string } }>(
      'POST',
      '/collections/delivery-notes',
      {
        seasonCropId,
        warehouseId: warehouse.id,
        transporterId: transporter.id,
        vehicleId: transporter.vehicleId,
        driverName: 'Juma Dereva',
        driverPhone: '0754123456',
        selection: { mode: 'explicit', collectionIds },
      },
      clerkToken,
    ),
    'delivery note',
  );
  const path = `/collections/delivery-notes/${note.data.id}`;
  await must(api('PATCH', `${path}/dispatch`, undefined, clerkToken), 'dispatch');
  const received = { receivedBags, receivedKg, confirm_over: true };
  await must(api('PATCH', `${path}/receive`, received, token), 'receive');
  return { noteId: note.data.id, warehouseName };
}

export type Lot = { id: string; lotNo: string };

/** Issues lots (each with a quality certificate) from a received delivery note, in lot-number order. */
export async function issueLots(
  token: string,
  issue: { noteId: string; gradeId: string; lots: { bags: number; netKg: string }[] },
): Promise<Lot[]> {
  const lots = issue.lots.map((l, i) => ({ ...l, certificateNo: `QC-${tag()}-${i + 1}` }));
  const body = { deliveryNoteIds: [issue.noteId], gradeId: issue.gradeId, lots };
  const issued = await must(api<{ data: Lot[] }>('POST', '/collections/lots', body, token), 'lots');
  return [...issued.data].sort((a, b) => a.lotNo.localeCompare(b.lotNo));
}

/** The collections delivered to a warehouse under the prefix and issued as one lot of all of them. */
export async function deliveredLot(
  token: string,
  clerkToken: string,
  crop: SeasonCrop,
  delivery: { prefix: string; collectionIds: string[]; bags: number; netKg: string },
): Promise<Lot> {
  const { noteId } = await deliverToWarehouse(token, clerkToken, {
    prefix: delivery.prefix,
    seasonCropId: crop.seasonCropId,
    collectionIds: delivery.collectionIds,
    receivedBags: delivery.bags,
    receivedKg: delivery.netKg,
  });
  const [lot] = await issueLots(token, {
    noteId,
    gradeId: crop.gradeId,
    lots: [{ bags: delivery.bags, netKg: delivery.netKg }],
  });
  if (!lot) throw new Error('no lot issued');
  return lot;
}
