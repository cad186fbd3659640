import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, kg, money, proposal } from '../../../db/columns.ts';
import { journalEntries } from '../../accounts/journal/schema.ts';
import { amcos } from '../../amcos/schema.ts';
import { financialYears } from '../../financial-years/schema.ts';
import { seasons } from '../../seasons/schema.ts';
import { members } from '../register/schema.ts';

export const APPROPRIATION_STATUSES = ['proposed', 'approved', 'rejected'] as const;

/**
 * The appropriation of a closed financial year's surplus (#32): proposed by the board, approved
 * (posted, a payment batch drafted) or rejected by another user. One proposed or approved per year.
 */
export const appropriations = pgTable(
  'appropriations',
  {
    id: id(),
    appropriationNo: text('appropriation_no').notNull(),
    financialYearId: uuid('financial_year_id')
      .notNull()
      .references(() => financialYears.id),
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id),
    surplus: money('surplus').notNull(),
    reservePercent: numeric('reserve_percent', { precision: 5, scale: 2 }).notNull(),
    dividendPercent: numeric('dividend_percent', { precision: 5, scale: 2 }).notNull(),
    bonusPerKg: money('bonus_per_kg').notNull(),
    reserve: money('reserve').notNull(),
    dividend: money('dividend').notNull(),
    bonus: money('bonus').notNull(),
    retained: money('retained').notNull(),
    status: text('status', { enum: APPROPRIATION_STATUSES }).notNull().default('proposed'),
    ...proposal(),
    journalEntryId: uuid('journal_entry_id').references(() => journalEntries.id),
    /** The batch paying the AMCOS (settlement's payment_batches; no foreign key: members does not import settlement). */
    paymentBatchId: uuid('payment_batch_id'),
  },
  (t) => [
    uniqueIndex('appropriations_no_unique').on(t.appropriationNo),
    /** A year's surplus is appropriated once: one proposal or approval at a time, rejections aside. */
    uniqueIndex('appropriations_year_unique').on(t.financialYearId).where(sql`${t.status} <> 'rejected'`),
    check('appropriations_status_check', sql`${t.status} in ('proposed', 'approved', 'rejected')`),
    check(
      'appropriations_sum_check',
      sql`${t.reserve} + ${t.dividend} + ${t.bonus} + ${t.retained} = ${t.surplus} and ${t.surplus} > 0
        and ${t.reserve} >= 0 and ${t.dividend} >= 0 and ${t.bonus} >= 0 and ${t.retained} >= 0`,
    ),
    check('appropriations_checker_check', sql`${t.approvedBy} is null or ${t.approvedBy} <> ${t.proposedBy}`),
  ],
);

/** What one AMCOS (a member of the union) gets: dividend on its paid shares, bonus on its kg. */
export const appropriationLines = pgTable(
  'appropriation_lines',
  {
    id: id(),
    appropriationId: uuid('appropriation_id')
      .notNull()
      .references(() => appropriations.id),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    amcosId: uuid('amcos_id')
      .notNull()
      .references(() => amcos.id),
    paidShares: money('paid_shares').notNull(),
    kg: kg('kg').notNull(),
    dividend: money('dividend').notNull(),
    bonus: money('bonus').notNull(),
    payable: money('payable').notNull(),
    /**
     * What pays the AMCOS's unpaid shares first, when it chose so (#32): previewed at the proposal,
     * fixed at approval; the rest (payable - to_shares) is its payment line.
     */
    toShares: money('to_shares').notNull().default('0'),
  },
  (t) => [
    uniqueIndex('appropriation_lines_member_unique').on(t.appropriationId, t.amcosId),
    index('appropriation_lines_amcos_idx').on(t.amcosId),
    check('appropriation_lines_payable_check', sql`${t.payable} = ${t.dividend} + ${t.bonus}`),
    check('appropriation_lines_to_shares_check', sql`${t.toShares} >= 0 and ${t.toShares} <= ${t.payable}`),
  ],
);
