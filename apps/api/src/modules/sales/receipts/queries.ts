import type { BuyerReceipt, BuyerReceiptDetail, buyerReceiptListQuery } from '@ushirika/contracts';
import { and, asc, desc, eq, gte, ilike, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { likeContains, type PageWindow, pageOf } from '../../../platform/list.ts';
import { accounts } from '../../accounts/schema.ts';
import { buyers } from '../buyers/schema.ts';
import { salesInvoices } from '../invoices/schema.ts';
import { buyerReceipts, receiptAllocations } from './schema.ts';

const columns = {
  id: buyerReceipts.id,
  receiptNo: buyerReceipts.receiptNo,
  buyerId: buyerReceipts.buyerId,
  buyerName: buyers.name,
  receiptDate: buyerReceipts.receiptDate,
  bankAccountId: buyerReceipts.bankAccountId,
  bankAccountName: sql<string>`${accounts.code} || ' ' || ${accounts.name}`,
  amount: buyerReceipts.amount,
  allocated: buyerReceipts.allocated,
  unallocated: sql<string>`(${buyerReceipts.amount} - ${buyerReceipts.allocated})::numeric(16,2)::text`,
  reference: buyerReceipts.reference,
  journalEntryId: buyerReceipts.journalEntryId,
};

export async function listBuyerReceipts(
  db: DbOrTx,
  query: z.infer<typeof buyerReceiptListQuery>,
  window: PageWindow,
): Promise<{ rows: BuyerReceipt[]; total: number }> {
  const pattern = query.search ? likeContains(query.search) : undefined;
  const where = and(
    pattern
      ? or(
          ilike(buyerReceipts.receiptNo, pattern),
          ilike(buyers.name, pattern),
          ilike(buyerReceipts.reference, pattern),
        )
      : undefined,
    query.buyer_id ? eq(buyerReceipts.buyerId, query.buyer_id) : undefined,
    query.from ? gte(buyerReceipts.receiptDate, query.from) : undefined,
    query.to ? lte(buyerReceipts.receiptDate, query.to) : undefined,
  );
  const sortable = {
    receiptNo: buyerReceipts.receiptNo,
    receiptDate: buyerReceipts.receiptDate,
    amount: buyerReceipts.amount,
  };
  return pageOf(
    db,
    () =>
      db
        .select(columns)
        .from(buyerReceipts)
        .innerJoin(buyers, eq(buyers.id, buyerReceipts.buyerId))
        .innerJoin(accounts, eq(accounts.id, buyerReceipts.bankAccountId))
        .$dynamic(),
    {
      where,
      order: {
        sort: query.sort,
        sortable,
        fallback: [desc(buyerReceipts.receiptDate), desc(buyerReceipts.receiptNo)],
        tiebreak: buyerReceipts.id,
      },
      window,
    },
  );
}

export async function getBuyerReceipt(db: DbOrTx, id: string): Promise<BuyerReceiptDetail> {
  const [row] = await db
    .select(columns)
    .from(buyerReceipts)
    .innerJoin(buyers, eq(buyers.id, buyerReceipts.buyerId))
    .innerJoin(accounts, eq(accounts.id, buyerReceipts.bankAccountId))
    .where(eq(buyerReceipts.id, id));
  if (!row) throw new NotFoundError('Receipt not found');
  const allocations = await db
    .select({
      invoiceId: salesInvoices.id,
      invoiceNo: salesInvoices.invoiceNo,
      invoiceDate: salesInvoices.invoiceDate,
      amount: receiptAllocations.amount,
      allocatedOn: receiptAllocations.allocatedOn,
    })
    .from(receiptAllocations)
    .innerJoin(salesInvoices, eq(salesInvoices.id, receiptAllocations.invoiceId))
    .where(eq(receiptAllocations.receiptId, id))
    .orderBy(asc(salesInvoices.invoiceDate), asc(salesInvoices.invoiceNo));
  return { ...row, allocations };
}
