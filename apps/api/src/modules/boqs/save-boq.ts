import type { BoqDetail, createBoqBody, updateBoqBody } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { explainConstraints } from '../../platform/constraints.ts';
import { getBoq } from './queries.ts';
import { boqItems, boqs } from './schema.ts';

const constraints = {
  boqs_season_crop_id_season_crops_id_fk: {
    field: 'seasonCropId',
    message: 'The chosen season crop does not exist',
  },
  boq_items_quantity_check: { field: 'items', message: 'The quantity per acre must be more than 0' },
  boq_items_price_check: { field: 'items', message: 'A unit price cannot be negative' },
};
type Items = z.infer<typeof createBoqBody>['items'];

async function writeItems(tx: Tx, boqId: string, items: Items) {
  await tx.delete(boqItems).where(eq(boqItems.boqId, boqId));
  await tx.insert(boqItems).values(items.map((item, i) => ({ ...item, boqId, line: i + 1 })));
}

export async function createBoq(
  db: Db,
  { body, actorId }: { body: z.infer<typeof createBoqBody>; actorId: string },
): Promise<BoqDetail> {
  const { items, ...fields } = body;
  return explainConstraints(constraints, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(boqs)
        .values({ ...fields, createdBy: actorId })
        .returning({ id: boqs.id });
      if (!row) throw new Error('BOQ insert returned nothing');
      await writeItems(tx, row.id, items);
      const created = await getBoq(tx, row.id);
      await recordAudit(tx, { actorId, action: 'created', entity: 'boq', entityId: row.id, after: created });
      return created;
    }),
  );
}

/** The item list is replaced as a whole, as the form edits it. */
export async function updateBoq(
  db: Db,
  { id, body, actorId }: { id: string; body: z.infer<typeof updateBoqBody>; actorId: string },
): Promise<BoqDetail> {
  const { items, ...fields } = body;
  return explainConstraints(constraints, () =>
    db.transaction(async (tx) => {
      const before = await getBoq(tx, id);
      if (Object.keys(fields).length > 0) await tx.update(boqs).set(fields).where(eq(boqs.id, id));
      if (items) await writeItems(tx, id, items);
      const after = await getBoq(tx, id);
      await recordAudit(tx, { actorId, action: 'updated', entity: 'boq', entityId: id, before, after });
      return after;
    }),
  );
}
