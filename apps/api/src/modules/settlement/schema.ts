import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { approval, authorship, cancellation, id, kg, money, stamp, updatedAt } from '../../db/columns.ts';
import { journalEntries } from '../accounts/journal/schema.ts';
import { accounts } from '../accounts/schema.ts';
import { amcos, amcosRef } from '../amcos/schema.ts';
import { lots } from '../crop-flow/schema.ts';
import { farmerRef } from '../farmers/schema.ts';

/**
 * Settlement and payments: farmers' loans, settlement runs (a paid lot's gross split among the
 * beneficiaries, transporters, the AMCOS and the lot's farmers, loans recovered), and the payment
 * batches that pay every line out.
 */

export const LOAN_SOURCES = ['cash_advance', 'distribution'] as const;
export const LOAN_STATUSES = ['draft', 'active', 'cancelled'] as const;

/**
 * A farmer's loan: a cash advance (draft until another person approves it; approval posts it) or
 * inputs on credit (`distribution`). Only `active` (approved, posted) loans are recovered.
 */
export const farmerLoans = pgTable(
  'farmer_loans',
  {
    id: id(),
    loanNo: text('loan_no').notNull(),
    farmerId: farmerRef(),
    /** The farmer's society, kept on the row for AMCOS users' lists. */
    amcosId: amcosRef(),
    issuedOn: date('issued_on').notNull(),
    amount: money('amount').notNull(),
    /** Sum of the recoveries of approved settlements. */
    recovered: money('recovered').notNull().default('0'),
    reason: text('reason').notNull(),
    source: text('source', { enum: LOAN_SOURCES }).notNull().default('cash_advance'),
    status: text('status', { enum: LOAN_STATUSES }).notNull().default('active'),
    cancelReason: text('cancel_reason'),
    /** The bank or cash account a cash advance is paid from (either book). */
    bankAccountId: uuid('bank_account_id').references(() => accounts.id),
    /** The loan's posting: Dr farmer loans / Cr what paid it (the Collection book's entry). */
    journalEntryId: uuid('journal_entry_id').references(() => journalEntries.id),
    ...approval(),
    ...authorship(),
  },
  (t) => [
    uniqueIndex('farmer_loans_no_unique').on(t.loanNo),
    /** Outstanding loans of a farmer, oldest first: what a settlement recovers. */
    index('farmer_loans_outstanding_idx')
      .on(t.farmerId, t.issuedOn, t.id)
      .where(sql`${t.status} = 'active' and ${t.recovered} < ${t.amount}`),
    index('farmer_loans_amcos_idx').on(t.amcosId, t.issuedOn),
    /** Cash advances waiting for an approver (the inbox, #27). */
    index('farmer_loans_draft_idx').on(t.createdAt).where(sql`${t.status} = 'draft'`),
    check('farmer_loans_amount_check', sql`${t.amount} > 0`),
    check('farmer_loans_recovered_check', sql`${t.recovered} >= 0 and ${t.recovered} <= ${t.amount}`),
    check('farmer_loans_source_check', sql`${t.source} in ('cash_advance', 'distribution')`),
    check('farmer_loans_status_check', sql`${t.status} in ('draft', 'active', 'cancelled')`),
  ],
);

export const SETTLEMENT_STATUSES = ['draft', 'approved', 'cancelled'] as const;

/**
 * How a settlement's (or one lot's) gross is split: gross = beneficiaries + transporters +
 * amcos_share + farmers_net + loan_recovery. Buyer-paid levies of the lots are invoiced to the
 * buyers and paid to the beneficiaries with it.
 */
const settlementSplit = () => ({
  gross: money('gross').notNull(),
  beneficiaries: money('beneficiaries').notNull(),
  transporters: money('transporters').notNull(),
  amcosShare: money('amcos_share').notNull(),
  farmersNet: money('farmers_net').notNull(),
  loanRecovery: money('loan_recovery').notNull(),
  buyerLevies: money('buyer_levies').notNull(),
  /** Members' unpaid shares paid from the farmers' money after their loans, to their AMCOS (#32). */
  memberShares: money('member_shares').notNull().default('0'),
  /**
   * Part of amcos_share (the AMCOS's levy) paying its unpaid shares in the union (#32), within the
   * reconcile: the AMCOS's payment line is amcos_share + member_shares - amcos_shares.
   */
  amcosShares: money('amcos_shares').notNull().default('0'),
});

