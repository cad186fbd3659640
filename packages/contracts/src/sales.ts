import { z } from 'zod';
import { listQuery, uuid } from './common.ts';
import {
  amountField,
  isoDate,
  kgField,
  optionalEmail,
  optionalPhone,
  optionalText,
  requiredText,
} from './fields.ts';

/** Buyers, sales invoices, group invoices, buyer receipts, release notes and the buyer aged report. */

// Buyers ----------------------------------------------------------------------------------------

export const buyerStatus = z.enum(['active', 'suspended']);
export const buyer = z.object({
  id: uuid,
  name: z.string(),
  tin: z.string().nullable(),
  licenceNo: z.string(),
  licenceExpiresOn: z.string().nullable(),
  bidCode: z.string(),
  contactPerson: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  country: z.string(),
  bidSecurity: z.string(),
  status: buyerStatus,
  /** Open invoice balances. */
  balance: z.string(),
  /** Receipts not yet allocated. */
  credit: z.string(),
});
export type Buyer = z.infer<typeof buyer>;
export const createBuyerBody = z.object({
  name: requiredText('Enter the buyer name'),
  tin: optionalText(20),
  licenceNo: requiredText('Enter the licence number', 40),
  licenceExpiresOn: isoDate.nullish().transform((v) => v ?? null),
  bidCode: requiredText('Enter the bid code', 20).transform((v) => v.toUpperCase()),
  contactPerson: optionalText(80),
  phone: optionalPhone,
  email: optionalEmail,
  address: optionalText(200),
  country: z.string().trim().min(1).max(60).default('Tanzania'),
  bidSecurity: amountField.default('0'),
});
export const updateBuyerBody = createBuyerBody.partial().extend({ status: buyerStatus.optional() });
export const buyerListQuery = listQuery.extend({ status: buyerStatus.optional() });

// Sales invoices ------------------------------------------------------------------------------

