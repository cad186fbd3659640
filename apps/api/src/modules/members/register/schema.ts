import { sql } from 'drizzle-orm';
import { boolean, check, date, index, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { creation, id, timestamps } from '../../../db/columns.ts';
import { journalEntries } from '../../accounts/journal/schema.ts';
import { accounts } from '../../accounts/schema.ts';
import { amcos } from '../../amcos/schema.ts';
import { farmers } from '../../farmers/schema.ts';

/**
 * A member of a society's register (#32). The union's register (`amcos_id` null) holds its AMCOS
 * (`member_amcos_id`); an AMCOS's register (`amcos_id`) holds its farmers (`farmer_id`).
 * Shares are amounts in TZS; what was paid before going live is `opening_shares_paid` (in the
 * opening trial balance, never posted again); the rest is the member's payments.
 */
export const members = pgTable(
  'members',
  {
    id: id(),
    amcosId: uuid('amcos_id').references(() => amcos.id),
    memberAmcosId: uuid('member_amcos_id').references(() => amcos.id),
    farmerId: uuid('farmer_id').references(() => farmers.id),
    memberNo: text('member_no').notNull(),
    joinedOn: date('joined_on', { mode: 'string' }).notNull(),
    sharesSubscribed: numeric('shares_subscribed', { precision: 18, scale: 2 }).notNull(),
    openingSharesPaid: numeric('opening_shares_paid', { precision: 18, scale: 2 }).notNull().default('0'),
    sharesPaid: numeric('shares_paid', { precision: 18, scale: 2 }).notNull().default('0'),
    entranceFeePaid: numeric('entrance_fee_paid', { precision: 18, scale: 2 }).notNull().default('0'),
    /** A union member's choice: its dividend and bonus pay its unpaid shares first (#32). */
    dividendToShares: boolean('dividend_to_shares').notNull().default(false),
    createdBy: uuid('created_by'),
    ...timestamps(),
  },
  (t) => [
    check(
      'members_kind_check',
      sql`(${t.amcosId} is null and ${t.memberAmcosId} is not null and ${t.farmerId} is null)
        or (${t.amcosId} is not null and ${t.farmerId} is not null and ${t.memberAmcosId} is null)`,
    ),
    check(
      'members_amounts_check',
      sql`${t.sharesSubscribed} >= 0 and ${t.openingSharesPaid} >= 0 and ${t.entranceFeePaid} >= 0
        and ${t.sharesPaid} >= ${t.openingSharesPaid} and ${t.sharesPaid} <= ${t.sharesSubscribed}`,
    ),
    check('members_dividend_to_shares_check', sql`not ${t.dividendToShares} or ${t.amcosId} is null`),
    uniqueIndex('members_member_amcos_uq').on(t.memberAmcosId),
    uniqueIndex('members_farmer_uq').on(t.farmerId),
    uniqueIndex('members_union_no_uq').on(t.memberNo).where(sql`${t.amcosId} is null`),
    uniqueIndex('members_society_no_uq').on(t.amcosId, t.memberNo).where(sql`${t.amcosId} is not null`),
  ],
);

/**
 * Each society's by-law share minimum (#32): a member is active once it has paid at least this.
 * `society` is 'union' or the AMCOS's id. The union's row also holds its by-laws' statutory reserve,
 * the percentage of a year's surplus its appropriation puts to the general reserve.
 */
export const memberSettings = pgTable('member_settings', {
  society: text('society').primaryKey(),
  shareMinimum: numeric('share_minimum', { precision: 18, scale: 2 }).notNull(),
  reservePercent: numeric('reserve_percent', { precision: 5, scale: 2 }).notNull().default('25'),
  ...timestamps(),
});

/**
 * A payment for shares or the entrance fee (#32). The union's members' payments are posted (the
 * entry); an AMCOS's farmers' payments are the society's own money, kept here as its sub-ledger.
 */
export const memberPayments = pgTable(
  'member_payments',
  {
    id: id(),
    receiptNo: text('receipt_no').notNull().unique(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind', { enum: ['shares', 'entrance_fee'] }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    bankAccountId: uuid('bank_account_id').references(() => accounts.id),
    reference: text('reference'),
    journalEntryId: uuid('journal_entry_id').references(() => journalEntries.id),
    /** Paid from crop money (#32): the approved settlement that deducted it. */
    settlementId: uuid('settlement_id'),
    /** Paid from its dividend and bonus (#32): the approved appropriation (no foreign key: see its module). */
    appropriationId: uuid('appropriation_id'),
    ...creation(),
  },
  (t) => [
    check('member_payments_kind_check', sql`${t.kind} in ('shares', 'entrance_fee')`),
    check('member_payments_amount_check', sql`${t.amount} > 0`),
    index('member_payments_member_idx').on(t.memberId, t.paidOn),
    /** One payment per member and settlement: approving again adds nothing. */
    uniqueIndex('member_payments_settlement_uq')
      .on(t.settlementId, t.memberId)
      .where(sql`${t.settlementId} is not null`),
    /** One payment per member and appropriation: approving again adds nothing. */
    uniqueIndex('member_payments_appropriation_uq')
      .on(t.appropriationId, t.memberId)
      .where(sql`${t.appropriationId} is not null`),
  ],
);
