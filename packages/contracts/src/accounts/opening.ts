import { z } from 'zod';
import { uuid } from '../common.ts';
import { book, calendarDate } from '../financial-years.ts';
import { controlCheck } from './reports.ts';

/**
 * Going live mid-life (#36): each book's go-live date (nothing posts before it; the opening
 * position is dated the day before), the opening imports (the trial balance, then the sub-ledgers
 * that tie to it), and the go-live check (each control account's opening figure beside its
 * sub-ledger).
 */
export const OPENING_KINDS = [
  'trial_balance',
  'farmer_loans',
  'buyer_invoices',
  'supplier_invoices',
  'stock',
  'bank_balances',
  'crop_lots',
  'buyer_credits',
] as const;
export const openingKind = z.enum(OPENING_KINDS);
export type OpeningKind = z.infer<typeof openingKind>;

/** The columns of each kind's template, in order (the sheet's headers). */
export const OPENING_COLUMNS: Record<OpeningKind, readonly string[]> = {
  trial_balance: ['account_code', 'account_name', 'debit', 'credit'],
  farmer_loans: ['farmer_no', 'source', 'date_given', 'amount', 'already_recovered'],
  buyer_invoices: ['buyer_code', 'invoice_no', 'invoice_date', 'due_date', 'amount', 'already_paid'],
  supplier_invoices: ['supplier_code', 'invoice_no', 'invoice_date', 'due_date', 'amount', 'already_paid'],
  stock: ['store_code', 'item_code', 'quantity', 'value'],
  bank_balances: ['account_code', 'balance'],
  /** One row per farmer's share of a lot; a lot without farmer detail is one row with no farmer. */
  crop_lots: [
    'warehouse',
    'lot_no',
    'amcos_code',
    'season',
    'crop_code',
    'grade_code',
    'bags',
    'net_kg',
    'farmer_no',
    'farmer_bags',
    'farmer_kg',
  ],
  buyer_credits: [
    'buyer_code',
    'reference',
    'date_received',
    'amount',
    'already_allocated',
    'bank_account_code',
  ],
};

/** The most rows one opening sheet may hold. */
export const OPENING_MAX_ROWS = 20_000;

/** What becomes of one row of a sheet: taken, or why not. */
export const OPENING_FATES = [
  'ok',
  'zero',
  'unknown_code',
  'not_postable',
  'not_a_number',
  'both_sides',
  'duplicate',
  'missing',
  'bad_date',
  'after_opening',
  'more_than_amount',
  'bad_source',
  /** A store closed, an item no longer in use or a service: it takes no stock. */
  'not_stock',
  /** A stock line with a value but no quantity. */
  'no_quantity',
  /** Not a bank or cash account. */
  'not_bank',
  /** The account has a reconciliation already: its starting point is set. */
  'reconciled',
  /** A bank balance other than the opening trial balance's figure for the account (in detail). */
  'differs',
  /** An invoice number already kept here (or one of the numbers Ushirika gives its own invoices). */
  'number_taken',
  /** A due date before the invoice date. */
  'due_before_invoice',
  /** A lot's rows disagree on what the lot is (its society, crop, grade, bags or kg; in detail). */
  'lot_differs',
  /** The farmer belongs to another society than the lot. */
  'other_amcos',
  /** Imported, flagged: a lot whose farmers the union does not know (its kg in detail). */
  'without_farmer_detail',
] as const;
export const openingFate = z.enum(OPENING_FATES);
export type OpeningFate = z.infer<typeof openingFate>;

export const openingPreviewRow = z.object({
  /** The spreadsheet's row number. */
  row: z.number().int(),
  fate: openingFate,
  /** The row's key as typed: an account code, a farmer number, an invoice number. */
  reference: z.string(),
  /** What the key names when it is known (the account's or farmer's name). */
  name: z.string().nullable(),
  /** Debit side (or the amount) and credit side, as the import would take them. */
  debit: z.string().nullable(),
  credit: z.string().nullable(),
  /** The column at fault, or the other row of a duplicate. */
  detail: z.string().nullable(),
});
export type OpeningPreviewRow = z.infer<typeof openingPreviewRow>;

