import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { authorship, cancellation, id, money, qty, unitCost } from '../../../db/columns.ts';
import { amcosRef } from '../../amcos/schema.ts';
import { farmerRef } from '../../farmers/schema.ts';
import { itemRef } from '../../inventory/items/schema.ts';
import { stores } from '../../inventory/stores/schema.ts';
import { seasons } from '../../seasons/schema.ts';
import { farmerLoans } from '../../settlement/schema.ts';
import { inputRequests } from '../requests/schema.ts';

export const DISTRIBUTION_KINDS = ['credit', 'cash', 'free', 'subsidised'] as const;

/**
 * Inputs handed to a farmer from an AMCOS store against an approved request. A credit or
 * subsidised distribution owns the farmer's loan (`loan_id`, source `distribution`).
 */
export const inputDistributions = pgTable(
  'input_distributions',
  {
    id: id(),
    distributionNo: text('distribution_no').notNull(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => inputRequests.id),
    farmerId: farmerRef(),
    amcosId: amcosRef(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id),
    kind: text('kind', { enum: DISTRIBUTION_KINDS }).notNull(),
    distributedOn: date('distributed_on').notNull(),
    status: text('status', { enum: ['issued', 'cancelled'] })
      .notNull()
      .default('issued'),
    /** What the farmer owes (credit, subsidised) or paid (cash); 0 when free. */
    farmerAmount: money('farmer_amount').notNull(),
    subsidyAmount: money('subsidy_amount').notNull().default('0'),
    costValue: money('cost_value').notNull(),
    /** farmer amount + subsidy - cost (negative when sold below cost); 0 when free. */
    margin: money('margin').notNull(),
    loanId: uuid('loan_id').references(() => farmerLoans.id),
    ...cancellation(),
    ...authorship(),
  },
  (t) => [
    uniqueIndex('input_distributions_no_unique').on(t.distributionNo),
    uniqueIndex('input_distributions_request_unique').on(t.requestId).where(sql`${t.status} = 'issued'`),
    index('input_distributions_amcos_idx').on(t.amcosId, t.distributedOn),
    index('input_distributions_season_idx').on(t.seasonId, t.status),
    index('input_distributions_farmer_idx').on(t.farmerId),
    check('input_distributions_kind_check', sql`${t.kind} in ('credit', 'cash', 'free', 'subsidised')`),
    check('input_distributions_status_check', sql`${t.status} in ('issued', 'cancelled')`),
    check(
      'input_distributions_loan_check',
      sql`(${t.loanId} is not null) = (${t.kind} in ('credit', 'subsidised') and ${t.farmerAmount} > 0)`,
    ),
    check(
      'input_distributions_margin_check',
      sql`${t.margin} = ${t.farmerAmount} + ${t.subsidyAmount} - ${t.costValue} or (${t.kind} = 'free' and ${t.margin} = 0)`,
    ),
  ],
);

export const inputDistributionLines = pgTable(
  'input_distribution_lines',
  {
    id: id(),
    distributionId: uuid('distribution_id')
      .notNull()
      .references(() => inputDistributions.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    itemId: itemRef(),
    quantity: qty('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    farmerValue: money('farmer_value').notNull(),
    subsidyValue: money('subsidy_value').notNull().default('0'),
    unitCost: unitCost('unit_cost').notNull(),
    costValue: money('cost_value').notNull(),
  },
  (t) => [
    index('input_distribution_lines_dist_idx').on(t.distributionId, t.lineNo),
    index('input_distribution_lines_item_idx').on(t.itemId),
    check('input_distribution_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/**
 * The season's distribution totals per AMCOS x farmer x item x kind, kept by the distribution use
 * cases in their own transaction (a save adds its lines, a cancel takes them off), so the season
 * report reads these rows instead of grouping every distribution line. `lines` counts the issued
 * distribution lines behind a row; a row at 0 is deleted. No foreign keys: it is derived from
 * input_distributions (whose keys stand behind it) and is rewritten on every save.
 */
export const inputDistributionTotals = pgTable(
  'input_distribution_totals',
  {
    seasonId: uuid('season_id').notNull(),
    amcosId: uuid('amcos_id').notNull(),
    farmerId: uuid('farmer_id').notNull(),
    itemId: uuid('item_id').notNull(),
    kind: text('kind', { enum: DISTRIBUTION_KINDS }).notNull(),
    lines: integer('lines').notNull(),
    quantity: numeric('quantity', { precision: 16, scale: 3 }).notNull(),
    farmerValue: numeric('farmer_value', { precision: 18, scale: 2 }).notNull(),
    subsidyValue: numeric('subsidy_value', { precision: 18, scale: 2 }).notNull(),
    costValue: numeric('cost_value', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.seasonId, t.amcosId, t.farmerId, t.itemId, t.kind] }),
    check('input_distribution_totals_lines_check', sql`${t.lines} >= 0`),
  ],
);
