import { type Item, type ItemBody, item, itemBody, itemListQuery } from '@ushirika/contracts';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { CatalogResource } from '../../../platform/catalog.ts';
import { fieldError } from '../../../platform/errors.ts';
import { currentLanguage, localNameSql, localRowName, unitLabel } from '../../../platform/labels.ts';
import { likeContains, pageOf } from '../../../platform/list.ts';
import { accounts } from '../../accounts/schema.ts';
import { stockBalances } from '../ledgers/schema.ts';
import { itemCategories, items } from './schema.ts';

const inventoryAccount = alias(accounts, 'inventory_account');
const expenseAccount = alias(accounts, 'expense_account');
const onHand = sql<string>`(select coalesce(sum(${stockBalances.quantity}), 0)::numeric(14,3)::text from ${stockBalances} where ${stockBalances.itemId} = ${items.id})`;
const valueOnHand = sql<string>`(select coalesce(sum(${stockBalances.value}), 0)::numeric(16,2)::text from ${stockBalances} where ${stockBalances.itemId} = ${items.id})`;
const belowReorder = sql<boolean>`(${items.kind} = 'stock' and ${items.reorderLevel} > 0 and (select coalesce(sum(${stockBalances.quantity}), 0) from ${stockBalances} where ${stockBalances.itemId} = ${items.id}) <= ${items.reorderLevel})`;

const columns = {
  id: items.id,
  code: items.code,
  name: items.name,
  nameSw: items.nameSw,
  unit: items.unit,
  categoryId: items.categoryId,
  categoryName: itemCategories.name,
  kind: items.kind,
  reorderLevel: items.reorderLevel,
  tracksBatch: items.tracksBatch,
  inventoryAccountId: items.inventoryAccountId,
  inventoryAccountName: sql<string | null>`${inventoryAccount.code} || ' ' || ${inventoryAccount.name}`,
  expenseAccountId: items.expenseAccountId,
  expenseAccountName: sql<string | null>`${expenseAccount.code} || ' ' || ${expenseAccount.name}`,
  description: items.description,
  active: items.active,
  quantityOnHand: onHand,
  valueOnHand,
  belowReorder,
  createdAt: sql<string>`to_char(${items.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};
const selectItems = (db: DbOrTx) =>
  db
    .select(columns)
    .from(items)
    .leftJoin(itemCategories, eq(itemCategories.id, items.categoryId))
    .leftJoin(inventoryAccount, eq(inventoryAccount.id, items.inventoryAccountId))
    .leftJoin(expenseAccount, eq(expenseAccount.id, items.expenseAccountId));

/** Default accounts must be Operation-book accounts (the book inventory is held in). */
async function checkAccounts(tx: Tx, body: ItemBody): Promise<void> {
  for (const field of ['inventoryAccountId', 'expenseAccountId'] as const) {
    const id = body[field];
    if (!id) continue;
    const [account] = await tx.select({ book: accounts.book }).from(accounts).where(eq(accounts.id, id));
    if (!account) throw fieldError(field, 'The chosen account does not exist');
    if (account.book !== 'operation') throw fieldError(field, 'Choose an account of the Operation book');
  }
}

/** Stock items and services (kind `service`): union master data used by orders, GRNs and issues. */
export const itemResource: CatalogResource<Item, ItemBody, ItemBody, z.infer<typeof itemListQuery>> = {
  path: '/inventory/items',
  tag: 'inventory',
  entity: 'item',
  label: 'Item',
  exportName: 'STORE_ITEMS',
  read: { permission: 'inventory.store.read', audience: 'union' },
  write: { permission: 'inventory.store.update', audience: 'union' },
  schemas: { item, create: itemBody, update: itemBody, query: itemListQuery },
  async list(db, query, window) {
    const pattern = query.search ? likeContains(query.search) : undefined;
    const where = and(
      pattern
        ? or(ilike(items.code, pattern), ilike(items.name, pattern), ilike(items.nameSw, pattern))
        : undefined,
      query.kind ? eq(items.kind, query.kind) : undefined,
      query.category_id ? eq(items.categoryId, query.category_id) : undefined,
      query.active === undefined ? undefined : eq(items.active, query.active),
      query.below_reorder ? belowReorder : undefined,
    );
    const sortable = { code: items.code, name: localNameSql('items'), unit: items.unit };
    return pageOf(db, () => selectItems(db).$dynamic(), {
      where,
      order: { sort: query.sort, sortable, fallback: [asc(items.code)], tiebreak: items.id },
      window,
    });
  },
  get: async (db, id) => (await selectItems(db).where(eq(items.id, id)))[0],
  async insert(tx, body, actorId) {
    await checkAccounts(tx, body);
    const [row] = await tx
      .insert(items)
      .values({ ...body, createdBy: actorId })
      .returning({ id: items.id });
    if (!row) throw new Error('Item insert returned nothing');
    return row.id;
  },
  async update(tx, id, body, before) {
    await checkAccounts(tx, body);
    if (body.kind !== before.kind && (before.quantityOnHand !== '0.000' || (await hasMovements(tx, id))))
      throw fieldError(
        'kind',
        `${before.name} has stock movements: it cannot change between stock and service`,
      );
    await tx.update(items).set(body).where(eq(items.id, id));
  },
  constraints: {
    items_code_unique: { field: 'code', message: 'Another item has this code' },
    items_category_id_item_categories_id_fk: {
      field: 'categoryId',
      message: 'The chosen category does not exist',
    },
    items_service_no_batch_check: { field: 'tracksBatch', message: 'A service cannot track batches' },
  },
  exportColumns: [
    { header: 'Code', value: (r) => r.code },
    { header: 'Item', value: (r) => localRowName(r), width: 30 },
    { header: 'Unit', value: (r) => unitLabel(currentLanguage(), r.unit) },
    { header: 'Category', value: (r) => r.categoryName, width: 24 },
    { header: 'Kind', value: (r) => r.kind },
    { header: 'Reorder level', value: (r) => r.reorderLevel },
    { header: 'Tracks batch', value: (r) => (r.tracksBatch ? 'Yes' : 'No') },
    { header: 'On hand', value: (r) => r.quantityOnHand },
    { header: 'Value', value: (r) => r.valueOnHand },
    { header: 'Active', value: (r) => (r.active ? 'Yes' : 'No') },
  ],
};

async function hasMovements(tx: DbOrTx, itemId: string): Promise<boolean> {
  const [row] = await queryRows(
    tx,
    z.object({ moved: z.boolean() }),
    sql`select exists (select 1 from stock_movements where item_id = ${itemId}) as moved`,
  );
  return row?.moved ?? false;
}
