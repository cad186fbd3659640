import { z } from 'zod';
import type { Permission } from './permissions.ts';

/**
 * Document attachments (#17): signed paper scanned or photographed into the record it backs.
 * Every record type with a details page: the API path of its details route, who may see its
 * attachments (the details route's access) and who may add or remove them. Its attachments
 * live under `<path>/:id/attachments` (list, upload), `…/:attachmentId/file` (download),
 * `…/:attachmentId/preview` (images, downscaled) and DELETE `…/:attachmentId` (drafts only).
 */
const union = <P extends Permission>(permission: P) => ({ permission, audience: 'union' }) as const;
const any = <P extends Permission>(permission: P) => ({ permission, audience: 'any' }) as const;
const record = <R, W>(path: string, read: R, write: W) => ({ path, read, write });

export const ATTACHMENT_RECORDS = {
  'journal-entry': record(
    '/accounts/journal-entries',
    union('accounts.ledger.read'),
    union('accounts.journal.create'),
  ),
  voucher: record(
    '/accounts/payments-and-receipts',
    union('accounts.ledger.read'),
    union('accounts.journal.create'),
  ),
  'bank-transfer': record(
    '/accounts/bank-transfers',
    union('accounts.ledger.read'),
    union('accounts.journal.create'),
  ),
  'buyer-receipt': record('/sales/receipts', union('sales.invoice.read'), union('sales.receipt.create')),
  'payment-batch': record(
    '/payments/batches',
    union('payments.settlement.read'),
    union('payments.settlement.create'),
  ),
  'delivery-note': record(
    '/collections/delivery-notes',
    any('collections.delivery.read'),
    any('collections.delivery.create'),
  ),
  collection: record(
    '/collections/receipts',
    any('collections.collection.read'),
    any('collections.collection.create'),
  ),
  lot: record('/collections/lots', any('collections.delivery.read'), union('collections.warehouse.update')),
  auction: record('/sales/auctions', any('sales.auction.read'), union('sales.auction.update')),
  'sales-invoice': record('/sales/invoices', union('sales.invoice.read'), union('sales.invoice.create')),
  'purchase-invoice': record(
    '/purchase/invoices',
    union('purchase.order.read'),
    union('purchase.order.create'),
  ),
  'purchase-order': record('/purchase/orders', union('purchase.order.read'), union('purchase.order.create')),
  grn: record('/inventory/grns', any('inventory.store.read'), any('inventory.store.update')),
  farmer: record('/collections/farmers', any('amcos.farmer.read'), any('amcos.farmer.update')),
} as const;
export type AttachmentRecordType = keyof typeof ATTACHMENT_RECORDS;
export const ATTACHMENT_RECORD_TYPES = Object.keys(ATTACHMENT_RECORDS) as AttachmentRecordType[];
export const attachmentRecordType = z.enum(
  ATTACHMENT_RECORD_TYPES as [AttachmentRecordType, ...AttachmentRecordType[]],
);

/** What an attachment may be, read from its content (the browser's `accept` list says the same). */
export const ATTACHMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
/** The default largest attachment (ATTACHMENT_MAX_BYTES on the server). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** The multipart field the file is sent in. */
export const ATTACHMENT_FIELD = 'file';

export const attachment = z.object({
  id: z.uuid(),
  recordType: attachmentRecordType,
  recordId: z.uuid(),
  fileName: z.string(),
  contentType: z.enum(ATTACHMENT_CONTENT_TYPES),
  size: z.number().int(),
  sha256: z.string(),
  uploadedBy: z.string().nullable(),
  uploadedByName: z.string().nullable(),
  uploadedAt: z.string(),
  /** An image: GET …/preview answers a downscaled copy. */
  hasPreview: z.boolean(),
});
export type Attachment = z.infer<typeof attachment>;

export const attachmentListReply = z.object({
  data: z.array(attachment),
  /** Posted or approved: attachments may be added but none removed. */
  locked: z.boolean(),
  maxBytes: z.number().int(),
});
export type AttachmentList = z.infer<typeof attachmentListReply>;

export const attachmentSavedReply = z.object({ message: z.string(), data: attachment });

export const attachmentParams = z.object({
  id: z.uuid('Not a valid id'),
  attachmentId: z.uuid('Not a valid id'),
});