export const salesInvoiceStatus = z.enum(['issued', 'part_paid', 'paid', 'cancelled']);
export type SalesInvoiceStatus = z.infer<typeof salesInvoiceStatus>;
export const salesInvoice = z.object({
  id: uuid,
  invoiceNo: z.string(),
  buyerId: uuid,
  buyerName: z.string(),
  auctionId: z.string().nullable(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  status: salesInvoiceStatus,
  subtotal: z.string(),
  leviesTotal: z.string(),
  total: z.string(),
  paidAmount: z.string(),
  balance: z.string(),
  journalEntryId: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export type SalesInvoice = z.infer<typeof salesInvoice>;
export const salesInvoiceLine = z.object({
  lineNo: z.number(),
  kind: z.enum(['lot', 'buyer_levy']),
  lotId: z.string().nullable(),
  lotNo: z.string().nullable(),
  lotStatus: z.string().nullable(),
  description: z.string(),
  kg: z.string().nullable(),
  pricePerKg: z.string().nullable(),
  amount: z.string(),
  beneficiaryName: z.string().nullable(),
});
export const salesInvoiceAllocation = z.object({
  receiptId: uuid,
  receiptNo: z.string(),
  receiptDate: z.string(),
  amount: z.string(),
});
export const salesInvoiceDetail = salesInvoice.extend({
  lines: z.array(salesInvoiceLine),
  allocations: z.array(salesInvoiceAllocation),
  reversalEntryId: z.string().nullable(),
});
export type SalesInvoiceDetail = z.infer<typeof salesInvoiceDetail>;
export const createSalesInvoiceBody = z.object({
  buyerId: uuid,
  invoiceDate: isoDate,
  dueDate: isoDate.nullish(),
  lines: z
    .array(
      z.object({
        description: requiredText('Enter what was sold', 200),
        kg: kgField,
        pricePerKg: amountField,
      }),
    )
    .min(1, 'Add at least one line')
    .max(200),
});
export const cancelSalesInvoiceBody = z.object({
  reason: requiredText('Give the reason for cancelling', 300),
});
export const salesInvoiceListQuery = listQuery.extend({
  buyer_id: uuid.optional(),
  status: salesInvoiceStatus.optional(),
  /** Only invoices with a balance (issued or part paid). */
  open: z.enum(['true', 'false']).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});

// Group invoices -------------------------------------------------------------------------------

export const groupInvoice = z.object({
  id: uuid,
  groupNo: z.string(),
  buyerId: uuid,
  buyerName: z.string(),
  groupDate: z.string(),
  dueDate: z.string(),
  total: z.string(),
  /** What is still owed on the member invoices now. */
  balance: z.string(),
  invoiceCount: z.number(),
  remarks: z.string().nullable(),
});
export type GroupInvoice = z.infer<typeof groupInvoice>;
export const groupInvoiceDetail = groupInvoice.extend({ invoices: z.array(salesInvoice) });
export type GroupInvoiceDetail = z.infer<typeof groupInvoiceDetail>;
export const createGroupInvoiceBody = z.object({
  buyerId: uuid,
  groupDate: isoDate,
  invoiceIds: z.array(uuid).min(1, 'Choose at least one invoice').max(500),
  remarks: optionalText(300),
});
export const groupInvoiceListQuery = listQuery.extend({ buyer_id: uuid.optional() });

// Receipts -------------------------------------------------------------------------------------

export const buyerReceipt = z.object({
  id: uuid,
  receiptNo: z.string(),
  buyerId: uuid,
  buyerName: z.string(),
  receiptDate: z.string(),
  bankAccountId: uuid,
  bankAccountName: z.string(),
  amount: z.string(),
  allocated: z.string(),
  /** Not allocated: the buyer's credit. */
  unallocated: z.string(),
  reference: z.string().nullable(),
  journalEntryId: z.string().nullable(),
});
export type BuyerReceipt = z.infer<typeof buyerReceipt>;
export const buyerReceiptDetail = buyerReceipt.extend({
  allocations: z.array(
    z.object({
      invoiceId: uuid,
      invoiceNo: z.string(),
      invoiceDate: z.string(),
      amount: z.string(),
      allocatedOn: z.string(),
    }),
  ),
});
export type BuyerReceiptDetail = z.infer<typeof buyerReceiptDetail>;
export const allocationInput = z.object({ invoiceId: uuid, amount: amountField });
export const createBuyerReceiptBody = z.object({
  buyerId: uuid,
  receiptDate: isoDate,
  bankAccountId: uuid,
  amount: amountField,
  reference: optionalText(80),
  /** Omitted: oldest open invoices first. An empty list keeps it all as credit. */
  allocations: z.array(allocationInput).max(500).optional(),
});
export const allocateReceiptBody = z.object({
  /** Omitted: oldest open invoices first. */
  allocations: z.array(allocationInput).max(500).optional(),
});
export const buyerReceiptListQuery = listQuery.extend({
  buyer_id: uuid.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});

// Release notes --------------------------------------------------------------------------------

export const releaseNote = z.object({
  id: uuid,
  releaseNo: z.string(),
  buyerId: uuid,
  buyerName: z.string(),
  warehouseId: uuid,
  warehouseName: z.string(),
  releaseDate: z.string(),
  collectorName: z.string().nullable(),
  vehiclePlate: z.string().nullable(),
  remarks: z.string().nullable(),
  lotCount: z.number(),
  totalKg: z.string(),
});
export type ReleaseNote = z.infer<typeof releaseNote>;
export const releaseNoteLot = z.object({
  lotId: uuid,
  lotNo: z.string(),
  whrNo: z.string(),
  amcosName: z.string(),
  gradeName: z.string(),
  bags: z.number(),
  netKg: z.string(),
  invoiceId: uuid,
  invoiceNo: z.string(),
});
export const releaseNoteDetail = releaseNote.extend({ lots: z.array(releaseNoteLot) });
export type ReleaseNoteDetail = z.infer<typeof releaseNoteDetail>;
export const createReleaseNoteBody = z.object({
  buyerId: uuid,
  releaseDate: isoDate,
  lotIds: z.array(uuid).min(1, 'Choose at least one lot').max(500),
  collectorName: optionalText(80),
  vehiclePlate: optionalText(20),
  remarks: optionalText(300),
});
export const releaseNoteListQuery = listQuery.extend({ buyer_id: uuid.optional() });
/** A sold lot of the buyer whose invoice is paid and that has no release note yet. */
export const releasableLot = releaseNoteLot.extend({ warehouseId: uuid, warehouseName: z.string() });
export type ReleasableLot = z.infer<typeof releasableLot>;

// Buyer aged report ----------------------------------------------------------------------------

export const agedBuckets = z.object({
  current: z.string(),
  d31to60: z.string(),
  d61to90: z.string(),
  over90: z.string(),
});
export const buyerAgedQuery = z.object({
  as_at: isoDate.optional(),
  buyer_id: uuid.optional(),
  format: z.enum(['json', 'xlsx', 'pdf']).default('json'),
});
export const buyerAgedSummaryRow = agedBuckets.extend({
  buyerId: uuid,
  buyerName: z.string(),
  invoiced: z.string(),
  credit: z.string(),
  /** Buckets - credit. */
  balance: z.string(),
});
export const buyerAgedDetailRow = agedBuckets.extend({
  buyerId: uuid,
  buyerName: z.string(),
  invoiceId: uuid,
  invoiceNo: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  days: z.number(),
  total: z.string(),
  paid: z.string(),
  balance: z.string(),
});
export const buyerAgedReport = z.object({
  asAt: z.string(),
  summary: z.array(buyerAgedSummaryRow),
  details: z.array(buyerAgedDetailRow),
  totals: agedBuckets.extend({ credit: z.string(), balance: z.string() }),
});
export type BuyerAgedReport = z.infer<typeof buyerAgedReport>;

// Settings ---------------------------------------------------------------------------------------

export const salesSettingsBody = z.object({
  invoiceDueDays: z.coerce.number().int('Whole days').min(0).max(365),
});
export type SalesSettings = z.infer<typeof salesSettingsBody>;