/** One settlement run: a set of paid lots settled together, draft -> approved (or cancelled). */
export const settlements = pgTable(
  'settlements',
  {
    id: id(),
    settlementNo: text('settlement_no').notNull(),
    settledOn: date('settled_on').notNull(),
    status: text('status', { enum: SETTLEMENT_STATUSES }).notNull().default('draft'),
    /** How the lots were chosen: an auction, an AMCOS, or all paid and unsettled lots. */
    auctionId: uuid('auction_id'),
    amcosId: uuid('amcos_id').references(() => amcos.id),
    lotCount: integer('lot_count').notNull(),
    farmerCount: integer('farmer_count').notNull(),
    ...settlementSplit(),
    remarks: text('remarks'),
    journalEntryId: uuid('journal_entry_id').references(() => journalEntries.id),
    ...approval(),
    ...cancellation(),
    ...authorship(),
  },
  (t) => [
    uniqueIndex('settlements_no_unique').on(t.settlementNo),
    index('settlements_status_idx').on(t.status, t.settledOn),
    check('settlements_status_check', sql`${t.status} in ('draft', 'approved', 'cancelled')`),
    check(
      'settlements_amcos_shares_check',
      sql`${t.amcosShares} >= 0 and ${t.amcosShares} <= ${t.amcosShare}`,
    ),
    check(
      'settlements_reconcile_check',
      sql`${t.gross} = ${t.beneficiaries} + ${t.transporters} + ${t.amcosShare} + ${t.farmersNet} + ${t.loanRecovery} + ${t.memberShares}`,
    ),
  ],
);

/** A lot in a settlement. A lot is in at most one live (draft or approved) settlement. */
export const settlementLots = pgTable(
  'settlement_lots',
  {
    id: id(),
    settlementId: uuid('settlement_id')
      .notNull()
      .references(() => settlements.id),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => lots.id),
    /** False once the draft is cancelled: the lot can be settled again. */
    live: boolean('live').notNull().default(true),
    amcosId: amcosRef(),
    seasonCropId: uuid('season_crop_id').notNull(),
    invoiceId: uuid('invoice_id'),
    auctionId: uuid('auction_id'),
    kg: kg('kg').notNull(),
    collectedKg: kg('collected_kg').notNull(),
    pricePerKg: money('price_per_kg').notNull(),
    ...settlementSplit(),
  },
  (t) => [
    uniqueIndex('settlement_lots_live_unique').on(t.lotId).where(sql`${t.live}`),
    index('settlement_lots_settlement_idx').on(t.settlementId),
    index('settlement_lots_amcos_idx').on(t.amcosId),
    check(
      'settlement_lots_amcos_shares_check',
      sql`${t.amcosShares} >= 0 and ${t.amcosShares} <= ${t.amcosShare}`,
    ),
    check(
      'settlement_lots_reconcile_check',
      sql`${t.gross} = ${t.beneficiaries} + ${t.transporters} + ${t.amcosShare} + ${t.farmersNet} + ${t.loanRecovery} + ${t.memberShares}`,
    ),
  ],
);

export const PARTY_TYPES = ['farmer', 'amcos', 'beneficiary', 'transporter'] as const;

