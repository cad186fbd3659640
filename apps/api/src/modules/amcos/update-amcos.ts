import type { AmcosDetail, UpdateAmcosBody } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { explainConstraints } from '../../platform/constraints.ts';
import { amcosConstraints } from './create-amcos.ts';
import { getAmcos } from './queries.ts';
import { amcos } from './schema.ts';

export async function updateAmcos(
  db: Db,
  actor: Actor,
  { id, location, ...fields }: UpdateAmcosBody & { id: string },
): Promise<AmcosDetail> {
  return explainConstraints(amcosConstraints, () =>
    db.transaction(async (tx) => {
      const before = await getAmcos(tx, id);
      const point =
        location === undefined
          ? {}
          : {
              latitude: location ? String(location.lat) : null,
              longitude: location ? String(location.lng) : null,
            };
      await tx
        .update(amcos)
        .set({ ...fields, ...point })
        .where(eq(amcos.id, id));
      const after = await getAmcos(tx, id);
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'updated',
        entity: 'amcos',
        entityId: id,
        before,
        after,
      });
      return after;
    }),
  );
}
