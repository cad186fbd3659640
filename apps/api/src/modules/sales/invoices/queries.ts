import type { SalesInvoice, SalesInvoiceDetail, salesInvoiceListQuery } from '@ushirika/contracts';
import { and, asc, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { currentLanguage, type Lang } from '../../../platform/labels.ts';
import { likeContains, type PageWindow, pageOf } from '../../../platform/list.ts';
import { lots } from '../../crop-flow/schema.ts';
import { beneficiaries } from '../../deductions/schema.ts';
import { buyers } from '../buyers/schema.ts';
import { buyerReceipts, receiptAllocations } from '../receipts/schema.ts';
import { salesInvoiceLines, salesInvoices } from './schema.ts';

export const invoiceColumns = {
  id: salesInvoices.id,
  invoiceNo: salesInvoices.invoiceNo,
  buyerId: salesInvoices.buyerId,
  buyerName: buyers.name,
  auctionId: salesInvoices.auctionId,
  invoiceDate: salesInvoices.invoiceDate,
  dueDate: salesInvoices.dueDate,
  status: salesInvoices.status,
  subtotal: salesInvoices.subtotal,
  leviesTotal: salesInvoices.leviesTotal,
  total: salesInvoices.total,
  paidAmount: salesInvoices.paidAmount,
  balance: sql<string>`(case when ${salesInvoices.status} = 'cancelled' then 0
    else ${salesInvoices.total} - ${salesInvoices.paidAmount} end)::numeric(16,2)::text`,
  journalEntryId: salesInvoices.journalEntryId,
  cancelReason: salesInvoices.cancelReason,
};

export const OPEN_STATUSES = ['issued', 'part_paid'] as const;

export function invoiceFilters(query: z.infer<typeof salesInvoiceListQuery>): SQL | undefined {
  const pattern = query.search ? likeContains(query.search) : undefined;
  return and(
    pattern ? or(ilike(salesInvoices.invoiceNo, pattern), ilike(buyers.name, pattern)) : undefined,
    query.buyer_id ? eq(salesInvoices.buyerId, query.buyer_id) : undefined,
    query.status ? eq(salesInvoices.status, query.status) : undefined,
    query.open === 'true' ? inArray(salesInvoices.status, [...OPEN_STATUSES]) : undefined,
    query.from ? gte(salesInvoices.invoiceDate, query.from) : undefined,
    query.to ? lte(salesInvoices.invoiceDate, query.to) : undefined,
  );
}

export async function listSalesInvoices(
  db: DbOrTx,
  query: z.infer<typeof salesInvoiceListQuery>,
  window: PageWindow,
): Promise<{ rows: SalesInvoice[]; total: number }> {
  const where = invoiceFilters(query);
  const sortable = {
    invoiceNo: salesInvoices.invoiceNo,
    invoiceDate: salesInvoices.invoiceDate,
    dueDate: salesInvoices.dueDate,
    total: salesInvoices.total,
    buyerName: buyers.name,
  };
  return pageOf(
    db,
    () =>
      db
        .select(invoiceColumns)
        .from(salesInvoices)
        .innerJoin(buyers, eq(buyers.id, salesInvoices.buyerId))
        .$dynamic(),
    {
      where,
      order: {
        sort: query.sort,
        sortable,
        fallback: [desc(salesInvoices.invoiceDate), desc(salesInvoices.invoiceNo)],
        tiebreak: salesInvoices.id,
      },
      window,
    },
  );
}

/**
 * A line's text in the reader's language: the Swahili text the auction close wrote beside the
 * English one (#20), else the line's one text (a person's own words read the same in both).
 */
const invoiceLineText = (lang: Lang = currentLanguage()): SQL<string> =>
  lang === 'sw'
    ? sql<string>`coalesce(nullif(${salesInvoiceLines.descriptionSw}, ''), ${salesInvoiceLines.description})`
    : sql<string>`${salesInvoiceLines.description}`;

export async function getSalesInvoice(db: DbOrTx, id: string): Promise<SalesInvoiceDetail> {
  const [row] = await db
    .select({ ...invoiceColumns, reversalEntryId: salesInvoices.reversalEntryId })
    .from(salesInvoices)
    .innerJoin(buyers, eq(buyers.id, salesInvoices.buyerId))
    .where(eq(salesInvoices.id, id));
  if (!row) throw new NotFoundError('Invoice not found');
  const [lines, allocations] = await Promise.all([
    db
      .select({
        lineNo: salesInvoiceLines.lineNo,
        kind: salesInvoiceLines.kind,
        lotId: salesInvoiceLines.lotId,
        lotNo: lots.lotNo,
        lotStatus: lots.status,
        description: invoiceLineText(),
        kg: salesInvoiceLines.kg,
        pricePerKg: salesInvoiceLines.pricePerKg,
        amount: salesInvoiceLines.amount,
        beneficiaryName: beneficiaries.name,
      })
      .from(salesInvoiceLines)
      .leftJoin(lots, eq(lots.id, salesInvoiceLines.lotId))
      .leftJoin(beneficiaries, eq(beneficiaries.id, salesInvoiceLines.beneficiaryId))
      .where(eq(salesInvoiceLines.invoiceId, id))
      .orderBy(asc(salesInvoiceLines.lineNo)),
    db
      .select({
        receiptId: buyerReceipts.id,
        receiptNo: buyerReceipts.receiptNo,
        receiptDate: buyerReceipts.receiptDate,
        amount: receiptAllocations.amount,
      })
      .from(receiptAllocations)
      .innerJoin(buyerReceipts, eq(buyerReceipts.id, receiptAllocations.receiptId))
      .where(eq(receiptAllocations.invoiceId, id))
      .orderBy(asc(buyerReceipts.receiptDate), asc(receiptAllocations.allocatedAt)),
  ]);
  return { ...row, lines, allocations };
}
