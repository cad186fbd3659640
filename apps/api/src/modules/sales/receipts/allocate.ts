import { D, type Dec, dec, sum } from '@ushirika/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { ConflictError, fieldError, NotFoundError } from '../../../platform/errors.ts';
import { OPEN_STATUSES } from '../invoices/queries.ts';
import { salesInvoices } from '../invoices/schema.ts';
import { buyerReceipts, receiptAllocations } from './schema.ts';

export type AllocationRequest = { invoiceId: string; amount: string }[] | undefined;

/**
 * Applies a receipt's unallocated money to invoices of its buyer: the given list, or (when
 * omitted) the open invoices oldest first. The receipt and the invoices are locked (`for update`)
 * so two allocations cannot spend the same money or overpay an invoice. An invoice's status
 * follows its paid amount (part_paid, paid). Answers how much was allocated now.
 */
export async function allocateReceipt(
  tx: Tx,
  {
    receiptId,
    allocations,
    on,
    actorId,
  }: { receiptId: string; allocations: AllocationRequest; on: string; actorId: string },
): Promise<Dec> {
  const [receipt] = await tx
    .select()
    .from(buyerReceipts)
    .where(eq(buyerReceipts.id, receiptId))
    .for('update');
  if (!receipt) throw new NotFoundError('Receipt not found');
  let left = dec(receipt.amount).minus(dec(receipt.allocated));

  let plan: { id: string; amount: Dec }[];
  if (allocations === undefined) {
    if (left.lte(0)) return new D(0);
    const open = await tx
      .select()
      .from(salesInvoices)
      .where(
        and(eq(salesInvoices.buyerId, receipt.buyerId), inArray(salesInvoices.status, [...OPEN_STATUSES])),
      )
      .orderBy(asc(salesInvoices.invoiceDate), asc(salesInvoices.invoiceNo))
      .for('update');
    plan = [];
    for (const inv of open) {
      if (left.lte(0)) break;
      const balance = dec(inv.total).minus(dec(inv.paidAmount));
      const amount = D.min(balance, left);
      if (amount.lte(0)) continue;
      plan.push({ id: inv.id, amount });
      left = left.minus(amount);
    }
  } else {
    const wanted = allocations.filter((a) => dec(a.amount).gt(0));
    const ids = [...new Set(wanted.map((a) => a.invoiceId))];
    if (ids.length !== wanted.length) throw fieldError('allocations', 'An invoice is listed twice');
    const total = sum(wanted.map((a) => a.amount));
    if (total.gt(left))
      throw fieldError(
        'allocations',
        `The allocations (${total.toFixed(2)}) are more than the receipt has left (${left.toFixed(2)})`,
      );
    const rows = ids.length
      ? await tx
          .select()
          .from(salesInvoices)
          .where(inArray(salesInvoices.id, ids))
          .orderBy(asc(salesInvoices.id))
          .for('update')
      : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    plan = wanted.map((a, i) => {
      const inv = byId.get(a.invoiceId);
      if (!inv) throw new NotFoundError('Invoice not found');
      if (inv.buyerId !== receipt.buyerId)
        throw fieldError(`allocations.${i}.invoiceId`, `Invoice ${inv.invoiceNo} belongs to another buyer`);
      if (!(OPEN_STATUSES as readonly string[]).includes(inv.status))
        throw new ConflictError(
          `Invoice ${inv.invoiceNo} is ${inv.status.replace('_', ' ')}: nothing to allocate to`,
        );
      const balance = dec(inv.total).minus(dec(inv.paidAmount));
      const amount = dec(a.amount);
      if (amount.gt(balance))
        throw fieldError(
          `allocations.${i}.amount`,
          `${amount.toFixed(2)} is more than the balance of invoice ${inv.invoiceNo} (${balance.toFixed(2)})`,
        );
      return { id: inv.id, amount };
    });
  }
  if (plan.length === 0) return new D(0);

  await tx.insert(receiptAllocations).values(
    plan.map((p) => ({
      receiptId,
      invoiceId: p.id,
      amount: p.amount.toFixed(2),
      allocatedOn: on,
      allocatedBy: actorId,
    })),
  );
  for (const p of plan) {
    await tx
      .update(salesInvoices)
      .set({
        paidAmount: sql`${salesInvoices.paidAmount} + ${p.amount.toFixed(2)}::numeric`,
        status: sql`case when ${salesInvoices.paidAmount} + ${p.amount.toFixed(2)}::numeric >= ${salesInvoices.total}
          then 'paid' else 'part_paid' end`,
      })
      .where(eq(salesInvoices.id, p.id));
  }
  const allocatedNow = sum(plan.map((p) => p.amount));
  await tx
    .update(buyerReceipts)
    .set({ allocated: sql`${buyerReceipts.allocated} + ${allocatedNow.toFixed(2)}::numeric` })
    .where(eq(buyerReceipts.id, receiptId));
  return allocatedNow;
}
