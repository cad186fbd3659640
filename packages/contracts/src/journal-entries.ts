import { z } from 'zod';
import { currencyCode, rate } from './accounts.ts';
import { listQuery, money, uuid } from './common.ts';
import { book, calendarDate } from './financial-years.ts';

export const entryStatus = z.enum(['draft', 'posted', 'reversed']);
export type EntryStatus = z.infer<typeof entryStatus>;
export const entrySource = z.enum(['journal', 'payment', 'receipt', 'bank_transfer', 'event', 'reversal']);
export type EntrySource = z.infer<typeof entrySource>;
export const partyType = z.enum([
  'amcos',
  'farmer',
  'buyer',
  'supplier',
  'beneficiary',
  'transporter',
  'other',
]);

const amount = money.refine((v) => !v.startsWith('-'), 'Amounts cannot be negative');
const positive = money.refine((v) => Number(v) > 0, 'Enter an amount above zero');

/** A line as typed: debit or credit in the line's currency; TZS lines need no rate. */
export const journalLineInput = z.object({
  accountId: uuid,
  debit: amount.default('0'),
  credit: amount.default('0'),
  currency: currencyCode.optional(),
  rate: rate.optional(),
  description: z.string().trim().max(200).optional(),
  partyType: partyType.optional(),
  partyId: uuid.optional(),
  partyName: z.string().trim().max(120).optional(),
});
export type JournalLineInput = z.input<typeof journalLineInput>;

export const createJournalEntryBody = z.object({
  entryDate: calendarDate,
  book,
  narration: z.string().trim().min(1, 'Required').max(300),
  reference: z.string().trim().max(60).optional(),
  lines: z.array(journalLineInput).min(2, 'An entry needs at least two lines'),
});
export type CreateJournalEntryBody = z.infer<typeof createJournalEntryBody>;

export const reverseJournalEntryBody = z.object({
  entryDate: calendarDate.optional(),
  narration: z.string().trim().max(300).optional(),
});

export const journalLine = z.object({
  id: uuid,
  lineNo: z.number(),
  accountId: uuid,
  accountCode: z.string(),
  accountName: z.string(),
  /** Base currency (TZS). */
  debit: z.string(),
  credit: z.string(),
  currency: z.string(),
  /** The amount in the line's currency. */
  currencyAmount: z.string(),
  rate: z.string(),
  description: z.string().nullable(),
  partyType: z.string().nullable(),
  partyId: uuid.nullable(),
  partyName: z.string().nullable(),
});
export type JournalLine = z.infer<typeof journalLine>;

export const journalEntrySummary = z.object({
  id: uuid,
  number: z.string(),
  entryDate: z.string(),
  book,
  narration: z.string(),
  reference: z.string().nullable(),
  source: entrySource,
  status: entryStatus,
  total: z.string(),
  createdBy: uuid.nullable(),
  createdByName: z.string().nullable(),
  approvedBy: uuid.nullable(),
  approvedByName: z.string().nullable(),
  approvedAt: z.string().nullable(),
  reversalOfId: uuid.nullable(),
  reversedById: uuid.nullable(),
  createdAt: z.string(),
});
export type JournalEntrySummary = z.infer<typeof journalEntrySummary>;
export const journalEntry = journalEntrySummary.extend({ lines: z.array(journalLine) });
export type JournalEntry = z.infer<typeof journalEntry>;

export const journalEntryListQuery = listQuery.extend({
  book: book.optional(),
  status: entryStatus.optional(),
  source: entrySource.optional(),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
});
export type JournalEntryListQuery = z.infer<typeof journalEntryListQuery>;
export const journalEntryReply = z.object({ message: z.string(), data: journalEntry });
export const journalEntryDetailReply = z.object({ data: journalEntry });

export const voucherStatus = z.enum(['draft', 'approved']);
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
  status: voucherStatus,
  journalEntryId: uuid.nullable(),
  journalEntryNumber: z.string().nullable(),
  createdBy: uuid.nullable(),
  createdByName: z.string().nullable(),
  approvedByName: z.string().nullable(),
  approvedAt: z.string().nullable(),
  createdAt: z.string(),
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
  status: voucherStatus,
  journalEntryId: uuid.nullable(),
  journalEntryNumber: z.string().nullable(),
  createdBy: uuid.nullable(),
  createdByName: z.string().nullable(),
  approvedByName: z.string().nullable(),
  approvedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type BankTransfer = z.infer<typeof bankTransfer>;
export const bankTransferListQuery = listQuery.extend({
  status: voucherStatus.optional(),
  book: book.optional(),
});
export const bankTransferReply = z.object({ message: z.string(), data: bankTransfer });
export const bankTransferDetailReply = z.object({ data: bankTransfer });
