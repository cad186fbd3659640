import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { authorship, id, money, qty, stamp } from '../../../db/columns.ts';
import { amcosRef } from '../../amcos/schema.ts';
import { farmerRef } from '../../farmers/schema.ts';
import { itemRef } from '../../inventory/items/schema.ts';
import { seasonCropRef, seasons } from '../../seasons/schema.ts';

export const INPUT_REQUEST_STATUSES = [
  'pending',
  'amcos_approved',
  'approved',
  'rejected',
  'distributed',
] as const;

/**
 * A farmer's request for inputs, recorded by their AMCOS: pending -> amcos_approved (AMCOS
 * manager) -> approved (union crop officer) -> distributed; or rejected at either level.
 */
export const inputRequests = pgTable(
  'input_requests',
  {
    id: id(),
    requestNo: text('request_no').notNull(),
    farmerId: farmerRef(),
    amcosId: amcosRef(),
    seasonCropId: seasonCropRef(),
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id),
    /** The farmer's registered acres of the crop when the request was made. */
    acres: numeric('acres', { precision: 10, scale: 2 }).notNull(),
    requestedOn: date('requested_on').notNull(),
    status: text('status', { enum: INPUT_REQUEST_STATUSES }).notNull().default('pending'),
    creditValue: money('credit_value').notNull(),
    overLimit: boolean('over_limit').notNull().default(false),
    overrideReason: text('override_reason'),
    notes: text('notes'),
    ...stamp('amcosApproved', 'amcos_approved'),
    ...stamp('unionApproved', 'union_approved'),
    ...stamp('rejected'),
    rejectReason: text('reject_reason'),
    ...authorship(),
  },
  (t) => [
    uniqueIndex('input_requests_no_unique').on(t.requestNo),
    index('input_requests_amcos_status_idx').on(t.amcosId, t.status, t.id),
    index('input_requests_season_status_idx').on(t.seasonId, t.status, t.id),
    index('input_requests_farmer_idx').on(t.farmerId, t.seasonId),
    /** Requests waiting for the union's approval, whatever the season (the inbox, #27). */
    index('input_requests_amcos_approved_idx')
      .on(t.amcosApprovedAt)
      .where(sql`${t.status} = 'amcos_approved'`),
    check(
      'input_requests_status_check',
      sql`${t.status} in ('pending', 'amcos_approved', 'approved', 'rejected', 'distributed')`,
    ),
    check('input_requests_override_check', sql`not ${t.overLimit} or ${t.overrideReason} is not null`),
    // Maker != checker at each level, held by the database too.
    check(
      'input_requests_makers_check',
      sql`(${t.amcosApprovedBy} is null or ${t.amcosApprovedBy} is distinct from ${t.createdBy}) and (${t.unionApprovedBy} is null or (${t.unionApprovedBy} is distinct from ${t.amcosApprovedBy} and ${t.unionApprovedBy} is distinct from ${t.createdBy}))`,
    ),
  ],
);

export const inputRequestLines = pgTable(
  'input_request_lines',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => inputRequests.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    itemId: itemRef(),
    suggestedQuantity: qty('suggested_quantity'),
    quantity: qty('quantity').notNull(),
    creditPrice: money('credit_price').notNull(),
    creditValue: money('credit_value').notNull(),
    creditLimit: money('credit_limit').notNull(),
    usedElsewhere: money('used_elsewhere').notNull().default('0'),
    overLimit: boolean('over_limit').notNull().default(false),
  },
  (t) => [
    uniqueIndex('input_request_lines_item_unique').on(t.requestId, t.itemId),
    index('input_request_lines_item_idx').on(t.itemId),
    check('input_request_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);
