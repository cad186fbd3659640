import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { ConflictError } from '../../../platform/errors.ts';
import { lockRecords, type OpeningKindDefinition, type OpeningRecord } from '../../accounts/opening/kinds.ts';
import { checkOpenInvoiceRows, openInvoicesSheet } from '../../accounts/opening/open-invoices.ts';
import { buyersCoded } from '../buyers/buyers.ts';
import { addDays, invoiceDueDays } from './issue-invoice.ts';
import { salesInvoiceLines, salesInvoices } from './schema.ts';

/** The numbers Ushirika gives its own sales invoices (SI-2026-000123): an old one may not take them. */
const OWN_NUMBER = /^SI-\d{4}-\d+$/i;

async function numbersKept(tx: DbOrTx, numbers: string[]) {
  if (numbers.length === 0) return new Set<string>();
  const rows = await tx
    .select({ no: salesInvoices.invoiceNo })
    .from(salesInvoices)
    .where(inArray(salesInvoices.invoiceNo, numbers));
  return new Set(rows.map((r) => r.no));
}

const idsOf = (records: OpeningRecord[]) => JSON.stringify(records.map((r) => r.id));

/**
 * Buyers' unpaid invoices at go-live (Collection book): each an issued sales invoice under its old
 * number and dates, for what was still owed on it (amount - already paid), with no goods and no
 * posting (the opening trial balance holds the buyer receivables account; the go-live check ties
 * the two). Receipts are allocated to them, aging and statements read them, like any invoice.
 */
export const buyerInvoicesOpening: OpeningKindDefinition = {
  book: 'collection',
  async check(tx, rows, { openingDate }) {
    const codes = [...new Set(rows.map((r) => r.cells.buyer_code ?? '').filter(Boolean))];
    const found = await buyersCoded(tx, codes);
    const kept = await numbersKept(tx, [
      ...new Set(rows.map((r) => (r.cells.invoice_no ?? '').trim()).filter(Boolean)),
    ]);
    const dueDays = await invoiceDueDays(tx);
    const { preview, invoices, total } = checkOpenInvoiceRows(rows, {
      codeColumn: 'buyer_code',
      parties: new Map(found.map((b) => [b.code, { id: b.id, name: b.name }])),
      numberKey: (i) => i.invoiceNo.toUpperCase(),
      taken: (i) => kept.has(i.invoiceNo) || OWN_NUMBER.test(i.invoiceNo),
      openingDate,
      dueFrom: (date) => addDays(date, dueDays),
    });
    return openInvoicesSheet({ preview, invoices, total }, async (t, actor, importId) => {
      const records: OpeningRecord[] = [];
      for (let i = 0; i < invoices.length; i += 500) {
        const chunk = invoices.slice(i, i + 500);
        const saved = await t
          .insert(salesInvoices)
          .values(
            chunk.map((inv) => ({
              invoiceNo: inv.invoiceNo,
              buyerId: inv.partyId,
              auctionId: null,
              openingImportId: importId,
              invoiceDate: inv.invoiceDate,
              dueDate: inv.dueDate,
              status: 'issued' as const,
              subtotal: inv.outstanding.toFixed(2),
              leviesTotal: '0',
              total: inv.outstanding.toFixed(2),
              createdBy: actor.userId,
            })),
          )
          .returning({ id: salesInvoices.id });
        await t.insert(salesInvoiceLines).values(
          chunk.map((inv, j) => ({
            invoiceId: saved[j]?.id ?? '',
            lineNo: 1,
            kind: 'lot' as const,
            lotId: null,
            description: `Unpaid at ${openingDate} in the old books: ${inv.amount} less ${inv.alreadyPaid} paid`,
            descriptionSw: `Deni la ${openingDate} katika vitabu vya zamani: ${inv.amount} ukitoa ${inv.alreadyPaid} zilizolipwa`,
            amount: inv.outstanding.toFixed(2),
          })),
        );
        records.push(...saved.map((s) => ({ type: 'sales_invoice', id: s.id })));
      }
      return records;
    });
  },
  async undo(tx, records) {
    // Locked first: a receipt allocating to one of them now waits, then finds it gone.
    const ids = await lockRecords(tx, salesInvoices, records);
    const [used] = await queryRows(
      tx,
      z.object({ invoiceNo: z.string(), by: z.string() }),
      sql`select si.invoice_no as "invoiceNo", coalesce(br.receipt_no, gi.group_no) as by
          from sales_invoices si
          left join receipt_allocations ra on ra.invoice_id = si.id
          left join buyer_receipts br on br.id = ra.receipt_id
          left join group_invoice_members gm on gm.invoice_id = si.id
          left join group_invoices gi on gi.id = gm.group_invoice_id
          where si.id in (select value::uuid from json_array_elements_text(${idsOf(records)}::json))
            and (ra.id is not null or gm.invoice_id is not null)
          order by si.invoice_no limit 1`,
    );
    if (used)
      throw new ConflictError(
        `${used.by} is against opening invoice ${used.invoiceNo}: the opening invoices can no longer be reversed`,
      );
    // Never posted, so nothing to reverse: they go, and their numbers may be imported again.
    await tx.delete(salesInvoiceLines).where(inArray(salesInvoiceLines.invoiceId, ids));
    await tx.delete(salesInvoices).where(inArray(salesInvoices.id, ids));
  },
};
