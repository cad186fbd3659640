import { z } from 'zod';
import { listQuery, money, uuid } from '../common.ts';
import { isAboveZero } from '../fields.ts';
import { book, calendarDate } from '../financial-years.ts';
import { currencyCode, rate } from './currencies.ts';
import { partyType } from './journal.ts';

/** Payments and receipts, and bank transfers. */

const positive = money.refine(isAboveZero, 'Enter an amount above zero');

export const voucherStatus = z.enum(['draft', 'approved']);

/** Where a voucher or bank transfer stands: its status, its journal entry, who made and approved it. */
const voucherState = {
  status: voucherStatus,
  journalEntryId: uuid.nullable(),
  journalEntryNumber: z.string().nullable(),
  createdBy: uuid.nullable(),
  createdByName: z.string().nullable(),
  approvedByName: z.string().nullable(),
  approvedAt: z.string().nullable(),
  createdAt: z.string(),
};
export const voucherType = z.enum(['Payment', 'Receipt']);

export const createPaymentOrReceiptBody = z.object({
  type: voucherType,
  voucherDate: calendarDate,
  bankAccountId: uuid,
  partyName: z.string().trim().min(1, 'Required').max(120),
  partyType: partyType.optional(),
  partyId: uuid.optional(),
  narration: z.string().trim().min(1, 'Required').max(300),
  reference: z.string().trim().max(60).optional(),
  currency: currencyCode.optional(),
  rate: rate.optional(),
  lines: z
    .array(
      z.object({ accountId: uuid, amount: positive, description: z.string().trim().max(200).optional() }),
    )
    .min(1, 'Add at least one line'),
});
export type CreatePaymentOrReceiptBody = z.infer<typeof createPaymentOrReceiptBody>;

export const paymentOrReceipt = z.object({
  id: uuid,
  number: z.string(),
  type: voucherType,
  voucherDate: z.string(),
  book,
  bankAccountId: uuid,
  bankAccountName: z.string(),
  partyName: z.string(),
  partyType: z.string().nullable(),
  narration: z.string(),
  reference: z.string().nullable(),
  currency: z.string(),
  rate: z.string(),
  amount: z.string(),
  baseAmount: z.string(),
  ...voucherState,
  lines: z.array(
    z.object({
      accountId: uuid,
      accountCode: z.string(),
      accountName: z.string(),
      amount: z.string(),
      description: z.string().nullable(),
    }),
  ),
});
export type PaymentOrReceipt = z.infer<typeof paymentOrReceipt>;
export const voucherListQuery = listQuery.extend({
  type: voucherType.optional(),
  status: voucherStatus.optional(),
  book: book.optional(),
});
export const paymentOrReceiptReply = z.object({ message: z.string(), data: paymentOrReceipt });
export const paymentOrReceiptDetailReply = z.object({ data: paymentOrReceipt });

export const createBankTransferBody = z
  .object({
    transferDate: calendarDate,
    fromAccountId: uuid,
    toAccountId: uuid,
    amount: positive,
    currency: currencyCode.optional(),
    rate: rate.optional(),
    narration: z.string().trim().min(1, 'Required').max(300),
    reference: z.string().trim().max(60).optional(),
  })
  .refine((b) => b.fromAccountId !== b.toAccountId, {
    message: 'Choose two different accounts',
    path: ['toAccountId'],
  });
export type CreateBankTransferBody = z.infer<typeof createBankTransferBody>;

export const bankTransfer = z.object({
  id: uuid,
  number: z.string(),
  transferDate: z.string(),
  book,
  fromAccountId: uuid,
  fromAccountName: z.string(),
  toAccountId: uuid,
  toAccountName: z.string(),
  amount: z.string(),
  currency: z.string(),
  rate: z.string(),
  baseAmount: z.string(),
  narration: z.string(),
  reference: z.string().nullable(),
  ...voucherState,
});
export type BankTransfer = z.infer<typeof bankTransfer>;
export const bankTransferListQuery = listQuery.extend({
  status: voucherStatus.optional(),
  book: book.optional(),
});
export type BankTransferListQuery = z.infer<typeof bankTransferListQuery>;
export const bankTransferReply = z.object({ message: z.string(), data: bankTransfer });
export const bankTransferDetailReply = z.object({ data: bankTransfer });
