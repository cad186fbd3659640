import type { FarmBody, FarmerDetail, UpdateFarmerBody } from '@ushirika/contracts';
import { farmBody } from '@ushirika/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { explainConstraints } from '../../platform/constraints.ts';
import { ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { assertNoDuplicate, farmerConstraints } from './duplicates.ts';
import { farmColumns, farmValues } from './farm-values.ts';
import { getFarmer } from './queries.ts';
import { farmers, farms } from './schema.ts';

type Caller = Pick<Actor, 'userId' | 'amcosId'>;

/** Reads a farmer for a change, refusing another society's. */
async function farmerFor(tx: DbOrTx, id: string, actor: Caller) {
  const farmer = await getFarmer(tx, id);
  if (actor.amcosId && actor.amcosId !== farmer.amcosId)
    throw new ForbiddenError('This record belongs to another society');
  return farmer;
}

export async function updateFarmer(
  db: Db,
  { id, body, actor }: { id: string; body: UpdateFarmerBody; actor: Caller },
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

export async function addFarm(
  db: Db,
  { farmerId, body, actor }: { farmerId: string; body: FarmBody; actor: Caller },
): Promise<FarmerDetail> {
  const farm = farmBody.parse(body);
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

export async function updateFarm(
  db: Db,
  {
    farmerId,
    farmId,
    body,
    actor,
  }: { farmerId: string; farmId: string; body: Partial<z.infer<typeof farmBody>>; actor: Caller },
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
