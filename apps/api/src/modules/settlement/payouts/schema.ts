import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { money, updatedAt } from '../../../db/columns.ts';
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
