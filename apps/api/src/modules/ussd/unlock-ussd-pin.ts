import type { FarmerUssd } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { ConflictError } from '../../platform/errors.ts';
import { farmerFor } from '../farmers/queries.ts';
import { farmerUssdOf } from './queries.ts';
import { farmerPins } from './schema.ts';

/**
 * Lifts the lock three wrong PINs put on a farmer's USSD service, keeping their PIN (#31): for a
 * farmer who knows it again. One who forgot it gets a new one (`issueUssdPin`). Audited.
 */
export async function unlockUssdPin(
  db: Db,
  actor: Actor,
  { farmerId }: { farmerId: string },
): Promise<FarmerUssd> {
  return db.transaction(async (tx) => {
    await farmerFor(tx, farmerId, actor);
    const before = await farmerUssdOf(tx, farmerId);
    if (before.status !== 'locked') throw new ConflictError('The service is not locked');
    await tx
      .update(farmerPins)
      .set({ failedAttempts: 0, lockedAt: null })
      .where(eq(farmerPins.farmerId, farmerId));
    const after = await farmerUssdOf(tx, farmerId);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'ussd_unlocked',
      entity: 'farmer',
      entityId: farmerId,
      before,
      after,
    });
    return after;
  });
}
