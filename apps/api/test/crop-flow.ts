import type { Collection, FarmerDetail, RecordCollectionBody, SeasonCrop } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { makeAmcos, type Reply, type Session, sessionAs, startTestApp, type TestApp } from './harness.ts';
import { type Listed, nida, phone, uniq } from './master-data.ts';

/**
 * Crop-flow test world, built through the same endpoints the web app uses: an open season with
 * cashew (grades Standard and Under grade), AMCOS with farmers and a clerk, and collections
 * recorded over HTTP. Other crop-flow tests (delivery notes, lots) import it: keep the exports
 * stable.
 */

export type Grade = { id: string; code: string; name: string };
export type Cashew = {
  cropId: string;
  seasonId: string;
  seasonName: string;
  seasonCrop: SeasonCrop;
  grades: Grade[];
};
export type Society = {
  amcos: { id: string; code: string; name: string };
  farmers: FarmerDetail[];
  clerk: Session;
};

/** The season that holds today: `2026/2027` runs 2026-10-01 to 2027-09-30. */
export function currentSeasonYears(today = todayInTanzania()): {
  name: string;
  startDate: string;
  endDate: string;
} {
  const year = Number(today.slice(0, 4));
  const first = Number(today.slice(5, 7)) >= 10 ? year : year - 1;
  return { name: `${first}/${first + 1}`, startDate: `${first}-10-01`, endDate: `${first + 1}-09-30` };
}

