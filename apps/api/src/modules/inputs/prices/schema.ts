import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authorship, id, money } from '../../../db/columns.ts';
import { itemRef } from '../../inventory/items/schema.ts';
import { seasons } from '../../seasons/schema.ts';

export const CREDIT_LIMIT_BASES = ['per_acre', 'fixed'] as const;

/**
 * A season's price of one input to farmers, set by the union: credit, cash, and for subsidised
 * inputs the farmer's price and the programme's share per unit; and the farmer's credit limit for
 * the item (TZS per acre of registered farm, or one amount per farmer).
 */
export const inputPrices = pgTable(
  'input_prices',
  {
    id: id(),
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id),
    itemId: itemRef(),
    creditPrice: money('credit_price').notNull(),
    cashPrice: money('cash_price').notNull(),
    subsidisedPrice: money('subsidised_price'),
    programmeShare: money('programme_share').notNull().default('0'),
    limitBasis: text('limit_basis', { enum: CREDIT_LIMIT_BASES }).notNull(),
    creditLimit: money('credit_limit').notNull(),
    updatedBy: uuid('updated_by'),
    ...authorship(),
  },
  (t) => [
    uniqueIndex('input_prices_season_item_unique').on(t.seasonId, t.itemId),
    index('input_prices_item_idx').on(t.itemId),
    check(
      'input_prices_amounts_check',
      sql`${t.creditPrice} >= 0 and ${t.cashPrice} >= 0 and ${t.programmeShare} >= 0 and ${t.creditLimit} >= 0 and coalesce(${t.subsidisedPrice}, 0) >= 0`,
    ),
    check('input_prices_basis_check', sql`${t.limitBasis} in ('per_acre', 'fixed')`),
  ],
);
