import type { createSupplierPaymentBody, SupplierPaymentDetail } from '@ushirika/contracts';
import { sum } from '@ushirika/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { fieldError, NotFoundError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { accounts } from '../../accounts/schema.ts';
import { suppliers } from '../suppliers/schema.ts';
import { checkAllocations } from './allocations.ts';
import { getSupplierPayment } from './queries.ts';
import { supplierPaymentAllocations, supplierPayments } from './schema.ts';

/**
 * A payment to a supplier, as a draft waiting for approval: which invoices it pays and how much of
 * each (never more than is owed), from which Operation-book bank account. Nothing posts yet.
 */
export async function createSupplierPayment(
  db: Db,
  actor: Actor,
  body: z.infer<typeof createSupplierPaymentBody>,
): Promise<SupplierPaymentDetail> {
  return db.transaction(async (tx) => {
    const [supplier] = await tx.select().from(suppliers).where(eq(suppliers.id, body.supplierId));
    if (!supplier) throw new NotFoundError('Supplier not found');
    const [bank] = await tx.select().from(accounts).where(eq(accounts.id, body.bankAccountId));
    if (bank?.book !== 'operation' || !bank.isBankOrCash || !bank.active)
      throw fieldError('bankAccountId', 'Choose an active bank account of the Operation book');
    const plan = await checkAllocations(tx, supplier.id, body.allocations);
    const amount = sum(plan.map((p) => p.amount));
    const paymentNo = await nextDocumentNumber(tx, 'SPV', Number(body.paymentDate.slice(0, 4)));
    const [row] = await tx
      .insert(supplierPayments)
      .values({
        paymentNo,
        supplierId: supplier.id,
        paymentDate: body.paymentDate,
        bankAccountId: bank.id,
        reference: body.reference,
        amount: amount.toFixed(2),
        status: 'draft',
        createdBy: actor.userId,
      })
      .returning({ id: supplierPayments.id });
    if (!row) throw new Error('Supplier payment insert returned nothing');
    await tx
      .insert(supplierPaymentAllocations)
      .values(plan.map((p) => ({ paymentId: row.id, invoiceId: p.invoiceId, amount: p.amount.toFixed(2) })));
    const after = await getSupplierPayment(tx, row.id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'supplier_payment',
      entityId: row.id,
      after,
    });
    return after;
  });
}
