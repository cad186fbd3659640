import { z } from 'zod';
import { listQuery, uuid } from '../common.ts';
import { amountField, isoDate, optionalText } from '../fields.ts';

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
