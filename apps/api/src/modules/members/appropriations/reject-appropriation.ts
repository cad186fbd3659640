import type { Appropriation, RejectAppropriationBody } from '@ushirika/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { rejectProposal } from '../../../platform/proposals.ts';
import { APPROPRIATION, lockProposal } from './approve-appropriation.ts';
import { getAppropriation } from './queries.ts';

/** The AGM (or the checker) rejects a proposal with a reason; nothing is posted; the year may be proposed again. */
export async function rejectAppropriation(
  db: DbOrTx,
  actor: Actor,
  { id, body }: { id: string; body: RejectAppropriationBody },
): Promise<Appropriation> {
  return db.transaction(async (tx) => {
    await lockProposal(tx, actor, id);
    await rejectProposal(tx, actor, APPROPRIATION, { id, reason: body.reason });
    return getAppropriation(tx, id);
  });
}
