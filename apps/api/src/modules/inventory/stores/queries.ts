import type { Store, StoreListQuery, StoreOption, StoreStock } from '@ushirika/contracts';
import { and, asc, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { type Actor, assertSociety } from '../../../platform/access.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { localNameSql } from '../../../platform/labels.ts';
import { likeContains, type PageWindow, pageOf } from '../../../platform/list.ts';
import { amcos } from '../../amcos/schema.ts';
import { items } from '../items/schema.ts';
import { stockBalances } from '../ledgers/schema.ts';
import { stores } from './schema.ts';

/** What names a store wherever it is offered or shown: code, name, kind and society. */
const optionColumns = {
  id: stores.id,
  code: stores.code,
  name: stores.name,
  kind: stores.kind,
  amcosId: stores.amcosId,
  amcosName: amcos.name,
};

const columns = {
  ...optionColumns,
  location: stores.location,
  keeperName: stores.keeperName,
  keeperPhone: stores.keeperPhone,
  active: stores.active,
  itemCount: sql<number>`(select count(*)::int from ${stockBalances} where ${stockBalances.storeId} = ${stores.id} and ${stockBalances.quantity} > 0)`,
  stockValue: sql<string>`(select coalesce(sum(${stockBalances.value}), 0)::numeric(16,2)::text from ${stockBalances} where ${stockBalances.storeId} = ${stores.id})`,
  createdAt: sql<string>`to_char(${stores.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};
const selectStores = (db: DbOrTx) =>
  db.select(columns).from(stores).leftJoin(amcos, eq(amcos.id, stores.amcosId)).$dynamic();

/** Stores the reader may see: an AMCOS user, their society's only. */
export async function listStores(
  db: DbOrTx,
  query: StoreListQuery,
  window: PageWindow,
  society: string | null,
): Promise<{ rows: Store[]; total: number }> {
  const pattern = query.search ? likeContains(query.search) : undefined;
  const where: SQL | undefined = and(
    society ? eq(stores.amcosId, society) : undefined,
    pattern
      ? or(
          ilike(stores.code, pattern),
          ilike(stores.name, pattern),
          ilike(stores.location, pattern),
          ilike(amcos.name, pattern),
        )
      : undefined,
    query.kind ? eq(stores.kind, query.kind) : undefined,
    query.amcos_id ? eq(stores.amcosId, query.amcos_id) : undefined,
    query.active === undefined ? undefined : eq(stores.active, query.active),
  );
  const sortable = { code: stores.code, name: stores.name, kind: stores.kind };
  return pageOf(db, () => selectStores(db).$dynamic(), {
    where,
    order: {
      sort: query.sort,
      sortable,
      fallback: [asc(stores.kind), asc(stores.name)],
      tiebreak: stores.id,
    },
    window,
  });
}

export async function getStore(db: DbOrTx, id: string): Promise<Store> {
  const [row] = await selectStores(db).where(eq(stores.id, id));
  if (!row) throw new NotFoundError('Store not found');
  return row;
}

/** The store, refused (403) to an AMCOS user of another society. */
export async function storeOf(db: DbOrTx, actor: Actor, id: string): Promise<Store> {
  const store = await getStore(db, id);
  assertSociety(actor, store.amcosId);
  return store;
}

/**
 * Active stores a document form offers: union staff all of them; an AMCOS user their own stores
 * and the union's (where their stock can be sent back to).
 */
export async function storeChoices(db: DbOrTx, society: string | null): Promise<StoreOption[]> {
  return db
    .select(optionColumns)
    .from(stores)
    .leftJoin(amcos, eq(amcos.id, stores.amcosId))
    .where(
      and(
        eq(stores.active, true),
        society ? or(eq(stores.amcosId, society), eq(stores.kind, 'union')) : undefined,
      ),
    )
    .orderBy(asc(stores.kind), asc(stores.name));
}

/** What a store holds now, item by item (quantity above 0). */
export async function storeStock(db: DbOrTx, storeId: string): Promise<StoreStock[]> {
  return db
    .select({
      itemId: items.id,
      itemCode: items.code,
      itemName: localNameSql('items'),
      unit: items.unit,
      tracksBatch: items.tracksBatch,
      quantity: stockBalances.quantity,
      avgCost: stockBalances.avgCost,
      value: stockBalances.value,
    })
    .from(stockBalances)
    .innerJoin(items, eq(items.id, stockBalances.itemId))
    .where(and(eq(stockBalances.storeId, storeId), gt(stockBalances.quantity, '0')))
    .orderBy(asc(items.code));
}
