import {
  type ItemCategory,
  type ItemCategoryBody,
  itemCategory,
  itemCategoryBody,
  itemCategoryListQuery,
} from '@ushirika/contracts';
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import type { CatalogResource } from '../../../platform/catalog.ts';
import { likeContains, pageOf } from '../../../platform/list.ts';
import { itemCategories, items } from './schema.ts';

const columns = {
  id: itemCategories.id,
  name: itemCategories.name,
  description: itemCategories.description,
  active: itemCategories.active,
  itemCount: sql<number>`(select count(*)::int from ${items} where ${items.categoryId} = ${itemCategories.id})`,
  createdAt: sql<string>`to_char(${itemCategories.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};
const selectCategories = (db: DbOrTx) => db.select(columns).from(itemCategories);

/** Item categories (fertiliser, agro-chemicals, packaging...): union master data. */
export const itemCategoryResource: CatalogResource<
  ItemCategory,
  ItemCategoryBody,
  ItemCategoryBody,
  z.infer<typeof itemCategoryListQuery>
> = {
  path: '/inventory/categories',
  tag: 'inventory',
  entity: 'item_category',
  label: 'Category',
  exportName: 'ITEM_CATEGORIES',
  read: { permission: 'inventory.store.read', audience: 'union' },
  write: { permission: 'inventory.store.update', audience: 'union' },
  schemas: {
    item: itemCategory,
    create: itemCategoryBody,
    update: itemCategoryBody,
    query: itemCategoryListQuery,
  },
  async list(db, query, window) {
    const where = and(
      query.search ? ilike(itemCategories.name, likeContains(query.search)) : undefined,
      query.active === undefined ? undefined : eq(itemCategories.active, query.active),
    );
    return pageOf(db, () => selectCategories(db).$dynamic(), {
      where,
      order: {
        sort: query.sort,
        sortable: { name: itemCategories.name },
        fallback: [asc(itemCategories.name)],
        tiebreak: itemCategories.id,
      },
      window,
    });
  },
  get: async (db, id) => (await selectCategories(db).where(eq(itemCategories.id, id)))[0],
  async insert(tx, body, actorId) {
    const [row] = await tx
      .insert(itemCategories)
      .values({ ...body, createdBy: actorId })
      .returning({ id: itemCategories.id });
    if (!row) throw new Error('Category insert returned nothing');
    return row.id;
  },
  async update(tx, id, body) {
    await tx.update(itemCategories).set(body).where(eq(itemCategories.id, id));
  },
  constraints: {
    item_categories_name_unique: { field: 'name', message: 'A category with this name already exists' },
  },
  exportColumns: [
    { header: 'Category', value: (r) => r.name, width: 30 },
    { header: 'Description', value: (r) => r.description, width: 40 },
    { header: 'Items', value: (r) => r.itemCount },
    { header: 'Active', value: (r) => (r.active ? 'Yes' : 'No') },
  ],
};
