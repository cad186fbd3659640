import type { FarmerDetail, farmBody } from '@ushirika/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { explainConstraints } from '../../platform/constraints.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { farmerConstraints } from './duplicates.ts';
import { farmColumns } from './farm-values.ts';
import { farmerFor, getFarmer } from './queries.ts';
import { farms } from './schema.ts';

/** Changes one farm of a farmer of the actor's society (any, for union staff). */
export async function updateFarm(
  db: Db,
  actor: Actor,
  { farmerId, farmId, ...body }: Partial<z.output<typeof farmBody>> & { farmerId: string; farmId: string },
): Promise<FarmerDetail> {
  return explainConstraints(farmerConstraints, () =>
    db.transaction(async (tx) => {
      const before = await farmerFor(tx, farmerId, actor);
      const old = before.farms.find((f) => f.id === farmId);
      if (!old) throw new NotFoundError('Farm not found');
      await tx
        .update(farms)
        .set(farmColumns(body))
        .where(and(eq(farms.id, farmId), eq(farms.farmerId, farmerId)));
      const after = await getFarmer(tx, farmerId);
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'farm_updated',
        entity: 'farmer',
        entityId: farmerId,
        before: { farm: old },
        after: { farm: after.farms.find((f) => f.id === farmId) },
      });
      return after;
    }),
  );
}
