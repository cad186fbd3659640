import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authorship, id, qty } from '../../../db/columns.ts';
import { accounts } from '../../accounts/schema.ts';

export const ITEM_KINDS = ['stock', 'service'] as const;

export const itemCategories = pgTable(
  'item_categories',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    ...authorship(),
  },
  (t) => [uniqueIndex('item_categories_name_unique').on(sql`lower(${t.name})`)],
);

/**
 * What the union buys, stores and issues (fertiliser, sulphur, bags, sprayers), or a service
 * (transport, spraying) that can sit on an order or invoice line but never in a store.
 */
export const items = pgTable(
  'items',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** The item's Swahili name, read on Swahili screens, documents and farmers' SMS (#35). */
    nameSw: text('name_sw'),
    /** Unit of measure the quantities are counted in: kg, litre, bag, piece. */
    unit: text('unit').notNull(),
    categoryId: uuid('category_id').references(() => itemCategories.id),
    kind: text('kind', { enum: ITEM_KINDS }).notNull().default('stock'),
    reorderLevel: qty('reorder_level').notNull().default('0'),
    tracksBatch: boolean('tracks_batch').notNull().default(false),
    /** Default accounts shown on the item; postings use the account mappings (see DECISIONS). */
    inventoryAccountId: uuid('inventory_account_id').references(() => accounts.id),
    expenseAccountId: uuid('expense_account_id').references(() => accounts.id),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    ...authorship(),
  },
  (t) => [
    uniqueIndex('items_code_unique').on(sql`lower(${t.code})`),
    index('items_category_idx').on(t.categoryId),
    check('items_kind_check', sql`${t.kind} in ('stock', 'service')`),
    check('items_reorder_level_check', sql`${t.reorderLevel} >= 0`),
    check('items_service_no_batch_check', sql`${t.kind} = 'stock' or not ${t.tracksBatch}`),
  ],
);

/** A stock row's item: `item_id`, required, one of the items. */
export const itemRef = () =>
  uuid('item_id')
    .notNull()
    .references(() => items.id);
