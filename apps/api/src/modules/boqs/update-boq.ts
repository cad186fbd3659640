import type { BoqDetail, UpdateBoqBody } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { explainConstraints } from '../../platform/constraints.ts';
import { boqConstraints, writeBoqItems } from './boq-items.ts';
import { getBoq } from './queries.ts';
import { boqs } from './schema.ts';

/** Changes a BOQ; its item list, when sent, is replaced as a whole, as the form edits it. */
export async function updateBoq(
  db: Db,
  actor: Actor,
  { id, items, ...fields }: UpdateBoqBody & { id: string },
): Promise<BoqDetail> {
  return explainConstraints(boqConstraints, () =>
    db.transaction(async (tx) => {
      const before = await getBoq(tx, id);
      if (Object.keys(fields).length > 0) await tx.update(boqs).set(fields).where(eq(boqs.id, id));
      if (items) await writeBoqItems(tx, id, items);
      const after = await getBoq(tx, id);
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'updated',
        entity: 'boq',
        entityId: id,
        before,
        after,
      });
      return after;
    }),
  );
}