/** What a lot pays to a beneficiary, a transporter or its AMCOS (one row per rule and payee). */
export const settlementDeductions = pgTable(
  'settlement_deductions',
  {
    id: id(),
    settlementId: uuid('settlement_id')
      .notNull()
      .references(() => settlements.id),
    settlementLotId: uuid('settlement_lot_id')
      .notNull()
      .references(() => settlementLots.id),
    ruleId: uuid('rule_id'),
    name: text('name').notNull(),
    payer: text('payer', { enum: ['farmer', 'buyer'] }).notNull(),
    partyType: text('party_type', { enum: ['amcos', 'beneficiary', 'transporter'] }).notNull(),
    partyId: uuid('party_id').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    index('settlement_deductions_settlement_idx').on(t.settlementId, t.partyType, t.partyId),
    index('settlement_deductions_lot_idx').on(t.settlementLotId),
    check('settlement_deductions_amount_check', sql`${t.amount} > 0`),
    check('settlement_deductions_payer_check', sql`${t.payer} in ('farmer', 'buyer')`),
    check(
      'settlement_deductions_party_check',
      sql`${t.partyType} in ('amcos', 'beneficiary', 'transporter')`,
    ),
  ],
);

/** One farmer's share of one lot: one row per farmer and lot, however many collections. */
export const settlementFarmers = pgTable(
  'settlement_farmers',
  {
    id: id(),
    // No foreign keys to the settlement and its lot: a run writes 50,000 of these rows right after
    // those two, in the same transaction, and a per-row RI check doubled the time of the insert.
    settlementId: uuid('settlement_id').notNull(),
    settlementLotId: uuid('settlement_lot_id').notNull(),
    lotId: uuid('lot_id').notNull(),
    farmerId: farmerRef(),
    amcosId: uuid('amcos_id').notNull(),
    kg: kg('kg').notNull(),
    grossShare: money('gross_share').notNull(),
    deductions: money('deductions').notNull(),
    owed: money('owed').notNull(),
    loanRecovery: money('loan_recovery').notNull(),
    /** The member's unpaid shares paid from what was left after the loans (#32). */
    memberShares: money('member_shares').notNull().default('0'),
    net: money('net').notNull(),
  },
  (t) => [
    uniqueIndex('settlement_farmers_unique').on(t.settlementLotId, t.farmerId),
    index('settlement_farmers_settlement_idx').on(t.settlementId, t.farmerId),
    index('settlement_farmers_farmer_idx').on(t.farmerId),
    check(
      'settlement_farmers_figures_check',
      sql`${t.owed} = ${t.net} + ${t.loanRecovery} + ${t.memberShares} and ${t.grossShare} = ${t.owed} + ${t.deductions} and ${t.net} >= 0 and ${t.loanRecovery} >= 0 and ${t.deductions} >= 0 and ${t.memberShares} >= 0`,
    ),
  ],
);

/** A loan recovered by an approved settlement. */
export const loanRecoveries = pgTable(
  'loan_recoveries',
  {
    id: id(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => farmerLoans.id),
    settlementId: uuid('settlement_id')
      .notNull()
      .references(() => settlements.id),
    settlementFarmerId: uuid('settlement_farmer_id')
      .notNull()
      .references(() => settlementFarmers.id),
    amount: money('amount').notNull(),
  },
  (t) => [
    index('loan_recoveries_loan_idx').on(t.loanId),
    index('loan_recoveries_settlement_idx').on(t.settlementId),
    check('loan_recoveries_amount_check', sql`${t.amount} > 0`),
  ],
);

/** sending and partly_paid: sent through a payout provider (#30) instead of exported as a file. */
export const BATCH_STATUSES = ['draft', 'approved', 'exported', 'sending', 'paid', 'partly_paid'] as const;
export const LINE_STATUSES = ['pending', 'paid', 'failed', 'retried'] as const;
export const PAYABLE_ROLES = [
  'payable_farmers',
  'payable_amcos',
  'payable_beneficiaries',
  'payable_transporters',
  /** The dividends and bonus of an approved appropriation (#32), paid from the operation bank. */
  'dividends_payable',
] as const;

