import type { createFarmerBody, FarmerDetail } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { explainConstraints } from '../../platform/constraints.ts';
import { ForbiddenError, fieldError } from '../../platform/errors.ts';
import { amcos } from '../amcos/schema.ts';
import { assertNoDuplicate, farmerConstraints } from './duplicates.ts';
import { farmValues } from './farm-values.ts';
import { farmerNumber, takeFarmerNumbers } from './numbering.ts';
import { getFarmer } from './queries.ts';
import { farmers, farms } from './schema.ts';

/** Registers a farmer (with any farms) and gives them the next number of their AMCOS. */
export async function createFarmer(
  db: Db,
  actor: Actor,
  { farms: farmBodies, amcosId: requested, ...fields }: z.output<typeof createFarmerBody>,
): Promise<FarmerDetail> {
  if (actor.amcosId && requested && requested !== actor.amcosId) {
    throw new ForbiddenError('You can register farmers of your own society only');
  }
  const amcosId = actor.amcosId ?? requested;
  if (!amcosId) throw fieldError('amcosId', 'Choose the AMCOS the farmer belongs to');
  return explainConstraints(farmerConstraints, () =>
    db.transaction(async (tx) => {
      const [society] = await tx
        .select({ code: amcos.code, status: amcos.status })
        .from(amcos)
        .where(eq(amcos.id, amcosId));
      if (!society) throw fieldError('amcosId', 'The chosen AMCOS does not exist');
      await assertNoDuplicate(tx, fields, { callerSociety: actor.amcosId });
      const { first } = await takeFarmerNumbers(tx, amcosId, 1);
      const [row] = await tx
        .insert(farmers)
        .values({ ...fields, amcosId, farmerNo: farmerNumber(society.code, first), createdBy: actor.userId })
        .returning({ id: farmers.id });
      if (!row) throw new Error('Farmer insert returned nothing');
      if (farmBodies.length > 0) await tx.insert(farms).values(farmBodies.map((f) => farmValues(row.id, f)));
      const created = await getFarmer(tx, row.id);
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'created',
        entity: 'farmer',
        entityId: row.id,
        after: created,
      });
      return created;
    }),
  );
}
