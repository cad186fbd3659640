import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';
import { banks, councils } from '../cooperative/schema.ts';
import { grades, seasonCropRef } from '../seasons/schema.ts';

export const beneficiaries = pgTable(
  'beneficiaries',
  {
    id: id(),
    name: text('name').notNull().unique('beneficiaries_name_unique'),
    kind: text('kind', {
      enum: ['council', 'crop_board', 'union', 'amcos', 'regulator', 'other'],
    }).notNull(),
    councilId: uuid('council_id').references(() => councils.id),
    bankId: uuid('bank_id').references(() => banks.id),
    accountNo: text('account_no'),
    active: boolean('active').notNull().default(true),
    /** Its rules' amounts are the union's own income (Operation book), not paid out (#16). */
    unionIncome: boolean('union_income').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    check(
      'beneficiaries_kind_check',
      sql`${t.kind} in ('council', 'crop_board', 'union', 'amcos', 'regulator', 'other')`,
    ),
    check('beneficiaries_council_check', sql`${t.kind} <> 'council' or ${t.councilId} is not null`),
  ],
);

/** A deduction a season crop carries: who pays, on what basis, how much, to whom, when. */
export const deductionRules = pgTable(
  'deduction_rules',
  {
    id: id(),
    seasonCropId: seasonCropRef(),
    gradeId: uuid('grade_id').references(() => grades.id),
    name: text('name').notNull(),
    /**
     * `levy`: an amount by its basis, out of the gross. `member_shares` (#32): after the loans, up to
     * `rate` percent of what is left of a member's money pays their unpaid shares to the AMCOS.
     * `amcos_shares` (#32): up to `rate` percent of the AMCOS's levy on a lot pays its unpaid union
     * shares to the union (stored in member shares' fixed shape).
     */
    kind: text('kind', { enum: ['levy', 'member_shares', 'amcos_shares'] })
      .notNull()
      .default('levy'),
    recipient: text('recipient', { enum: ['beneficiary', 'amcos', 'transporter'] }).notNull(),
    beneficiaryId: uuid('beneficiary_id').references(() => beneficiaries.id),
    payer: text('payer', { enum: ['farmer', 'buyer'] }).notNull(),
    basis: text('basis', { enum: ['per_kg', 'percent_of_gross', 'per_bag', 'fixed'] }).notNull(),
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
    minimum: numeric('minimum', { precision: 14, scale: 2 }),
    maximum: numeric('maximum', { precision: 14, scale: 2 }),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    order: integer('sort_order').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('deduction_rules_season_crop_idx').on(t.seasonCropId, t.order),
    check('deduction_rules_recipient_check', sql`${t.recipient} in ('beneficiary', 'amcos', 'transporter')`),
    check(
      'deduction_rules_beneficiary_check',
      sql`(${t.recipient} = 'beneficiary') = (${t.beneficiaryId} is not null)`,
    ),
    check('deduction_rules_payer_check', sql`${t.payer} in ('farmer', 'buyer')`),
    check('deduction_rules_kind_check', sql`${t.kind} in ('levy', 'member_shares', 'amcos_shares')`),
    check(
      'deduction_rules_member_shares_check',
      sql`${t.kind} = 'levy' or (${t.recipient} = 'amcos' and ${t.payer} = 'farmer'
        and ${t.basis} = 'percent_of_gross' and ${t.minimum} is null and ${t.maximum} is null)`,
    ),
    check(
      'deduction_rules_basis_check',
      sql`${t.basis} in ('per_kg', 'percent_of_gross', 'per_bag', 'fixed')`,
    ),
    check('deduction_rules_rate_check', sql`${t.rate} >= 0`),
    check('deduction_rules_percent_check', sql`${t.basis} <> 'percent_of_gross' or ${t.rate} <= 100`),
    check(
      'deduction_rules_range_check',
      sql`${t.minimum} is null or ${t.maximum} is null or ${t.minimum} <= ${t.maximum}`,
    ),
    check(
      'deduction_rules_dates_check',
      sql`${t.validFrom} is null or ${t.validTo} is null or ${t.validFrom} <= ${t.validTo}`,
    ),
  ],
);
