import { and, inArray, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { ConflictError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { lockRecords, type OpeningKindDefinition, type OpeningRecord } from '../../accounts/opening/kinds.ts';
import {
  checkOpenInvoiceRows,
  type OpeningParty,
  openInvoicesSheet,
} from '../../accounts/opening/open-invoices.ts';
import { addDays } from '../../sales/invoices/issue-invoice.ts';
import { suppliers } from '../suppliers/schema.ts';
import { purchaseInvoices } from './schema.ts';

const usedRow = z.object({ invoiceNo: z.string(), paymentNo: z.string() });

/**
 * Suppliers as the sheet names them: by TIN, else by name (any case). A name two suppliers share
 * finds neither: the sheet must give the TIN.
 */
async function suppliersByCode(tx: DbOrTx, codes: string[]) {
  const byCode = new Map<string, OpeningParty & { terms: number }>();
  if (codes.length === 0) return byCode;
  const lowered = codes.map((c) => c.toLowerCase());
  const found = await tx
    .select({
      id: suppliers.id,
      name: suppliers.name,
      tin: suppliers.tin,
      terms: suppliers.paymentTermsDays,
    })
    .from(suppliers)
    .where(or(inArray(suppliers.tin, codes), inArray(sql`lower(${suppliers.name})`, lowered)));
  const named = new Map<string, typeof found>();
  for (const s of found) named.set(s.name.toLowerCase(), [...(named.get(s.name.toLowerCase()) ?? []), s]);
  for (const code of codes) {
    const hit = found.find((s) => s.tin === code) ?? named.get(code.toLowerCase());
    const one = Array.isArray(hit) ? (hit.length === 1 ? hit[0] : undefined) : hit;
    if (one) byCode.set(code, { id: one.id, name: one.name, terms: one.terms });
  }
  return byCode;
}

/**
 * Suppliers' unpaid invoices at go-live (Operation book): each an open purchase invoice under a
 * new PINV number with the supplier's own number and dates, for what was still owed on it (amount
 * - already paid), with no order, no lines and no posting (the opening trial balance holds the
 * supplier payables account; the go-live check ties the two). Supplier payments pay them, the aged
 * payables and the statement read them, like any posted invoice.
 */
export const supplierInvoicesOpening: OpeningKindDefinition = {
  book: 'operation',
  async check(tx, rows, { openingDate }) {
    const codes = [...new Set(rows.map((r) => r.cells.supplier_code ?? '').filter(Boolean))];
    const parties = await suppliersByCode(tx, codes);
    const ids = [...new Set([...parties.values()].map((p) => p.id))];
    const kept =
      ids.length === 0
        ? []
        : await tx
            .select({ supplierId: purchaseInvoices.supplierId, no: purchaseInvoices.supplierInvoiceNo })
            .from(purchaseInvoices)
            .where(and(inArray(purchaseInvoices.supplierId, ids), ne(purchaseInvoices.status, 'cancelled')));
    const keyOf = (i: { partyId: string; invoiceNo: string }) => `${i.partyId} ${i.invoiceNo.toLowerCase()}`;
    const taken = new Set(kept.map((k) => keyOf({ partyId: k.supplierId, invoiceNo: k.no })));
    const terms = new Map([...parties.values()].map((p) => [p.id, p.terms]));
    const { preview, invoices, total } = checkOpenInvoiceRows(rows, {
      codeColumn: 'supplier_code',
      parties,
      numberKey: keyOf,
      taken: (i) => taken.has(keyOf(i)),
      openingDate,
      dueFrom: (date, supplierId) => addDays(date, terms.get(supplierId) ?? 0),
    });
    return openInvoicesSheet({ preview, invoices, total }, async (t, actor, importId) => {
      const records: OpeningRecord[] = [];
      for (const inv of invoices) {
        const invoiceNo = await nextDocumentNumber(t, 'PINV', Number(inv.invoiceDate.slice(0, 4)));
        const [saved] = await t
          .insert(purchaseInvoices)
          .values({
            invoiceNo,
            supplierInvoiceNo: inv.invoiceNo,
            supplierId: inv.partyId,
            orderId: null,
            openingImportId: importId,
            invoiceDate: inv.invoiceDate,
            dueDate: inv.dueDate,
            status: 'open',
            subtotal: inv.outstanding.toFixed(2),
            vatTotal: '0',
            total: inv.outstanding.toFixed(2),
            createdBy: actor.userId,
          })
          .returning({ id: purchaseInvoices.id });
        if (!saved) throw new Error('Opening purchase invoice insert returned nothing');
        records.push({ type: 'purchase_invoice', id: saved.id });
      }
      return records;
    });
  },
  async undo(tx, records) {
    // Locked first: a payment allocating to one of them now waits, then finds it gone.
    const ids = await lockRecords(tx, purchaseInvoices, records);
    const [used] = await queryRows(
      tx,
      usedRow,
      sql`select pi.invoice_no as "invoiceNo", sp.payment_no as "paymentNo"
          from supplier_payment_allocations a
          join supplier_payments sp on sp.id = a.payment_id
          join purchase_invoices pi on pi.id = a.invoice_id
          where a.invoice_id in (select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))
          order by pi.invoice_no limit 1`,
    );
    if (used)
      throw new ConflictError(
        `Payment ${used.paymentNo} is against opening invoice ${used.invoiceNo}: the opening invoices can no longer be reversed`,
      );
    // Never posted, so nothing to reverse: they go, and the supplier's numbers may come in again.
    await tx.delete(purchaseInvoices).where(inArray(purchaseInvoices.id, ids));
  },
};
