import { z } from 'zod';
import { listQuery, money, paged, uuid } from '../common.ts';
import { paymentLineCorrection } from './payments.ts';

/** Paying an approved batch through a payout provider's API (#30): sending, progress, held names. */

export const payoutState = z.enum([
  'pending',
  'looked_up',
  'held_name',
  'sending',
  'succeeded',
  'failed',
  'unknown',
]);
export type PayoutState = z.infer<typeof payoutState>;

/** The total the sender saw in the confirmation: a batch that changed since is not sent. */
export const sendPayoutsBody = z.object({ total: money });
export type SendPayoutsBody = z.infer<typeof sendPayoutsBody>;

export const heldPayee = z.object({
  lineId: uuid,
  payeeName: z.string(),
  lookedUpName: z.string().nullable(),
  method: z.enum(['bank', 'mobile', 'none']),
  bankName: z.string().nullable(),
  accountNo: z.string().nullable(),
  phone: z.string().nullable(),
  amount: money,
});
export type HeldPayee = z.infer<typeof heldPayee>;

/** The payout provider this server sends through (PAYOUT_PROVIDER), or null: batches go as files. */
export const payoutProviderInfo = z.object({ provider: z.string().nullable() });
export type PayoutProviderInfo = z.infer<typeof payoutProviderInfo>;

/** A batch's lines by state, what has left the bank so far, and the names held for a person. */
export const payoutProgress = z.object({
  batchId: uuid,
  provider: z.string().nullable(),
  lines: z.number(),
  counts: z.record(payoutState, z.number()),
  /** Lines handed to the provider (sending, succeeded, failed after sending, unknown). */
  sent: z.number(),
  succeededAmount: money,
  fees: money,
  held: z.array(heldPayee),
});
export type PayoutProgress = z.infer<typeof payoutProgress>;

/**
 * What a person decides about held names: confirm the account as it is (the name differs but the
 * payee is right), or correct the account; either is an approval recorded in the batch's history.
 */
export const decideHeldNamesBody = z
  .object({
    confirm: z.array(uuid).max(1000).default([]),
    corrections: z.array(paymentLineCorrection).max(1000).default([]),
  })
  .refine((b) => b.confirm.length + b.corrections.length > 0, {
    message: 'Confirm or correct at least one held name',
    path: ['confirm'],
  });
export type DecideHeldNamesBody = z.infer<typeof decideHeldNamesBody>;

export const simulatorLedgerEntry = z.object({
  idempotencyKey: z.string(),
  channel: z.enum(['mobile', 'bank']),
  account: z.string(),
  name: z.string(),
  amount: money,
  fee: money,
  reference: z.string(),
  providerReference: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  failureReason: z.string().nullable(),
  callbacks: z.number(),
  receivedAt: z.string(),
});
export type SimulatorLedgerEntry = z.infer<typeof simulatorLedgerEntry>;

/** The simulator's ledger is read by tests and trainers as a page; it offers no file export. */
export const simulatorLedgerQuery = listQuery
  .omit({ format: true, sort: true })
  .extend({ batch_id: uuid.optional() });
export const simulatorLedger = paged(simulatorLedgerEntry);
