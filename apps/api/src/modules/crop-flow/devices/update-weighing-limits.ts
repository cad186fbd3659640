import type { WeighingLimits } from '@ushirika/contracts';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ForbiddenError } from '../../../platform/errors.ts';
import { getWeighingLimits } from './queries.ts';
import { weighingLimits } from './schema.ts';

/** The AMCOS manager sets the society's weighing limits; devices get them at their next refresh. */
export async function updateWeighingLimits(
  db: Db,
  actor: Actor,
  input: WeighingLimits,
): Promise<WeighingLimits> {
  const amcosId = actor.amcosId;
  if (!amcosId) throw new ForbiddenError("A society's weighing limits are set by its manager");
  return db.transaction(async (tx) => {
    const before = await getWeighingLimits(tx, amcosId);
    const values = { ...input, updatedBy: actor.userId, updatedAt: new Date() };
    await tx
      .insert(weighingLimits)
      .values({ amcosId, ...values })
      .onConflictDoUpdate({ target: weighingLimits.amcosId, set: values });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'updated',
      entity: 'weighing_limits',
      entityId: amcosId,
      before,
      after: input,
    });
    return getWeighingLimits(tx, amcosId);
  });
}
