import type { Appropriation, RejectAppropriationBody } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { lockProposal } from './approve-appropriation.ts';
import { getAppropriation } from './queries.ts';
import { appropriations } from './schema.ts';

/** The AGM (or the checker) rejects a proposal with a reason; nothing is posted; the year may be proposed again. */
export async function rejectAppropriation(
  db: DbOrTx,
  actor: Actor,
  { id, body }: { id: string; body: RejectAppropriationBody },
): Promise<Appropriation> {
  return db.transaction(async (tx) => {
    await lockProposal(tx, actor, id);
    await tx
      .update(appropriations)
      .set({
        status: 'rejected',
        rejectedBy: actor.userId,
        rejectedAt: new Date(),
        rejectReason: body.reason,
      })
      .where(eq(appropriations.id, id));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'rejected',
      entity: 'appropriation',
      entityId: id,
      before: { status: 'proposed' },
      after: { status: 'rejected', reason: body.reason },
    });
    return getAppropriation(tx, id);
  });
}
