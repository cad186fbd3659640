import { type Dec, dec, round } from '@ushirika/domain';
import { asc, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { ConflictError, fieldError, NotFoundError } from '../../../platform/errors.ts';
import { OPEN_INVOICE } from '../invoices/queries.ts';
import { purchaseInvoices } from '../invoices/schema.ts';

/**
 * Checks a payment's allocations against the supplier's invoices, locked (`for update`, in id
 * order) so two payments cannot together pay an invoice more than its balance: each invoice of
 * this supplier, open or part paid, listed once, and no more than its balance.
 */
export async function checkAllocations(
  tx: Tx,
  supplierId: string,
  allocations: { invoiceId: string; amount: string }[],
): Promise<{ invoiceId: string; amount: Dec; invoiceNo: string }[]> {
  const ids = [...new Set(allocations.map((a) => a.invoiceId))];
  if (ids.length !== allocations.length) throw fieldError('allocations', 'An invoice is listed twice');
  const rows = await tx
    .select()
    .from(purchaseInvoices)
    .where(inArray(purchaseInvoices.id, ids))
    .orderBy(asc(purchaseInvoices.id))
    .for('update');
  const byId = new Map(rows.map((r) => [r.id, r]));
  return allocations.map((a, i) => {
    const invoice = byId.get(a.invoiceId);
    if (!invoice) throw new NotFoundError('Purchase invoice not found');
    if (invoice.supplierId !== supplierId)
      throw fieldError(`allocations.${i}.invoiceId`, `Invoice ${invoice.invoiceNo} is another supplier's`);
    if (!(OPEN_INVOICE as readonly string[]).includes(invoice.status))
      throw new ConflictError(
        `Invoice ${invoice.invoiceNo} is ${invoice.status.replace('_', ' ')}: there is nothing to pay on it`,
      );
    const amount = round(dec(a.amount), 2);
    if (amount.lte(0)) throw fieldError(`allocations.${i}.amount`, 'The amount must be above zero');
    const balance = dec(invoice.total).minus(dec(invoice.paidAmount));
    if (amount.gt(balance))
      throw fieldError(
        `allocations.${i}.amount`,
        `${amount.toFixed(2)} is more than is owed on invoice ${invoice.invoiceNo} (${balance.toFixed(2)})`,
      );
    return { invoiceId: invoice.id, amount, invoiceNo: invoice.invoiceNo };
  });
}
