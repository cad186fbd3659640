import {
  createSeasonBody,
  createSeasonCropBody,
  type Season,
  type SeasonCrop,
  season,
  seasonCrop,
  seasonCropListQuery,
  seasonListQuery,
  updateSeasonBody,
  updateSeasonCropBody,
} from '@ushirika/contracts';
import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { CatalogResource } from '../../platform/catalog.ts';
import { ValidationError } from '../../platform/errors.ts';
import { localNameSql } from '../../platform/labels.ts';
import { likeContains, pageOf } from '../../platform/list.ts';
import { referenceRead, settingsWrite } from './crops.ts';
import { crops, seasonCrops, seasons } from './schema.ts';

const seasonColumns = {
  id: seasons.id,
  name: seasons.name,
  startDate: seasons.startDate,
  endDate: seasons.endDate,
  status: seasons.status,
  cropCount: sql<number>`(select count(*)::int from season_crops sc where sc.season_id = "seasons"."id")`,
};

/** planned -> open -> closed; a closed season stays closed (its figures are settled). */
const allowedMoves: Record<string, string[]> = { planned: ['open'], open: ['closed'], closed: [] };

export const seasonResource: CatalogResource<
  Season,
  z.infer<typeof createSeasonBody>,
  z.infer<typeof updateSeasonBody>,
  z.infer<typeof seasonListQuery>
> = {
  path: '/settings/collection/seasons',
  tag: 'seasons',
  entity: 'season',
  label: 'Season',
  exportName: 'SEASONS',
  read: referenceRead,
  write: settingsWrite,
  schemas: { item: season, create: createSeasonBody, update: updateSeasonBody, query: seasonListQuery },
  async list(db, query, window) {
    const where = and(
      query.search ? ilike(seasons.name, likeContains(query.search)) : undefined,
      query.status ? eq(seasons.status, query.status) : undefined,
    );
    const sortable = { name: seasons.name, start_date: seasons.startDate, status: seasons.status };
    return pageOf(db, () => db.select(seasonColumns).from(seasons).$dynamic(), {
      where,
      order: { sort: query.sort, sortable, fallback: [desc(seasons.startDate)], tiebreak: seasons.id },
      window,
    });
  },
  get: async (db: DbOrTx, id) => (await db.select(seasonColumns).from(seasons).where(eq(seasons.id, id)))[0],
  async insert(tx, body) {
    const [row] = await tx.insert(seasons).values(body).returning({ id: seasons.id });
    if (!row) throw new Error('Season insert returned nothing');
    return row.id;
  },
  async update(tx, id, body, before) {
    if (body.status && body.status !== before.status && !allowedMoves[before.status]?.includes(body.status)) {
      const article = before.status === 'open' ? 'An' : 'A';
      const message = `${article} ${before.status} season cannot be made ${body.status}`;
      throw new ValidationError(message, { status: [message] });
    }
    const start = body.startDate ?? before.startDate;
    const end = body.endDate ?? before.endDate;
    if (end <= start)
      throw new ValidationError('The season must end after it starts', {
        endDate: ['The season must end after it starts'],
      });
    await tx.update(seasons).set(body).where(eq(seasons.id, id));
  },
  constraints: {
    seasons_name_unique: { field: 'name', message: 'A season with this name already exists' },
    seasons_one_open: { field: 'status', message: 'Another season is open: close it first' },
  },
  exportColumns: [
    { header: 'Season', value: (r) => r.name },
    { header: 'Start', value: (r) => r.startDate },
    { header: 'End', value: (r) => r.endDate },
    { header: 'Status', value: (r) => r.status },
    { header: 'Crops', value: (r) => r.cropCount },
  ],
};

