import { buyerLevies, type Dec, dec, type LevyLine, round, ruleInput, sum } from '@ushirika/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, fieldError, NotFoundError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { narrate } from '../../accounts/journal/narrations.ts';
import { postBusinessEvent } from '../../accounts/journal/post-business-event.ts';
import { lots } from '../../crop-flow/schema.ts';
import { deductionRules } from '../../deductions/schema.ts';
import { buyers } from '../buyers/schema.ts';
import { salesInvoiceLines, salesInvoices, salesSettings } from './schema.ts';

export type IssueInvoiceLine = {
  lotId: string | null;
  description: string;
  /** The Swahili text when the system writes the line (auction close); none for a person's own words. */
  descriptionSw?: string | null;
  /** 3 dp string. */
  kg: string;
  /** 2 dp string. */
  pricePerKg: string;
};

export type IssueInvoiceInput = {
  buyerId: string;
  auctionId: string | null;
  /** YYYY-MM-DD. */
  invoiceDate: string;
  /** YYYY-MM-DD; default: invoice date + the sales setting's due days (4). */
  dueDate?: string;
  lines: IssueInvoiceLine[];
  actorId: string;
};

export const DEFAULT_INVOICE_DUE_DAYS = 4;

export async function invoiceDueDays(tx: DbOrTx): Promise<number> {
  const [row] = await tx.select({ days: salesSettings.invoiceDueDays }).from(salesSettings);
  return row?.days ?? DEFAULT_INVOICE_DUE_DAYS;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

type Good = {
  lotId: string | null;
  description: string;
  descriptionSw: string | null;
  kg: Dec;
  price: Dec;
  amount: Dec;
};

/** Stage 1: each line checked and priced, amount = kg x price half-up to the cent. */
function priceGoods(lines: IssueInvoiceLine[]): Good[] {
  return lines.map((line, i) => {
    let kg: Dec;
    let price: Dec;
    try {
      kg = round(dec(line.kg), 3);
      price = round(dec(line.pricePerKg), 2);
    } catch {
      throw fieldError(`lines.${i}`, 'Invalid quantity or price');
    }
    if (kg.lte(0)) throw fieldError(`lines.${i}.kg`, 'Kg must be above zero');
    if (price.isNegative()) throw fieldError(`lines.${i}.pricePerKg`, 'Price cannot be negative');
    const description = line.description.trim();
    if (!description) throw fieldError(`lines.${i}.description`, 'Each line needs a description');
    const descriptionSw = line.descriptionSw?.trim() || null;
    return { lotId: line.lotId, description, descriptionSw, kg, price, amount: round(kg.times(price), 2) };
  });
}

/**
 * Stage 2: the lots are sold once (on no other invoice unless that one was cancelled), and their
 * season crops' buyer-borne levies (buyerLevies in the domain) become the invoice's levy lines.
 */
async function leviesOfLots(tx: DbOrTx, goods: Good[], invoiceDate: string): Promise<LevyLine[]> {
  const lotIds = [...new Set(goods.flatMap((g) => (g.lotId ? [g.lotId] : [])))];
  if (lotIds.length !== goods.filter((g) => g.lotId).length)
    throw fieldError('lines', 'A lot can be on an invoice once');
  if (lotIds.length === 0) return [];
  const lotRows = await tx
    .select({ id: lots.id, seasonCropId: lots.seasonCropId, gradeId: lots.gradeId, bags: lots.bags })
    .from(lots)
    .where(inArray(lots.id, lotIds));
  if (lotRows.length !== lotIds.length) throw new NotFoundError('Lot not found');
  const [taken] = await tx
    .select({ lotNo: lots.lotNo, invoiceNo: salesInvoices.invoiceNo })
    .from(salesInvoiceLines)
    .innerJoin(salesInvoices, eq(salesInvoices.id, salesInvoiceLines.invoiceId))
    .innerJoin(lots, eq(lots.id, salesInvoiceLines.lotId))
    .where(and(inArray(salesInvoiceLines.lotId, lotIds), ne(salesInvoices.status, 'cancelled')))
    .limit(1);
  if (taken) throw new ConflictError(`Lot ${taken.lotNo} is already on invoice ${taken.invoiceNo}`);
  const rules = await tx
    .select()
    .from(deductionRules)
    .where(inArray(deductionRules.seasonCropId, [...new Set(lotRows.map((l) => l.seasonCropId))]));
  const lotById = new Map(lotRows.map((l) => [l.id, l]));
  const sold = goods.flatMap((g) => {
    const lot = g.lotId ? lotById.get(g.lotId) : undefined;
    return lot ? [{ ...lot, kg: g.kg.toFixed(3), pricePerKg: g.price.toFixed(2) }] : [];
  });
  return buyerLevies(
    sold,
    rules.map((r) => ({
      ...ruleInput(r),
      seasonCropId: r.seasonCropId,
      gradeId: r.gradeId,
      beneficiaryId: r.beneficiaryId,
    })),
    invoiceDate,
  );
}

/** Stage 3's rows: the goods, then one line per levy, numbered from 1. */
function invoiceLineRows(invoiceId: string, goods: Good[], levies: LevyLine[]) {
  return [
    ...goods.map((g) => ({
      kind: 'lot' as const,
      lotId: g.lotId,
      description: g.description,
      descriptionSw: g.descriptionSw,
      kg: g.kg.toFixed(3),
      pricePerKg: g.price.toFixed(2),
      amount: g.amount.toFixed(2),
      deductionRuleId: null,
      beneficiaryId: null,
    })),
    ...levies.map((l) => ({
      kind: 'buyer_levy' as const,
      lotId: null,
      description: l.name,
      descriptionSw: null,
      kg: null,
      pricePerKg: null,
      amount: l.amount,
      deductionRuleId: l.ruleId,
      beneficiaryId: l.beneficiaryId,
    })),
  ].map((row, i) => ({ ...row, invoiceId, lineNo: i + 1 }));
}

/**
 * Issues one sales invoice inside the caller's transaction, in stages: price the lines; the lots'
 * buyer-borne levies; a gap-free number, the invoice and its lines; the posting (Dr buyer
 * receivable / Cr crop proceeds payable and Cr payable to beneficiaries for the levies); audit.
 * Lot statuses are left to the caller (the auction close).
 */
export async function issueInvoice(
  tx: DbOrTx,
  input: IssueInvoiceInput,
): Promise<{ id: string; invoiceNo: string; total: string }> {
  if (!ISO_DATE.test(input.invoiceDate)) throw fieldError('invoiceDate', 'Invalid invoice date');
  if (input.lines.length === 0) throw fieldError('lines', 'An invoice needs at least one line');
  const [buyer] = await tx
    .select({ id: buyers.id, name: buyers.name })
    .from(buyers)
    .where(eq(buyers.id, input.buyerId));
  if (!buyer) throw new NotFoundError('Buyer not found');
  const dueDate = input.dueDate ?? addDays(input.invoiceDate, await invoiceDueDays(tx));
  if (!ISO_DATE.test(dueDate) || dueDate < input.invoiceDate)
    throw fieldError('dueDate', 'The due date cannot be before the invoice date');
  const goods = priceGoods(input.lines);
  const levies = await leviesOfLots(tx, goods, input.invoiceDate);

  const subtotal = sum(goods.map((g) => g.amount));
  const leviesTotal = sum(levies.map((l) => l.amount));
  const total = subtotal.plus(leviesTotal);
  if (total.lte(0)) throw fieldError('lines', 'An invoice of nothing cannot be issued');
  const invoiceNo = await nextDocumentNumber(tx, 'SI', Number(input.invoiceDate.slice(0, 4)));
  const header = {
    invoiceNo,
    buyerId: buyer.id,
    auctionId: input.auctionId,
    invoiceDate: input.invoiceDate,
    dueDate,
    subtotal: subtotal.toFixed(2),
    leviesTotal: leviesTotal.toFixed(2),
    total: total.toFixed(2),
  };
  const [invoice] = await tx
    .insert(salesInvoices)
    .values({ ...header, status: 'issued', createdBy: input.actorId })
    .returning({ id: salesInvoices.id });
  if (!invoice) throw new Error('Invoice insert returned nothing');
  const lineRows = invoiceLineRows(invoice.id, goods, levies);
  // Large auctions: insert in chunks to keep each statement's parameter count bounded.
  for (let i = 0; i < lineRows.length; i += 500) {
    await tx.insert(salesInvoiceLines).values(lineRows.slice(i, i + 500));
  }

  const posted = await postBusinessEvent(tx, {
    type: 'sales_invoice',
    amount: subtotal,
    buyerLevies: leviesTotal,
    date: input.invoiceDate,
    narration: narrate('salesInvoice', { invoiceNo, buyer: buyer.name }),
    reference: invoiceNo,
    sourceType: 'sales_invoice',
    sourceId: invoice.id,
    actorId: input.actorId,
    party: { type: 'buyer', id: buyer.id, name: buyer.name },
  });
  await tx.update(salesInvoices).set({ journalEntryId: posted.id }).where(eq(salesInvoices.id, invoice.id));
  await recordAudit(tx, {
    actorId: input.actorId,
    action: 'created',
    entity: 'sales_invoice',
    entityId: invoice.id,
    after: { ...header, journalEntryId: posted.id, lines: lineRows.map(({ invoiceId: _i, ...l }) => l) },
  });
  return { id: invoice.id, invoiceNo, total: total.toFixed(2) };
}
