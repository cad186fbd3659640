import type { InputPrice } from '@ushirika/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { localNameSql } from '../../../platform/labels.ts';
import { items } from '../../inventory/items/schema.ts';
import { seasons } from '../../seasons/schema.ts';
import { inputPrices } from './schema.ts';

const columns = {
  id: inputPrices.id,
  seasonId: inputPrices.seasonId,
  seasonName: seasons.name,
  itemId: inputPrices.itemId,
  itemCode: items.code,
  itemName: localNameSql('items'),
  unit: items.unit,
  creditPrice: inputPrices.creditPrice,
  cashPrice: inputPrices.cashPrice,
  subsidisedPrice: inputPrices.subsidisedPrice,
  programmeShare: inputPrices.programmeShare,
  limitBasis: inputPrices.limitBasis,
  creditLimit: inputPrices.creditLimit,
  updatedAt: sql<string>`${inputPrices.updatedAt}::text`,
};

const base = (db: DbOrTx) =>
  db
    .select(columns)
    .from(inputPrices)
    .innerJoin(items, eq(items.id, inputPrices.itemId))
    .innerJoin(seasons, eq(seasons.id, inputPrices.seasonId));

/** A season's input prices, by item name. Every signed-in user with collections access reads them. */
export async function listInputPrices(db: DbOrTx, seasonId: string): Promise<InputPrice[]> {
  return base(db).where(eq(inputPrices.seasonId, seasonId)).orderBy(asc(items.name));
}

export async function getInputPrice(db: DbOrTx, seasonId: string, itemId: string): Promise<InputPrice> {
  const [row] = await base(db).where(and(eq(inputPrices.seasonId, seasonId), eq(inputPrices.itemId, itemId)));
  if (!row) throw new NotFoundError('Input price not found');
  return row;
}

/** The prices of some items in a season, keyed by item id (missing items have no price). */
export async function pricesOf(db: DbOrTx, seasonId: string, itemIds: string[]) {
  const rows = await listInputPrices(db, seasonId);
  const wanted = new Set(itemIds);
  return new Map(rows.filter((r) => wanted.has(r.itemId)).map((r) => [r.itemId, r]));
}
