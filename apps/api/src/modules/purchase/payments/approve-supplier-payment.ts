import type { SupplierPaymentDetail } from '@ushirika/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../platform/errors.ts';
import { checkBankCover } from '../../accounts/journal/bank-cover.ts';
import { narrate } from '../../accounts/journal/narrations.ts';
import { postBusinessEvent } from '../../accounts/journal/post-business-event.ts';
import { purchaseInvoices } from '../invoices/schema.ts';
import { suppliers } from '../suppliers/schema.ts';
import { checkAllocations } from './allocations.ts';
import { getSupplierPayment } from './queries.ts';
import { supplierPaymentAllocations, supplierPayments } from './schema.ts';

const refused = (no: string, status: string) =>
  new ConflictError(
    `Payment ${no} is ${status === 'approved' ? 'already approved' : status}: it cannot be approved`,
  );

/**
 * Approves a draft payment, by someone other than its maker: the allocations are checked again
 * against the invoices' balances now (another payment may have paid them since), the invoices are
 * paid (part_paid or paid), and Dr supplier payables / Cr the chosen bank posts on the payment
 * date. Race-safe: one conditional UPDATE claims the draft; of two approvers one gets 409.
 */
export async function approveSupplierPayment(
  db: Db,
  actor: Actor,
  { id }: { id: string },
): Promise<{ payment: SupplierPaymentDetail; warning?: string }> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(supplierPayments).where(eq(supplierPayments.id, id));
    if (!payment) throw new NotFoundError('Supplier payment not found');
    if (payment.status !== 'draft') throw refused(payment.paymentNo, payment.status);
    if (payment.createdBy === actor.userId)
      throw new ForbiddenError('You entered this payment, so another person must approve it');
    const warning = await checkBankCover(tx, {
      accountId: payment.bankAccountId,
      amount: payment.amount,
      what: `payment ${payment.paymentNo}`,
    });
    const [claimed] = await tx
      .update(supplierPayments)
      .set({ status: 'approved', approvedAt: new Date(), approvedBy: actor.userId, updatedAt: new Date() })
      .where(and(eq(supplierPayments.id, id), eq(supplierPayments.status, 'draft')))
      .returning({ id: supplierPayments.id });
    if (!claimed) throw refused(payment.paymentNo, 'already approved');
    const allocations = await tx
      .select({ invoiceId: supplierPaymentAllocations.invoiceId, amount: supplierPaymentAllocations.amount })
      .from(supplierPaymentAllocations)
      .where(eq(supplierPaymentAllocations.paymentId, id));
    const plan = await checkAllocations(tx, payment.supplierId, allocations);
    for (const p of plan) {
      await tx
        .update(purchaseInvoices)
        .set({
          paidAmount: sql`${purchaseInvoices.paidAmount} + ${p.amount.toFixed(2)}::numeric`,
          status: sql`case when ${purchaseInvoices.paidAmount} + ${p.amount.toFixed(2)}::numeric >= ${purchaseInvoices.total}
            then 'paid' else 'part_paid' end`,
        })
        .where(eq(purchaseInvoices.id, p.invoiceId));
    }
    const [supplier] = await tx
      .select({ id: suppliers.id, name: suppliers.name })
      .from(suppliers)
      .where(eq(suppliers.id, payment.supplierId));
    const posted = await postBusinessEvent(tx, {
      type: 'supplier_payment',
      amount: payment.amount,
      date: payment.paymentDate,
      narration: narrate('supplierPayment', {
        paymentNo: payment.paymentNo,
        supplier: supplier?.name ?? '',
        invoices: plan.map((p) => p.invoiceNo).join(', '),
      }),
      reference: payment.reference ?? payment.paymentNo,
      sourceType: 'supplier_payment',
      sourceId: id,
      actorId: actor.userId,
      party: { type: 'supplier', id: payment.supplierId, name: supplier?.name ?? '' },
      bankAccountId: payment.bankAccountId,
    });
    await tx.update(supplierPayments).set({ journalEntryId: posted.id }).where(eq(supplierPayments.id, id));
    const after = await getSupplierPayment(tx, id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'approved',
      entity: 'supplier_payment',
      entityId: id,
      before: { status: 'draft' },
      after: { status: 'approved', journalEntryId: posted.id },
    });
    return { payment: after, warning };
  });
}