/** A payment batch: lines of one kind of party, draft -> approved -> exported -> paid. */
export const paymentBatches = pgTable(
  'payment_batches',
  {
    id: id(),
    batchNo: text('batch_no').notNull(),
    settlementId: uuid('settlement_id').references(() => settlements.id),
    partyType: text('party_type', { enum: PARTY_TYPES }).notNull(),
    status: text('status', { enum: BATCH_STATUSES }).notNull().default('draft'),
    /** A batch made of failed lines paid again. */
    isRetry: boolean('is_retry').notNull().default(false),
    lineCount: integer('line_count').notNull(),
    total: money('total').notNull(),
    bankReference: text('bank_reference'),
    ...approval(),
    ...stamp('exported'),
    ...stamp('sent'),
    ...stamp('paid'),
    paidOn: date('paid_on'),
    ...authorship(),
  },
  (t) => [
    uniqueIndex('payment_batches_no_unique').on(t.batchNo),
    index('payment_batches_status_idx').on(t.status, t.partyType),
    index('payment_batches_settlement_idx').on(t.settlementId),
    check(
      'payment_batches_status_check',
      sql`${t.status} in ('draft', 'approved', 'exported', 'sending', 'paid', 'partly_paid')`,
    ),
    check(
      'payment_batches_party_check',
      sql`${t.partyType} in ('farmer', 'amcos', 'beneficiary', 'transporter')`,
    ),
  ],
);

/** What one party is paid in a batch: paid, or failed with a reason and retried in a new batch. */
export const paymentLines = pgTable(
  'payment_lines',
  {
    id: id(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => paymentBatches.id),
    /**
     * The settlement the line pays (no foreign key: written in bulk with the batch, see above);
     * null for an appropriation's dividends and bonus (#32), whose batch the appropriation names.
     */
    settlementId: uuid('settlement_id'),
    partyType: text('party_type', { enum: PARTY_TYPES }).notNull(),
    partyId: uuid('party_id').notNull(),
    /** The society a farmer or AMCOS line belongs to (AMCOS users' scope); null otherwise. */
    amcosId: uuid('amcos_id'),
    payable: text('payable', { enum: PAYABLE_ROLES }).notNull(),
    /** Set when a farmer's money is paid through their AMCOS instead of to them. */
    viaAmcosId: uuid('via_amcos_id'),
    payeeName: text('payee_name').notNull(),
    method: text('method', { enum: ['bank', 'mobile', 'none'] }).notNull(),
    bankName: text('bank_name'),
    accountNo: text('account_no'),
    phone: text('phone'),
    amount: money('amount').notNull(),
    reference: text('reference').notNull(),
    status: text('status', { enum: LINE_STATUSES }).notNull().default('pending'),
    failureReason: text('failure_reason'),
    retryOfLineId: uuid('retry_of_line_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_lines_batch_idx').on(t.batchId, t.payeeName),
    index('payment_lines_party_idx').on(t.partyType, t.partyId),
    index('payment_lines_amcos_idx').on(t.amcosId),
    index('payment_lines_settlement_idx').on(t.settlementId, t.partyType),
    /** What farmers were paid, per settlement and society (the farmer payments summary). */
    index('payment_lines_farmers_paid_idx')
      .on(t.settlementId, t.amcosId, t.amount)
      .where(sql`${t.status} = 'paid' and ${t.payable} = 'payable_farmers'`),
    /** A failed line is paid again at most once. */
    uniqueIndex('payment_lines_retry_unique').on(t.retryOfLineId),
    check('payment_lines_amount_check', sql`${t.amount} > 0`),
    check('payment_lines_status_check', sql`${t.status} in ('pending', 'paid', 'failed', 'retried')`),
    check('payment_lines_failed_check', sql`${t.status} <> 'failed' or ${t.failureReason} is not null`),
  ],
);

/** Payment settings: one row (id = 1). */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** central: the union pays each farmer; amcos: farmers' money goes to their AMCOS to pay out. */
    payFarmersThrough: text('pay_farmers_through', { enum: ['central', 'amcos'] })
      .notNull()
      .default('central'),
    /** Send each paid farmer an SMS of what they were paid. */
    smsFarmers: boolean('sms_farmers').notNull().default(true),
    /** Refuse approving a supplier payment or cash advance the bank's book balance cannot cover (else warn; #37). */
    refuseUncoveredPayments: boolean('refuse_uncovered_payments').notNull().default(false),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payment_settings_single_row_check', sql`${t.id} = 1`),
    check('payment_settings_through_check', sql`${t.payFarmersThrough} in ('central', 'amcos')`),
  ],
);
