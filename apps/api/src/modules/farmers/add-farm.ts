import type { FarmerDetail, farmBody } from '@ushirika/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { explainConstraints } from '../../platform/constraints.ts';
import { farmerConstraints } from './duplicates.ts';
import { farmValues } from './farm-values.ts';
import { farmerFor, getFarmer } from './queries.ts';
import { farms } from './schema.ts';

/** Adds a farm to a farmer of the actor's society (any, for union staff). */
export async function addFarm(
  db: Db,
  actor: Actor,
  { farmerId, ...farm }: z.output<typeof farmBody> & { farmerId: string },
): Promise<FarmerDetail> {
  return explainConstraints(farmerConstraints, () =>
    db.transaction(async (tx) => {
      const before = await farmerFor(tx, farmerId, actor);
      const [row] = await tx.insert(farms).values(farmValues(farmerId, farm)).returning({ id: farms.id });
      const after = await getFarmer(tx, farmerId);
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'farm_added',
        entity: 'farmer',
        entityId: farmerId,
        before: { farms: before.farms },
        after: { farm: after.farms.find((f) => f.id === row?.id) },
      });
      return after;
    }),
  );
}
