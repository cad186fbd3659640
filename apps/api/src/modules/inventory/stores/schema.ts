import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authorship, id } from '../../../db/columns.ts';
import { amcos } from '../../amcos/schema.ts';

export const STORE_KINDS = ['union', 'amcos'] as const;

/** A place stock is kept: one of the union's stores, or an AMCOS's own store (amcos_id set). */
export const stores = pgTable(
  'stores',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: STORE_KINDS }).notNull(),
    amcosId: uuid('amcos_id').references(() => amcos.id),
    location: text('location'),
    keeperName: text('keeper_name'),
    keeperPhone: text('keeper_phone'),
    /** A closed store takes no receipts, issues or transfers; its history stays. */
    active: boolean('active').notNull().default(true),
    ...authorship(),
  },
  (t) => [
    uniqueIndex('stores_code_unique').on(sql`lower(${t.code})`),
    index('stores_amcos_idx').on(t.amcosId),
    check('stores_kind_check', sql`${t.kind} in ('union', 'amcos')`),
    check('stores_kind_amcos_check', sql`(${t.kind} = 'amcos') = (${t.amcosId} is not null)`),
  ],
);

/** A stock row's store: `store_id`, required, one of the stores. */
export const storeRef = () =>
  uuid('store_id')
    .notNull()
    .references(() => stores.id);
