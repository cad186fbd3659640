import type { SupplierPaymentDetail } from '@ushirika/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, NotFoundError } from '../../../platform/errors.ts';
import { getSupplierPayment } from './queries.ts';
import { supplierPayments } from './schema.ts';

/** A draft payment dropped before approval; the reason stays on it. */
export async function cancelSupplierPayment(
  db: Db,
  actor: Actor,
  { id, reason }: { id: string; reason: string },
): Promise<SupplierPaymentDetail> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(supplierPayments)
      .set({
        status: 'cancelled',
        cancelReason: reason,
        cancelledAt: new Date(),
        cancelledBy: actor.userId,
        updatedAt: new Date(),
      })
      .where(and(eq(supplierPayments.id, id), eq(supplierPayments.status, 'draft')))
      .returning({ id: supplierPayments.id, paymentNo: supplierPayments.paymentNo });
    if (!claimed) {
      const [payment] = await tx.select().from(supplierPayments).where(eq(supplierPayments.id, id));
      if (!payment) throw new NotFoundError('Supplier payment not found');
      throw new ConflictError(
        `Payment ${payment.paymentNo} is ${payment.status}: only a draft can be cancelled`,
      );
    }
    const after = await getSupplierPayment(tx, id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'cancelled',
      entity: 'supplier_payment',
      entityId: id,
      before: { status: 'draft' },
      after: { status: 'cancelled', cancelReason: reason },
    });
    return after;
  });
}