const seasonCropColumns = {
  id: seasonCrops.id,
  seasonId: seasonCrops.seasonId,
  seasonName: seasons.name,
  seasonStatus: seasons.status,
  cropId: seasonCrops.cropId,
  cropName: localNameSql('crops'),
  indicativePrice: seasonCrops.indicativePrice,
  standardBagKg: seasonCrops.standardBagKg,
  maxMoisture: seasonCrops.maxMoisture,
  moisturePolicy: seasonCrops.moisturePolicy,
  status: seasonCrops.status,
  ruleCount: sql<number>`(select count(*)::int from deduction_rules r where r.season_crop_id = "season_crops"."id")`,
};
export const selectSeasonCrops = (db: DbOrTx) =>
  db
    .select(seasonCropColumns)
    .from(seasonCrops)
    .innerJoin(seasons, eq(seasons.id, seasonCrops.seasonId))
    .innerJoin(crops, eq(crops.id, seasonCrops.cropId));

export const seasonCropResource: CatalogResource<
  SeasonCrop,
  z.input<typeof createSeasonCropBody>,
  z.infer<typeof updateSeasonCropBody>,
  z.infer<typeof seasonCropListQuery>
> = {
  path: '/settings/collection/season-crops',
  tag: 'seasons',
  entity: 'season_crop',
  label: 'Season crop',
  exportName: 'SEASON-CROPS',
  read: referenceRead,
  write: settingsWrite,
  schemas: {
    item: seasonCrop,
    create: createSeasonCropBody,
    update: updateSeasonCropBody,
    query: seasonCropListQuery,
  },
  async list(db, query, window) {
    const pattern = query.search ? likeContains(query.search) : undefined;
    const where = and(
      pattern
        ? or(ilike(crops.name, pattern), ilike(crops.nameSw, pattern), ilike(seasons.name, pattern))
        : undefined,
      query.season_id ? eq(seasonCrops.seasonId, query.season_id) : undefined,
      query.crop_id ? eq(seasonCrops.cropId, query.crop_id) : undefined,
      query.status ? eq(seasonCrops.status, query.status) : undefined,
    );
    const sortable = {
      season: seasons.name,
      // The crop as the list shows it: the Swahili name on a Swahili request (#20).
      crop: localNameSql('crops'),
      indicative_price: seasonCrops.indicativePrice,
    };
    return pageOf(db, () => selectSeasonCrops(db).$dynamic(), {
      where,
      order: {
        sort: query.sort,
        sortable,
        fallback: [desc(seasons.startDate), asc(localNameSql('crops'))],
        tiebreak: seasonCrops.id,
      },
      window,
    });
  },
  get: async (db, id) => (await selectSeasonCrops(db).where(eq(seasonCrops.id, id)))[0],
  async insert(tx, body) {
    const [row] = await tx.insert(seasonCrops).values(body).returning({ id: seasonCrops.id });
    if (!row) throw new Error('Season crop insert returned nothing');
    return row.id;
  },
  async update(tx, id, body) {
    await tx.update(seasonCrops).set(body).where(eq(seasonCrops.id, id));
  },
  constraints: {
    season_crops_season_crop_unique: { field: 'cropId', message: 'This crop is already in this season' },
    season_crops_season_id_seasons_id_fk: { field: 'seasonId', message: 'The chosen season does not exist' },
    season_crops_crop_id_crops_id_fk: { field: 'cropId', message: 'The chosen crop does not exist' },
    season_crops_moisture_check: { field: 'maxMoisture', message: 'Moisture is a percentage from 0 to 100' },
    season_crops_bag_check: { field: 'standardBagKg', message: 'A bag must weigh more than 0 kg' },
  },
  exportColumns: [
    { header: 'Season', value: (r) => r.seasonName },
    { header: 'Crop', value: (r) => r.cropName, width: 24 },
    { header: 'Indicative price / kg (TZS)', value: (r) => r.indicativePrice },
    { header: 'Standard bag (kg)', value: (r) => r.standardBagKg },
    { header: 'Max moisture %', value: (r) => r.maxMoisture },
    { header: 'Over max moisture', value: (r) => r.moisturePolicy },
    { header: 'Deduction rules', value: (r) => r.ruleCount },
    { header: 'Status', value: (r) => r.status },
  ],
};
