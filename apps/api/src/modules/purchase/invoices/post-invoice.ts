import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { narrate } from '../../accounts/journal/narrations.ts';
import { postBusinessEvent } from '../../accounts/journal/post-business-event.ts';
import { suppliers } from '../suppliers/schema.ts';
import { purchaseInvoices } from './schema.ts';

/**
 * Posts a matched invoice on its date: Dr goods received not invoiced (net) and input VAT / Cr
 * supplier payables (total), party = the supplier. Inside the caller's transaction; a locked or
 * closed period refuses it (and with it the whole action).
 */
export async function postPurchaseInvoice(tx: DbOrTx, invoiceId: string, actorId: string): Promise<string> {
  const [invoice] = await tx
    .select({
      id: purchaseInvoices.id,
      invoiceNo: purchaseInvoices.invoiceNo,
      supplierInvoiceNo: purchaseInvoices.supplierInvoiceNo,
      invoiceDate: purchaseInvoices.invoiceDate,
      subtotal: purchaseInvoices.subtotal,
      vatTotal: purchaseInvoices.vatTotal,
      supplierId: suppliers.id,
      supplierName: suppliers.name,
    })
    .from(purchaseInvoices)
    .innerJoin(suppliers, eq(suppliers.id, purchaseInvoices.supplierId))
    .where(eq(purchaseInvoices.id, invoiceId));
  if (!invoice) throw new Error('Purchase invoice to post is missing');
  const posted = await postBusinessEvent(tx, {
    type: 'purchase_invoice',
    net: invoice.subtotal,
    vat: invoice.vatTotal,
    date: invoice.invoiceDate,
    narration: narrate('purchaseInvoice', {
      invoiceNo: invoice.invoiceNo,
      supplierInvoiceNo: invoice.supplierInvoiceNo,
      supplier: invoice.supplierName,
    }),
    reference: invoice.invoiceNo,
    sourceType: 'purchase_invoice',
    sourceId: invoice.id,
    actorId,
    party: { type: 'supplier', id: invoice.supplierId, name: invoice.supplierName },
  });
  await tx
    .update(purchaseInvoices)
    .set({ journalEntryId: posted.id })
    .where(eq(purchaseInvoices.id, invoiceId));
  return posted.id;
}
