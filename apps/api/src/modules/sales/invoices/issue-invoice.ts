import { type Dec, type DeductionRuleInput, dec, round, ruleInput, splitGross, sum } from '@ushirika/domain';
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

type LevyLine = {
  ruleId: string;
  name: string;
  beneficiaryId: string | null;
  amount: Dec;
  order: number;
};

/**
 * Issues one sales invoice inside the caller's transaction: amount per line = kg x price (half-up
 * to the cent); for lot lines, the season crop's buyer-paid deduction rules (for all grades or the
 * lot's grade, valid on the invoice date) become one levy line per rule, summed over the lots (each
 * lot's levy rounded to the cent first); a gap-free number; audit; the posting (Dr buyer receivable
 * / Cr crop proceeds payable and Cr payable to beneficiaries for the levies). Lot statuses are left
 * to the caller (the auction close).
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

  const goods = input.lines.map((line, i) => {
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

  // Buyer-borne levies of the lots' season crops.
  const lotIds = [...new Set(goods.flatMap((g) => (g.lotId ? [g.lotId] : [])))];
  if (lotIds.length !== goods.filter((g) => g.lotId).length)
    throw fieldError('lines', 'A lot can be on an invoice once');
  const levies = new Map<string, LevyLine>();
  if (lotIds.length > 0) {
    const lotRows = await tx
      .select({ id: lots.id, seasonCropId: lots.seasonCropId, gradeId: lots.gradeId, bags: lots.bags })
      .from(lots)
      .where(inArray(lots.id, lotIds));
    if (lotRows.length !== lotIds.length) throw new NotFoundError('Lot not found');
    // A lot is sold once: on no other invoice unless that one was cancelled.
    const [taken] = await tx
      .select({ lotNo: lots.lotNo, invoiceNo: salesInvoices.invoiceNo })
      .from(salesInvoiceLines)
      .innerJoin(salesInvoices, eq(salesInvoices.id, salesInvoiceLines.invoiceId))
      .innerJoin(lots, eq(lots.id, salesInvoiceLines.lotId))
      .where(and(inArray(salesInvoiceLines.lotId, lotIds), ne(salesInvoices.status, 'cancelled')))
      .limit(1);
    if (taken) throw new ConflictError(`Lot ${taken.lotNo} is already on invoice ${taken.invoiceNo}`);
    const seasonCropIds = [...new Set(lotRows.map((l) => l.seasonCropId))];
    const rules = await tx
      .select()
      .from(deductionRules)
      .where(inArray(deductionRules.seasonCropId, seasonCropIds));
    const buyerRules = rules.filter((r) => r.payer === 'buyer');
    if (buyerRules.length > 0) {
      const lotById = new Map(lotRows.map((l) => [l.id, l]));
      for (const g of goods) {
        if (!g.lotId) continue;
        const lot = lotById.get(g.lotId);
        if (!lot) continue;
        const applicable: DeductionRuleInput[] = buyerRules
          .filter((r) => r.seasonCropId === lot.seasonCropId && (!r.gradeId || r.gradeId === lot.gradeId))
          .map(ruleInput);
        const split = splitGross(
          { kg: g.kg.toFixed(3), pricePerKg: g.price.toFixed(2), bags: lot.bags, on: input.invoiceDate },
          applicable,
        );
        for (const line of split.buyerLines) {
          const rule = buyerRules.find((r) => r.id === line.ruleId);
          const had = levies.get(line.ruleId);
          if (had) had.amount = had.amount.plus(dec(line.amount));
          else
            levies.set(line.ruleId, {
              ruleId: line.ruleId,
              name: line.name,
              beneficiaryId: rule?.beneficiaryId ?? null,
              amount: dec(line.amount),
              order: rule?.order ?? 0,
            });
        }
      }
    }
  }
  const levyLines = [...levies.values()]
    .filter((l) => l.amount.gt(0))
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));

  const subtotal = sum(goods.map((g) => g.amount));
  const leviesTotal = sum(levyLines.map((l) => l.amount));
  const total = subtotal.plus(leviesTotal);
  if (total.lte(0)) throw fieldError('lines', 'An invoice of nothing cannot be issued');

  const year = Number(input.invoiceDate.slice(0, 4));
  const invoiceNo = await nextDocumentNumber(tx, 'SI', year);
  const [invoice] = await tx
    .insert(salesInvoices)
    .values({
      invoiceNo,
      buyerId: buyer.id,
      auctionId: input.auctionId,
      invoiceDate: input.invoiceDate,
      dueDate,
      status: 'issued',
      subtotal: subtotal.toFixed(2),
      leviesTotal: leviesTotal.toFixed(2),
      total: total.toFixed(2),
      createdBy: input.actorId,
    })
    .returning({ id: salesInvoices.id });
  if (!invoice) throw new Error('Invoice insert returned nothing');

  const lineRows = [
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
    ...levyLines.map((l) => ({
      kind: 'buyer_levy' as const,
      lotId: null,
      description: l.name,
      descriptionSw: null,
      kg: null,
      pricePerKg: null,
      amount: l.amount.toFixed(2),
      deductionRuleId: l.ruleId,
      beneficiaryId: l.beneficiaryId,
    })),
  ].map((row, i) => ({ ...row, invoiceId: invoice.id, lineNo: i + 1 }));
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
    after: {
      invoiceNo,
      buyerId: buyer.id,
      auctionId: input.auctionId,
      invoiceDate: input.invoiceDate,
      dueDate,
      subtotal: subtotal.toFixed(2),
      leviesTotal: leviesTotal.toFixed(2),
      total: total.toFixed(2),
      journalEntryId: posted.id,
      lines: lineRows.map(({ invoiceId: _i, ...l }) => l),
    },
  });
  return { id: invoice.id, invoiceNo, total: total.toFixed(2) };
}
