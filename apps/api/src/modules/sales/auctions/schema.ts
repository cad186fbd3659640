import { sql } from 'drizzle-orm';
import { boolean, check, date, index, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authorship, id, stamp, timestamps } from '../../../db/columns.ts';
import { lots } from '../../crop-flow/schema.ts';
import { seasonCropRef } from '../../seasons/schema.ts';
import { buyers } from '../buyers/schema.ts';

export const AUCTION_STATUSES = ['draft', 'catalogued', 'results', 'closed'] as const;
export const AUCTION_PLATFORMS = ['tmx_online', 'bid_box', 'open'] as const;
export const AUCTION_RESULTS = ['bid', 'no_bid', 'withdrawn'] as const;
export const AUCTION_DECISIONS = ['accept', 'reject'] as const;

const price = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** An auction of one season crop: its catalogue of lots, the results and the societies' decisions. */
export const auctions = pgTable(
  'auctions',
  {
    id: id(),
    /** Gap-free per year: `AUC-2026-000001`. */
    auctionNo: text('auction_no').notNull(),
    auctionDate: date('auction_date').notNull(),
    seasonCropId: seasonCropRef(),
    platform: text('platform', { enum: AUCTION_PLATFORMS }).notNull(),
    venue: text('venue'),
    status: text('status', { enum: AUCTION_STATUSES }).notNull().default('draft'),
    ...stamp('published'),
    ...stamp('closed'),
    ...authorship(),
  },
  (t) => [
    uniqueIndex('auctions_auction_no_unique').on(t.auctionNo),
    index('auctions_date_idx').on(t.auctionDate, t.id),
    index('auctions_season_crop_idx').on(t.seasonCropId, t.status),
    check('auctions_status_check', sql`${t.status} in ('draft', 'catalogued', 'results', 'closed')`),
    check('auctions_platform_check', sql`${t.platform} in ('tmx_online', 'bid_box', 'open')`),
  ],
);

/**
 * A lot in an auction's catalogue. `outcome` is set when the auction closes (sold, or returned to
 * store); until then the row is open, and a lot is open in at most one catalogue.
 */
export const auctionLots = pgTable(
  'auction_lots',
  {
    id: id(),
    auctionId: uuid('auction_id')
      .notNull()
      .references(() => auctions.id),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => lots.id),
    reservePrice: price('reserve_price').notNull(),
    /** null until the result is recorded. `bid` carries the highest bidder and price per kg. */
    result: text('result', { enum: AUCTION_RESULTS }),
    buyerId: uuid('buyer_id').references(() => buyers.id),
    pricePerKg: price('price_per_kg'),
    /** A bid under the reserve price stands only when confirmed. */
    belowReserveConfirmed: boolean('below_reserve_confirmed').notNull().default(false),
    ...stamp('result'),
    /** The society's decision on the highest bid, with the reference of its signed form. */
    decision: text('decision', { enum: AUCTION_DECISIONS }),
    decisionFormRef: text('decision_form_ref'),
    ...stamp('decided'),
    /** Set at close: net kg x price, and which invoice billed it. */
    amount: numeric('amount', { precision: 16, scale: 2 }),
    invoiceId: uuid('invoice_id'),
    outcome: text('outcome', { enum: ['sold', 'returned'] }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('auction_lots_auction_lot_unique').on(t.auctionId, t.lotId),
    uniqueIndex('auction_lots_open_lot_unique').on(t.lotId).where(sql`${t.outcome} is null`),
    index('auction_lots_lot_idx').on(t.lotId),
    index('auction_lots_buyer_idx').on(t.buyerId),
    check('auction_lots_reserve_check', sql`${t.reservePrice} >= 0`),
    check(
      'auction_lots_result_check',
      sql`${t.result} is null or ${t.result} in ('bid', 'no_bid', 'withdrawn')`,
    ),
    check(
      'auction_lots_bid_check',
      sql`(${t.result} is null and ${t.buyerId} is null and ${t.pricePerKg} is null)
        or (${t.result} = 'bid' and ${t.buyerId} is not null and ${t.pricePerKg} is not null)
        or (${t.result} in ('no_bid', 'withdrawn') and ${t.buyerId} is null and ${t.pricePerKg} is null)`,
    ),
    check('auction_lots_price_check', sql`${t.pricePerKg} is null or ${t.pricePerKg} > 0`),
    check(
      'auction_lots_decision_check',
      sql`${t.decision} is null or (${t.decision} in ('accept', 'reject') and ${t.result} is not distinct from 'bid' and ${t.decisionFormRef} is not null)`,
    ),
    check(
      'auction_lots_outcome_check',
      sql`${t.outcome} is null or (${t.outcome} = 'sold') = (${t.decision} is not distinct from 'accept')`,
    ),
  ],
);