export const openingPreview = z.object({
  kind: openingKind,
  book,
  fileName: z.string(),
  rows: z.array(openingPreviewRow),
  accepted: z.number().int(),
  refused: z.number().int(),
  totalDebit: z.string(),
  totalCredit: z.string(),
  /** Debits - credits (a trial balance must be 0.00). */
  difference: z.string(),
  /** Why the file cannot be imported as it is (null: it can). */
  problem: z.string().nullable(),
});
export type OpeningPreview = z.infer<typeof openingPreview>;
export const openingPreviewReply = z.object({ data: openingPreview });

export const openingImportStatus = z.enum(['imported', 'reversed']);
export const openingImport = z.object({
  id: uuid,
  kind: openingKind,
  book,
  fileName: z.string(),
  rows: z.number().int(),
  total: z.string(),
  status: openingImportStatus,
  entryId: uuid.nullable(),
  entryNumber: z.string().nullable(),
  reversalReason: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  reversedAt: z.string().nullable(),
});
export type OpeningImport = z.infer<typeof openingImport>;
export const openingImportReply = z.object({ message: z.string(), data: openingImport });

export const goLiveStatus = z.enum(['setting_up', 'live']);
export const bookOpening = z.object({
  book,
  goLiveDate: z.string().nullable(),
  /** The day before go-live: the opening position's date. */
  openingDate: z.string().nullable(),
  openingAccountId: uuid.nullable(),
  openingAccount: z.string().nullable(),
  /** The opening-balances account's balance: 0.00 once every import is in. */
  openingAccountBalance: z.string(),
  status: goLiveStatus,
  confirmedAt: z.string().nullable(),
  /** An opening may still be reversed (the first period after go-live is not closed). */
  reversible: z.boolean(),
});
export type BookOpening = z.infer<typeof bookOpening>;

export const goLive = z.object({
  books: z.array(bookOpening),
  imports: z.array(openingImport),
});
export type GoLive = z.infer<typeof goLive>;
export const goLiveReply = z.object({ data: goLive });

export const setGoLiveBody = z.object({
  goLiveDate: calendarDate,
  openingAccountId: z.uuid('Choose the opening-balances account'),
});
export type SetGoLiveBody = z.infer<typeof setGoLiveBody>;
export const bookParams = z.object({ book });
export const openingKindParams = z.object({ kind: openingKind });
export const openingUploadQuery = z.object({ book });

export const reverseOpeningBody = z.object({
  reason: z.string().trim().min(3, 'Say why the opening is reversed').max(500),
});
export type ReverseOpeningBody = z.infer<typeof reverseOpeningBody>;

/** The go-live check of one book: its control accounts' opening figures beside the sub-ledgers. */
export const goLiveCheck = z.object({
  book,
  checks: z.array(controlCheck),
  /** The opening-balances account nets to zero and every difference is zero. */
  agreed: z.boolean(),
  openingAccountBalance: z.string(),
  status: goLiveStatus,
});
export type GoLiveCheck = z.infer<typeof goLiveCheck>;
export const goLiveCheckReply = z.object({ data: goLiveCheck });
export const bookOpeningReply = z.object({ message: z.string(), data: bookOpening });

/** The book each kind's records belong to; null: the user chooses (a trial balance, a bank). */
export const OPENING_BOOK: Record<OpeningKind, z.infer<typeof book> | null> = {
  trial_balance: null,
  farmer_loans: 'collection',
  buyer_invoices: 'collection',
  supplier_invoices: 'operation',
  stock: 'operation',
  bank_balances: null,
  crop_lots: 'collection',
  buyer_credits: 'collection',
};
