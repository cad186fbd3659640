import type { BoqDetail, CreateBoqBody } from '@ushirika/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { explainConstraints } from '../../platform/constraints.ts';
import { boqConstraints, writeBoqItems } from './boq-items.ts';
import { getBoq } from './queries.ts';
import { boqs } from './schema.ts';

/** Writes a bill of quantities per acre for a season's crop, with its items. */
export async function createBoq(db: Db, actor: Actor, input: CreateBoqBody): Promise<BoqDetail> {
  const { items, ...fields } = input;
  return explainConstraints(boqConstraints, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(boqs)
        .values({ ...fields, createdBy: actor.userId })
        .returning({ id: boqs.id });
      if (!row) throw new Error('BOQ insert returned nothing');
      await writeBoqItems(tx, row.id, items);
      const created = await getBoq(tx, row.id);
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'created',
        entity: 'boq',
        entityId: row.id,
        after: created,
      });
      return created;
    }),
  );
}
