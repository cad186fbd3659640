import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, kg, money, proposal } from '../../../db/columns.ts';
import { amcos } from '../../amcos/schema.ts';
import { farmers } from '../../farmers/schema.ts';
import { seasonCrops } from '../../seasons/schema.ts';

export const SECOND_PAYMENT_STATUSES = ['proposed', 'approved', 'rejected'] as const;

/**
 * A second payment to farmers (#32): an amount per kg of a season crop, optionally only for some
 * AMCOS, proposed by one user and approved (posted, a farmers' payment batch drafted) or rejected
 * by another. One proposal waiting per season crop at a time.
 */
export const secondPayments = pgTable(
  'second_payments',
  {
    id: id(),
    paymentNo: text('payment_no').notNull(),
    seasonCropId: uuid('season_crop_id')
      .notNull()
      .references(() => seasonCrops.id),
    ratePerKg: money('rate_per_kg').notNull(),
    /** Only these AMCOS' farmers; empty: all. */
    amcosIds: uuid('amcos_ids').array().notNull().default(sql`'{}'::uuid[]`),
    kg: kg('kg').notNull(),
    total: money('total').notNull(),
    lineCount: integer('line_count').notNull(),
    status: text('status', { enum: SECOND_PAYMENT_STATUSES }).notNull().default('proposed'),
    ...proposal(),
    /** The farmers' batch (settlement's payment_batches; no foreign key: members does not import settlement). */
    paymentBatchId: uuid('payment_batch_id'),
  },
  (t) => [
    uniqueIndex('second_payments_no_unique').on(t.paymentNo),
    /** One proposal waiting per season crop: a second one would pay the same kg twice by mistake. */
    uniqueIndex('second_payments_waiting_unique').on(t.seasonCropId).where(sql`${t.status} = 'proposed'`),
    check('second_payments_status_check', sql`${t.status} in ('proposed', 'approved', 'rejected')`),
    check('second_payments_amount_check', sql`${t.ratePerKg} > 0 and ${t.total} > 0 and ${t.kg} > 0`),
    check(
      'second_payments_checker_check',
      sql`${t.approvedBy} is null or ${t.approvedBy} <> ${t.proposedBy}`,
    ),
  ],
);

/** What one farmer gets: the rate on the kg they delivered through one AMCOS, split exactly. */
export const secondPaymentLines = pgTable(
  'second_payment_lines',
  {
    id: id(),
    secondPaymentId: uuid('second_payment_id')
      .notNull()
      .references(() => secondPayments.id),
    farmerId: uuid('farmer_id')
      .notNull()
      .references(() => farmers.id),
    amcosId: uuid('amcos_id')
      .notNull()
      .references(() => amcos.id),
    kg: kg('kg').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    uniqueIndex('second_payment_lines_farmer_unique').on(t.secondPaymentId, t.farmerId, t.amcosId),
    index('second_payment_lines_amcos_idx').on(t.amcosId),
    index('second_payment_lines_farmer_idx').on(t.farmerId),
    check('second_payment_lines_amount_check', sql`${t.amount} >= 0 and ${t.kg} > 0`),
  ],
);
