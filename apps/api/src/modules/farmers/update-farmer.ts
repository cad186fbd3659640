import type { FarmerDetail, UpdateFarmerBody } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { explainConstraints } from '../../platform/constraints.ts';
import { assertNoDuplicate, farmerConstraints } from './duplicates.ts';
import { farmerFor, getFarmer } from './queries.ts';
import { farmers } from './schema.ts';

/** Changes a farmer's details; numbers and society stay. */
export async function updateFarmer(
  db: Db,
  actor: Actor,
  { id, ...body }: UpdateFarmerBody & { id: string },
): Promise<FarmerDetail> {
  return explainConstraints(farmerConstraints, () =>
    db.transaction(async (tx) => {
      const before = await farmerFor(tx, id, actor);
      await assertNoDuplicate(
        tx,
        { nationalId: body.nationalId, phone: body.phone },
        { exceptId: id, callerSociety: actor.amcosId },
      );
      await tx.update(farmers).set(body).where(eq(farmers.id, id));
      const after = await getFarmer(tx, id);
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'updated',
        entity: 'farmer',
        entityId: id,
        before,
        after,
      });
      return after;
    }),
  );
}
