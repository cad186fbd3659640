import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { creation, id, money, stamp, updatedAt } from '../../../db/columns.ts';
import { paymentBatches, paymentLines } from '../schema.ts';

/**
 * A payment line's way through a payout provider (#30). pending -> looked_up (the name matches,
 * or a person confirmed or corrected it) or held_name; looked_up -> sending (claimed in one
 * statement, so it is sent once) -> succeeded | failed | unknown; unknown -> succeeded | failed
 * only by a status query, never by sending again.
 */
export const PAYOUT_STATES = [
  'pending',
  'looked_up',
  'held_name',
  'sending',
  'succeeded',
  'failed',
  'unknown',
] as const;

export const payoutLines = pgTable(
  'payout_lines',
  {
    paymentLineId: uuid('payment_line_id')
      .primaryKey()
      .references(() => paymentLines.id),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => paymentBatches.id),
    provider: text('provider').notNull(),
    state: text('state', { enum: PAYOUT_STATES }).notNull().default('pending'),
    /** The account holder's name the provider's lookup answered. */
    lookedUpName: text('looked_up_name'),
    /** Who confirmed a held name or corrected the account (an approval; in the batch's history). */
    approvedBy: uuid('approved_by'),
    providerReference: text('provider_reference'),
    fee: money('fee'),
    failureReason: text('failure_reason'),
    /** When the line was claimed for sending: the status query and the not-found grace count from it. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When the provider was last asked for the line's status. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payout_lines_batch_idx').on(t.batchId, t.state),
    index('payout_lines_open_idx')
      .on(t.state, t.sentAt)
      .where(sql`${t.state} in ('pending', 'looked_up', 'sending', 'unknown')`),
    check(
      'payout_lines_state_check',
      sql`${t.state} in ('pending', 'looked_up', 'held_name', 'sending', 'succeeded', 'failed', 'unknown')`,
    ),
    check('payout_lines_failed_check', sql`${t.state} <> 'failed' or ${t.failureReason} is not null`),
    check('payout_lines_succeeded_check', sql`${t.state} <> 'succeeded' or ${t.fee} is not null`),
  ],
);

/**
 * The payout simulator's own book of money sent (the simulator's, not the union's): one row per
 * idempotency key (a payment line's id), so a second send of a key never pays again.
 */
export const payoutSimulatorLedger = pgTable(
  'payout_simulator_ledger',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    channel: text('channel', { enum: ['mobile', 'bank'] }).notNull(),
    account: text('account').notNull(),
    name: text('name').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    reference: text('reference').notNull(),
    providerReference: text('provider_reference').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    failureReason: text('failure_reason'),
    /** A timed-out request: its reply and callback are lost; only a status query learns its end. */
    replyLost: integer('reply_lost').notNull().default(0),
    /** Callbacks delivered for the key (duplicates included). */
    callbacks: integer('callbacks').notNull().default(0),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the simulated network settles the payment. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('payout_simulator_ledger_due_idx').on(t.status, t.dueAt),
    check('payout_simulator_ledger_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * A provider's statement matched against a batch's lines (#30): imported by one person (from the
 * provider's API or its CSV file), confirmed by another, which settles the lines the provider
 * reports final that were not final here. The same statement imported again is the same row
 * (unique on the batch and the statement's hash), so it changes nothing.
 */
export const payoutReconciliations = pgTable(
  'payout_reconciliations',
  {
    id: id(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => paymentBatches.id),
    source: text('source', { enum: ['provider', 'file'] }).notNull(),
    fileName: text('file_name'),
    /** SHA-256 of the statement's rows as read: the same statement is recognised when imported again. */
    statementHash: text('statement_hash').notNull(),
    rowsRead: integer('rows_read').notNull(),
    status: text('status', { enum: ['proposed', 'confirmed'] })
      .notNull()
      .default('proposed'),
    ...stamp('confirmed'),
    ...creation(),
  },
  (t) => [
    uniqueIndex('payout_reconciliations_statement_unique').on(t.batchId, t.statementHash),
    check('payout_reconciliations_status_check', sql`${t.status} in ('proposed', 'confirmed')`),
  ],
);

export const PAYOUT_RECONCILIATION_KINDS = [
  'matched',
  'amount_differs',
  'status_differs',
  'not_final',
  'pending',
  'missing',
  'duplicate',
  'unknown_row',
] as const;

/** One statement row or batch line of a reconciliation, and what the matching found. */
export const payoutReconciliationItems = pgTable(
  'payout_reconciliation_items',
  {
    id: id(),
    reconciliationId: uuid('reconciliation_id')
      .notNull()
      .references(() => payoutReconciliations.id),
    kind: text('kind', { enum: PAYOUT_RECONCILIATION_KINDS }).notNull(),
    paymentLineId: uuid('payment_line_id').references(() => paymentLines.id),
    rowNo: integer('row_no'),
    providerReference: text('provider_reference'),
    account: text('account'),
    statementAmount: money('statement_amount'),
    statementFee: money('statement_fee'),
    statementStatus: text('statement_status', { enum: ['succeeded', 'failed', 'pending'] }),
    failureReason: text('failure_reason'),
    /** The line's payout state when the statement was matched. */
    lineState: text('line_state', { enum: PAYOUT_STATES }),
    settled: boolean('settled').notNull().default(false),
  },
  (t) => [
    index('payout_reconciliation_items_rec_idx').on(t.reconciliationId),
    check(
      'payout_reconciliation_items_kind_check',
      sql`${t.kind} in ('matched', 'amount_differs', 'status_differs', 'not_final', 'pending', 'missing', 'duplicate', 'unknown_row')`,
    ),
  ],
);
