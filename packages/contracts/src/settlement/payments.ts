import { z } from 'zod';
import { listQuery, money, paged, uuid } from '../common.ts';
import { isoDate, optionalPhone, requiredText } from '../fields.ts';

/** Payment batches and lines, and the payment settings. */

export const payeeType = z.enum(['farmer', 'amcos', 'beneficiary', 'transporter']);
export type SettlementPartyType = z.infer<typeof payeeType>;

/** sending, partly_paid: sent through a payout provider's API (#30) instead of exported as a file. */
export const batchStatus = z.enum(['draft', 'approved', 'exported', 'sending', 'paid', 'partly_paid']);
export type BatchStatus = z.infer<typeof batchStatus>;

export const paymentLine = z.object({
  id: uuid,
  batchId: uuid,
  batchNo: z.string(),
  partyType: payeeType,
  partyId: uuid,
  amcosId: uuid.nullable(),
  payeeName: z.string(),
  method: z.enum(['bank', 'mobile', 'none']),
  bankName: z.string().nullable(),
  accountNo: z.string().nullable(),
  phone: z.string().nullable(),
  viaAmcosId: uuid.nullable(),
  amount: money,
  reference: z.string(),
  status: z.enum(['pending', 'paid', 'failed', 'retried']),
  failureReason: z.string().nullable(),
  retryOfLineId: uuid.nullable(),
});
export type PaymentLine = z.infer<typeof paymentLine>;

export const paymentBatch = z.object({
  id: uuid,
  batchNo: z.string(),
  settlementId: uuid.nullable(),
  settlementNo: z.string().nullable(),
  partyType: payeeType,
  status: batchStatus,
  isRetry: z.boolean(),
  lineCount: z.number(),
  total: money,
  bankReference: z.string().nullable(),
  createdBy: uuid.nullable(),
  approvedBy: uuid.nullable(),
  paidOn: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentBatch = z.infer<typeof paymentBatch>;

export const paymentBatchListQuery = listQuery.extend({
  party_type: payeeType.optional(),
  status: batchStatus.optional(),
  settlement_id: uuid.optional(),
});
export const paymentBatchList = paged(paymentBatch);
export const paymentLineListQuery = listQuery.extend({
  status: z.enum(['pending', 'paid', 'failed', 'retried']).optional(),
});
export const paymentLineList = paged(paymentLine);

export const exportBatchQuery = z.object({
  layout: z.enum(['bank', 'mobile']),
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});

export const markBatchPaidBody = z.object({
  paidOn: isoDate,
  bankReference: requiredText('Give the bank reference', 100),
  /** Lines the bank refused; every other line is paid. */
  failed: z
    .array(z.object({ lineId: uuid, reason: requiredText('Give the reason the payment failed', 200) }))
    .default([]),
});
export type MarkBatchPaidBody = z.infer<typeof markBatchPaidBody>;

/**
 * A failed line's payee details corrected for its retry (issue #20: a wrong number is the usual
 * reason a payment fails): a bank and account number, or else a mobile wallet number.
 */
export const paymentLineCorrection = z
  .object({
    lineId: uuid,
    phone: optionalPhone,
    bankId: uuid.nullish(),
    accountNo: z
      .string()
      .trim()
      .max(40, 'At most 40 characters')
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((c, ctx) => {
    if (c.bankId && !c.accountNo)
      ctx.addIssue({ code: 'custom', path: ['accountNo'], message: 'Give the account number' });
    else if (c.accountNo && !c.bankId)
      ctx.addIssue({ code: 'custom', path: ['bankId'], message: 'Choose the bank' });
    else if (!c.bankId && !c.phone)
      ctx.addIssue({
        code: 'custom',
        path: ['phone'],
        message: 'Give a mobile number, or a bank and account number',
      });
  });
export type PaymentLineCorrection = z.infer<typeof paymentLineCorrection>;

export const retryLinesBody = z.object({
  lineIds: z.array(uuid).min(1, 'Choose the failed lines to pay again'),
  /** Corrected details for some of those lines; the others are paid to the payee's current ones. */
  corrections: z.array(paymentLineCorrection).max(1000).default([]),
});
export type RetryLinesBody = z.input<typeof retryLinesBody>;

export const paymentSettingsBody = z.object({
  payFarmersThrough: z.enum(['central', 'amcos']),
  smsFarmers: z.boolean(),
  /** Refuse approving a supplier payment or cash advance the bank cannot cover; false warns only (#37). */
  refuseUncoveredPayments: z.boolean().optional(),
});
export type PaymentSettings = z.infer<typeof paymentSettingsBody>;
