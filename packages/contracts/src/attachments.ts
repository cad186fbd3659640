import { z } from 'zod';

/**
 * Document attachments (#17): signed paper scanned or photographed into the record it backs.
 * Every record type with a details page, and the API path of its details route: its attachments
 * live under `<path>/:id/attachments` (list, upload), `…/:attachmentId/file` (download),
 * `…/:attachmentId/preview` (images, downscaled) and DELETE `…/:attachmentId` (drafts only).
 */
export const ATTACHMENT_RECORDS = {
  'journal-entry': '/accounts/journal-entries',
  voucher: '/accounts/payments-and-receipts',
  'bank-transfer': '/accounts/bank-transfers',
  'buyer-receipt': '/sales/receipts',
  'payment-batch': '/payments/batches',
  'delivery-note': '/collections/delivery-notes',
  collection: '/collections/receipts',
  lot: '/collections/lots',
  auction: '/sales/auctions',
  'sales-invoice': '/sales/invoices',
  'purchase-invoice': '/purchase/invoices',
  'purchase-order': '/purchase/orders',
  grn: '/inventory/grns',
  farmer: '/collections/farmers',
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
