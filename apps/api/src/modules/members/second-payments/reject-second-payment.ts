import type { RejectSecondPaymentBody, SecondPayment } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { lockSecondPayment } from './approve-second-payment.ts';
import { getSecondPayment } from './queries.ts';
import { secondPayments } from './schema.ts';

/** Another person rejects a proposal with a reason; nothing is posted; the season crop may be proposed again. */
export async function rejectSecondPayment(
  db: DbOrTx,
  actor: Actor,
  { id, body }: { id: string; body: RejectSecondPaymentBody },
): Promise<SecondPayment> {
  return db.transaction(async (tx) => {
    await lockSecondPayment(tx, actor, id);
    await tx
      .update(secondPayments)
      .set({
        status: 'rejected',
        rejectedBy: actor.userId,
        rejectedAt: new Date(),
        rejectReason: body.reason,
      })
      .where(eq(secondPayments.id, id));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'rejected',
      entity: 'second_payment',
      entityId: id,
      before: { status: 'proposed' },
      after: { status: 'rejected', reason: body.reason },
    });
    return getSecondPayment(tx, id);
  });
}
