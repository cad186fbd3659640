import type { RejectSecondPaymentBody, SecondPayment } from '@ushirika/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { rejectProposal } from '../../../platform/proposals.ts';
import { lockSecondPayment, SECOND_PAYMENT } from './approve-second-payment.ts';
import { getSecondPayment } from './queries.ts';

/** Another person rejects a proposal with a reason; nothing is posted; the season crop may be proposed again. */
export async function rejectSecondPayment(
  db: DbOrTx,
  actor: Actor,
  { id, body }: { id: string; body: RejectSecondPaymentBody },
): Promise<SecondPayment> {
  return db.transaction(async (tx) => {
    await lockSecondPayment(tx, actor, id);
    await rejectProposal(tx, actor, SECOND_PAYMENT, { id, reason: body.reason });
    return getSecondPayment(tx, id);
  });
}
