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

/** The union's payout providers (#30): each provider's settings and which one pays each channel. */

export const payoutChannel = z.enum(['mobile', 'bank']);
export type PayoutChannelName = z.infer<typeof payoutChannel>;

/**
 * One setting a provider asks for; a secret one is never sent back, only whether it is set. The
 * screens name it in the reader's language by its key (union.payouts.fields.<key>); `label` is
 * the English name, for a provider the screens do not know yet.
 */
export const payoutProviderField = z.object({
  key: z.string(),
  label: z.string(),
  secret: z.boolean(),
});

export const payoutProviderSettings = z.object({
  kind: z.string(),
  label: z.string(),
  fields: z.array(payoutProviderField),
  /** Saved in the union's settings (a provider with no fields is configured once saved). */
  configured: z.boolean(),
  /** The plain (non-secret) settings as saved. */
  values: z.record(z.string(), z.string()),
  /** The secret fields that hold a value. */
  secretsSet: z.array(z.string()),
});
export type PayoutProviderSettings = z.infer<typeof payoutProviderSettings>;

const channelKinds = z.object({ mobile: z.string().nullable(), bank: z.string().nullable() });

export const payoutSettings = z.object({
  providers: z.array(payoutProviderSettings),
  /** The provider each channel is paid through; null: none chosen (the server's PAYOUT_PROVIDER applies). */
  channels: channelKinds,
  /** Whether this server has PAYOUT_SETTINGS_KEY, without which secrets cannot be saved. */
  keyConfigured: z.boolean(),
});
export type PayoutSettings = z.infer<typeof payoutSettings>;

/**
 * Saving: each provider listed is saved with its values (a blank secret keeps the stored one;
 * a blank plain value clears it), and the channels are mapped to configured providers.
 */
export const payoutSettingsBody = z.object({
  providers: z
    .array(
      z.object({
        kind: z.string().trim().min(1).max(40),
        values: z.record(z.string().max(60), z.string().max(8000)),
      }),
    )
    .max(20),
  channels: channelKinds,
});
export type PayoutSettingsBody = z.infer<typeof payoutSettingsBody>;

/**
 * The provider's statement matched against a batch's lines (#30), per line or statement row:
 * matched; amount_differs; status_differs (final here one way, at the provider the other);
 * not_final (the provider reports an end for a line still sending or unknown here: settled when
 * the reconciliation is confirmed); pending (neither side has an end yet); missing (paid here,
 * absent from the statement); duplicate (a second row for a line already matched); unknown_row (a
 * row the batch does not know).
 */
export const payoutReconciliationKind = z.enum([
  'matched',
  'amount_differs',
  'status_differs',
  'not_final',
  'pending',
  'missing',
  'duplicate',
  'unknown_row',
]);
export type PayoutReconciliationKind = z.infer<typeof payoutReconciliationKind>;

/** Read the statement from the provider's API (where it offers one), or import its CSV file. */
export const importPayoutStatementBody = z.discriminatedUnion('source', [
  z.object({ source: z.literal('provider') }),
  z.object({
    source: z.literal('file'),
    fileName: z.string().trim().max(200).optional(),
    content: z
      .string()
      .min(1, 'The file is empty')
      .max(16 * 1024 * 1024),
  }),
]);
export type ImportPayoutStatementBody = z.infer<typeof importPayoutStatementBody>;

export const statementStatus = z.enum(['succeeded', 'failed', 'pending']);

export const payoutReconciliationItem = z.object({
  kind: payoutReconciliationKind,
  lineId: uuid.nullable(),
  payeeName: z.string().nullable(),
  /** The statement's row (1 = the first under the header), or null for a line it lacks. */
  rowNo: z.number().nullable(),
  providerReference: z.string().nullable(),
  account: z.string().nullable(),
  statementAmount: money.nullable(),
  lineAmount: money.nullable(),
  statementStatus: statementStatus.nullable(),
  lineState: payoutState.nullable(),
  /** A not_final line settled by the confirmation. */
  settled: z.boolean(),
});
export type PayoutReconciliationItem = z.infer<typeof payoutReconciliationItem>;

export const payoutReconciliation = z.object({
  id: uuid,
  batchId: uuid,
  source: z.enum(['provider', 'file']),
  fileName: z.string().nullable(),
  rowsRead: z.number(),
  status: z.enum(['proposed', 'confirmed']),
  importedBy: uuid,
  importedByName: z.string().nullable(),
  importedAt: z.string(),
  confirmedByName: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  counts: z.record(payoutReconciliationKind, z.number()),
  items: z.array(payoutReconciliationItem),
});
export type PayoutReconciliation = z.infer<typeof payoutReconciliation>;

/** A batch's latest reconciliation, and whether its provider offers the statement through its API. */
export const payoutReconciliationView = z.object({
  statementFromProvider: z.boolean(),
  reconciliation: payoutReconciliation.nullable(),
});
export type PayoutReconciliationView = z.infer<typeof payoutReconciliationView>;

export const payoutReconciliationParams = z.object({ id: uuid, reconciliationId: uuid });
