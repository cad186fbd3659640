import type { Boq, BoqDetail } from '@ushirika/contracts';
import { dec, toMoney } from '@ushirika/domain';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { localNameSql } from '../../platform/labels.ts';
import { likeContains, type PageWindow, pageOf } from '../../platform/list.ts';
import { crops, seasonCrops, seasons } from '../seasons/schema.ts';
import { boqItems, boqs } from './schema.ts';

const columns = {
  id: boqs.id,
  name: boqs.name,
  seasonCropId: boqs.seasonCropId,
  seasonName: seasons.name,
  cropName: localNameSql('crops'),
  notes: boqs.notes,
  itemCount: sql<number>`(select count(*)::int from boq_items i where i.boq_id = "boqs"."id")`,
  /** Cost per acre: each line rounded to the cent, then added, as the details screen shows it. */
  costPerAcre: sql<string>`(select coalesce(sum(round(i.quantity_per_acre * i.unit_price, 2)), 0)::numeric(14,2)::text
    from boq_items i where i.boq_id = "boqs"."id")`,
  createdAt: boqs.createdAt,
};
const sortable = { name: boqs.name, created_at: boqs.createdAt };
const selectBoqs = (db: DbOrTx) =>
  db
    .select(columns)
    .from(boqs)
    .innerJoin(seasonCrops, eq(seasonCrops.id, boqs.seasonCropId))
    .innerJoin(seasons, eq(seasons.id, seasonCrops.seasonId))
    .innerJoin(crops, eq(crops.id, seasonCrops.cropId));

const toBoq = ({ createdAt, ...row }: Omit<Boq, 'createdAt'> & { createdAt: Date }): Boq => ({
  ...row,
  createdAt: createdAt.toISOString(),
});

export async function listBoqs(
  db: DbOrTx,
  query: { search?: string | undefined; sort?: string | undefined; season_crop_id?: string | undefined },
  window: PageWindow,
): Promise<{ rows: Boq[]; total: number }> {
  const pattern = query.search ? likeContains(query.search) : undefined;
  const where: SQL | undefined = and(
    pattern
      ? or(
          ilike(boqs.name, pattern),
          ilike(crops.name, pattern),
          ilike(crops.nameSw, pattern),
          ilike(seasons.name, pattern),
        )
      : undefined,
    query.season_crop_id ? eq(boqs.seasonCropId, query.season_crop_id) : undefined,
  );
  const { rows, total } = await pageOf(db, () => selectBoqs(db).$dynamic(), {
    where,
    order: { sort: query.sort, sortable, fallback: [desc(boqs.createdAt)], tiebreak: boqs.id },
    window,
  });
  return { rows: rows.map(toBoq), total };
}

export async function getBoq(db: DbOrTx, id: string): Promise<BoqDetail> {
  const [row] = await selectBoqs(db).where(eq(boqs.id, id));
  if (!row) throw new NotFoundError('BOQ not found');
  const items = await db
    .select({
      id: boqItems.id,
      item: boqItems.item,
      unit: boqItems.unit,
      quantityPerAcre: boqItems.quantityPerAcre,
      unitPrice: boqItems.unitPrice,
    })
    .from(boqItems)
    .where(eq(boqItems.boqId, id))
    .orderBy(asc(boqItems.line));
  return {
    ...toBoq(row),
    items: items.map((i) => ({ ...i, costPerAcre: toMoney(dec(i.quantityPerAcre).times(dec(i.unitPrice))) })),
  };
}