async function ok<T>(reply: Promise<Reply<T>>, what: string): Promise<T> {
  const r = await reply;
  if (r.status >= 300) throw new Error(`${what} failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/**
 * Opens the season holding today (creating it if needed) and puts cashew in it.
 * `maxMoisture` defaults to 10.00 and `moisturePolicy` to refuse.
 */
export async function openSeasonWithCashew(
  t: TestApp,
  admin: Session,
  options: { maxMoisture?: string; moisturePolicy?: 'refuse' | 'flag'; standardBagKg?: string } = {},
): Promise<Cashew> {
  const crops = await ok(
    t.request<Listed<{ id: string; code: string; grades: Grade[] }>>('GET', '/settings/collection/crops', {
      token: admin.access,
    }),
    'crops',
  );
  const cashew = crops.data.find((c) => c.code === 'CASHEW');
  if (!cashew) throw new Error('Cashew is not in the crop list');
  const years = currentSeasonYears();
  const seasons = await ok(
    t.request<Listed<{ id: string; name: string; status: string }>>(
      'GET',
      `/settings/collection/seasons?search=${encodeURIComponent(years.name)}`,
      { token: admin.access },
    ),
    'seasons',
  );
  let season = seasons.data.find((s) => s.name === years.name);
  if (!season) {
    season = (
      await ok(
        t.request<{ data: { id: string; name: string; status: string } }>(
          'POST',
          '/settings/collection/seasons',
          {
            token: admin.access,
            body: years,
          },
        ),
        'create season',
      )
    ).data;
  }
  if (season.status === 'planned') {
    await ok(
      t.request('PATCH', `/settings/collection/seasons/${season.id}`, {
        token: admin.access,
        body: { status: 'open' },
      }),
      'open season',
    );
  }
  const existing = await ok(
    t.request<Listed<SeasonCrop>>(
      'GET',
      `/settings/collection/season-crops?season_id=${season.id}&crop_id=${cashew.id}`,
      { token: admin.access },
    ),
    'season crops',
  );
  const settings = {
    indicativePrice: '2600.00',
    standardBagKg: options.standardBagKg ?? '80.000',
    maxMoisture: options.maxMoisture ?? '10.00',
    moisturePolicy: options.moisturePolicy ?? 'refuse',
  };
  const found = existing.data[0];
  const seasonCrop = found
    ? (
        await ok(
          t.request<{ data: SeasonCrop }>('PATCH', `/settings/collection/season-crops/${found.id}`, {
            token: admin.access,
            body: { ...settings, status: 'active' },
          }),
          'update season crop',
        )
      ).data
    : (
        await ok(
          t.request<{ data: SeasonCrop }>('POST', '/settings/collection/season-crops', {
            token: admin.access,
            body: { seasonId: season.id, cropId: cashew.id, ...settings },
          }),
          'create season crop',
        )
      ).data;
  return {
    cropId: cashew.id,
    seasonId: season.id,
    seasonName: season.name,
    seasonCrop,
    grades: cashew.grades,
  };
}

/** Registers a farmer of an AMCOS through the farmers endpoint; with a phone unless `phone: null`. */
export async function makeFarmer(
  t: TestApp,
  admin: Session,
  amcosId: string,
  options: { phone?: string | null; firstName?: string; lastName?: string } = {},
): Promise<FarmerDetail> {
  const body = {
    amcosId,
    firstName: options.firstName ?? 'Asha',
    lastName: options.lastName ?? `Mkulima ${uniq()}`,
    gender: 'Female',
    nationalId: nida(),
    phone: options.phone === undefined ? phone() : options.phone,
  };
  return (
    await ok(
      t.request<{ data: FarmerDetail }>('POST', '/collections/farmers', { token: admin.access, body }),
      'create farmer',
    )
  ).data;
}

/** An AMCOS with `farmers` active farmers (with phones) and a signed-in AMCOS Clerk. */
export async function makeSociety(
  t: TestApp,
  admin: Session,
  options: { farmers?: number; name?: string; role?: string } = {},
): Promise<Society> {
  const society = await makeAmcos(t, options.name ?? 'Crop AMCOS');
  const farmers: FarmerDetail[] = [];
  for (let i = 0; i < (options.farmers ?? 2); i++) farmers.push(await makeFarmer(t, admin, society.id));
  const clerk = await sessionAs(t, options.role ?? 'AMCOS Clerk', { amcosId: society.id });
  return { amcos: { id: society.id, code: society.code, name: society.name }, farmers, clerk };
}

/** A valid weighing body: 2 bags, 162.5 kg gross, 2.5 kg tare (net 160), moisture 8.5%. */
export function weighing(
  cashew: Cashew,
  farmer: Pick<FarmerDetail, 'farmerNo'>,
  overrides: Partial<RecordCollectionBody> = {},
): RecordCollectionBody {
  const grade = cashew.grades[0];
  if (!grade) throw new Error('Cashew has no grade');
  return {
    farmerNo: farmer.farmerNo,
    seasonCropId: cashew.seasonCrop.id,
    gradeId: grade.id,
    bags: 2,
    grossKg: '162.500',
    tareKg: '2.500',
    moisture: '8.50',
    ...overrides,
  };
}

export type Recorded = { message: string; data: Collection };

/** POSTs a collection the way the weighing form does; answers the raw reply (check its status). */
export function recordCollectionVia(
  t: TestApp,
  token: string,
  body: RecordCollectionBody,
): Promise<Reply<Recorded & { errors?: Record<string, string[]> }>> {
  return t.request('POST', '/collections/receipts', { token, body });
}

/** Records a collection and fails the test unless it was saved; answers the collection. */
export async function recordCollectionOk(
  t: TestApp,
  token: string,
  body: RecordCollectionBody,
): Promise<Collection> {
  return (await ok(recordCollectionVia(t, token, body), 'record collection')).data;
}

/**
 * A test app with the cashew season open and two societies, each with its AMCOS Manager: North of
 * three farmers and South of one.
 */
export async function startNorthAndSouth() {
  const t = await startTestApp();
  const admin = await sessionAs(t, 'Administrator');
  const cashew = await openSeasonWithCashew(t, admin);
  const n = await makeSociety(t, admin, { farmers: 3, name: 'North' });
  const s = await makeSociety(t, admin, { farmers: 1, name: 'South' });
  const north = { ...n, manager: await sessionAs(t, 'AMCOS Manager', { amcosId: n.amcos.id }) };
  const south = { ...s, manager: await sessionAs(t, 'AMCOS Manager', { amcosId: s.amcos.id }) };
  return { t, admin, cashew, north, south };
}
