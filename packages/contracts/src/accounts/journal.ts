import { z } from 'zod';
import { listQuery, money, uuid } from '../common.ts';
import { book, calendarDate } from '../financial-years.ts';
import { currencyCode, rate } from './currencies.ts';

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

/**
 * What an approver sees before paying out of a bank or cash account (#37): the account's posted
 * book balance now and after the payment; `covered` false when it would go below zero, `refuse`
 * when the union's payment settings then refuse the approval.
 */
export const bankCover = z.object({
  account: z.string(),
  balance: z.string(),
  amount: z.string(),
  after: z.string(),
  covered: z.boolean(),
  refuse: z.boolean(),
});
export type BankCover = z.infer<typeof bankCover>;
export const bankCoverReply = z.object({ data: bankCover });
